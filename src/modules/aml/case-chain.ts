import type { AmlCaseHistoryRow, AmlCaseRow } from "../../db/shard";
import type { TenantContext } from "../../db/tenant-context";
import { type Anchor, type AnchorKeys, anchorHead, anchorKeysFrom, checkAnchor } from "../../lib/case-anchor";
import { GENESIS_HASH, verifyChain } from "../../lib/hash-chain";
import { type HistoryFields, historyContent, snapshotOf } from "./domain/history";

/** The hashed fields of a stored history entry. */
export const fieldsOf = (row: AmlCaseHistoryRow): HistoryFields => ({
  id: row.id,
  tenantId: row.tenantId,
  caseId: row.caseId,
  sequence: row.sequence,
  eventType: row.eventType,
  fromStatus: row.fromStatus,
  toStatus: row.toStatus,
  actorType: row.actorType,
  actorId: row.actorId,
  actorName: row.actorName,
  actorKeyId: row.actorKeyId,
  note: row.note,
  createdAt: row.createdAt,
});

/**
 * The anchor of a case whose history ends at (sequence, hash) (src/lib/case-anchor.ts). Throws
 * when SECRETS_KEY is missing: nothing is written without its anchor.
 */
export async function anchorFor(
  ctx: TenantContext,
  caseId: string,
  sequence: number,
  hash: string,
): Promise<Anchor> {
  const keys = await anchorKeysFrom(ctx.env.SECRETS_KEY);
  return anchorHead(keys, {
    kind: "aml",
    tenantId: ctx.tenantId,
    caseId,
    lastSequence: sequence,
    headHash: hash,
  });
}

/**
 * Recomputes the history's chain from genesis (the `created` entry covers the case's immutable
 * fields) and checks the case's anchor against the history's last entry. anchorValid is null
 * for cases written before anchors existed; chainValid is false when the anchor does not match.
 */
export const verifyHistory = (ctx: TenantContext, row: AmlCaseRow, history: AmlCaseHistoryRow[]) =>
  checkHistory(row, history, () => anchorKeysFrom(ctx.env.SECRETS_KEY));

/**
 * The check itself, over a case row and its history as loaded (in sequence order). Shared by
 * reads and the re-anchor sweep after a key rotation (case-reanchor.ts), so there is one verifier.
 * Keys are loaded only when an anchor is there to check.
 */
export async function checkHistory(
  row: AmlCaseRow,
  history: AmlCaseHistoryRow[],
  anchorKeys: () => Promise<AnchorKeys>,
) {
  const snapshot = snapshotOf(row);
  const chain = await verifyChain(
    history.map((h) => ({ hash: h.hash, content: historyContent(fieldsOf(h), snapshot) })),
  );
  const stored = { anchor: row.headAnchor, keyId: row.headAnchorKeyId };
  const anchorValid =
    stored.anchor === null && stored.keyId === null
      ? null
      : await checkAnchor(
          await anchorKeys(),
          {
            kind: "aml",
            tenantId: row.tenantId,
            caseId: row.id,
            lastSequence: history.length,
            headHash: history.at(-1)?.hash ?? GENESIS_HASH,
          },
          stored,
        );
  const gapless = history.every((h, i) => h.sequence === i + 1);
  return { chainValid: chain.valid && gapless && anchorValid !== false, anchorValid };
}
