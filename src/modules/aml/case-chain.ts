import type { AmlCaseHistoryRow, AmlCaseRow } from "../../db/shard";
import type { TenantContext } from "../../db/tenant-context";
import { type Anchor, anchorHead, anchorKeysFrom, checkAnchor } from "../../lib/case-anchor";
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
export async function verifyHistory(ctx: TenantContext, row: AmlCaseRow, history: AmlCaseHistoryRow[]) {
  const snapshot = snapshotOf(row);
  const chain = await verifyChain(
    history.map((h) => ({ hash: h.hash, content: historyContent(fieldsOf(h), snapshot) })),
  );
  const stored = { anchor: row.headAnchor, keyId: row.headAnchorKeyId };
  const anchorValid =
    stored.anchor === null && stored.keyId === null
      ? null
      : await checkAnchor(
          await anchorKeysFrom(ctx.env.SECRETS_KEY),
          {
            kind: "aml",
            tenantId: ctx.tenantId,
            caseId: row.id,
            lastSequence: history.length,
            headHash: history.at(-1)?.hash ?? GENESIS_HASH,
          },
          stored,
        );
  const gapless = history.every((h, i) => h.sequence === i + 1);
  return { chainValid: chain.valid && gapless && anchorValid !== false, anchorValid };
}
