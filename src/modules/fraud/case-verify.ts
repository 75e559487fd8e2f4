import type { TenantScope } from "../../db/client";
import type { FraudCaseEventRow } from "../../db/shard";
import { type AnchorKeys, checkAnchor } from "../../lib/case-anchor";
import { GENESIS_HASH, verifyChain } from "../../lib/hash-chain";
import { eventContent } from "./case-log";
import * as repo from "./repo";

/**
 * Recomputes the chain from genesis, over the case row and every event in sequence order, and
 * checks the head's anchor (src/lib/case-anchor.ts) against the log's last event. The chain
 * alone only shows the log is consistent with itself; the anchor shows its head is one the
 * service wrote. `anchorValid` is null for cases written before anchors existed (no anchor).
 * Keys are loaded only when an anchor is there to check, and their absence then fails closed.
 */
export async function verifyCaseLog(
  scope: TenantScope,
  caseId: string,
  anchorKeys: () => Promise<AnchorKeys>,
) {
  const found = await repo.findCase(scope, caseId);
  if (!found) return undefined;
  return checkCaseLog(found, await repo.allEvents(scope, caseId), anchorKeys);
}

/**
 * The check itself, over a case and its events as loaded (in sequence order). Shared by the
 * verify endpoint and the re-anchor sweep after a key rotation (case-reanchor.ts), so there is
 * one verifier.
 */
export async function checkCaseLog(
  { case: row, head }: repo.CaseWithHead,
  events: FraudCaseEventRow[],
  anchorKeys: () => Promise<AnchorKeys>,
) {
  const gapless = events.every((e, i) => e.eventSequence === i + 1);
  const result = await verifyChain(events.map((e) => ({ hash: e.hash, content: eventContent(e, row) })));
  const linked = events.every((e, i) => e.previousHash === (i ? events[i - 1].hash : GENESIS_HASH));
  const stored = { anchor: head.headAnchor, keyId: head.headAnchorKeyId };
  const anchorValid =
    stored.anchor === null && stored.keyId === null
      ? null
      : await checkAnchor(
          await anchorKeys(),
          {
            kind: "fraud",
            tenantId: row.tenantId,
            caseId: row.id,
            lastSequence: events.length,
            headHash: events.at(-1)?.hash ?? GENESIS_HASH,
          },
          stored,
        );
  return {
    valid: result.valid && gapless && linked && anchorValid !== false,
    eventCount: events.length,
    headHash: result.valid ? result.headHash : (events.at(-1)?.hash ?? GENESIS_HASH),
    firstInvalidSequence:
      result.firstInvalidIndex !== undefined ? events[result.firstInvalidIndex].eventSequence : null,
    anchorValid,
  };
}
