import { and, asc, eq, sql } from "drizzle-orm";
import { pageSweeper, staleAfter, tallyAnchors } from "../../../db/reanchor-page";
import { fraudCaseEvents, fraudCaseHeads, fraudCases } from "../../../db/shard/fraud";
import type { ShardDb } from "../../../db/system-db";
import { checkCaseLog } from "./service";

/**
 * Re-anchor sweep for fraud case heads after a SECRETS_KEY rotation (called by the operator's
 * reseal, src/modules/admin/reseal/service.ts). Maintenance across the tenants of one shard, so
 * it reads the tables directly; every update names its tenant and case.
 */

/** How many anchored heads name each key id. */
export const tallyFraudAnchors = (db: ShardDb) => tallyAnchors(db, fraudCaseHeads);

/**
 * One page of heads anchored under `staleKeyIds` (after `afterId`, by case id): each case is
 * verified by the verify endpoint's own check over the log its head names, and only a valid one
 * gets the current key's anchor. The update is guarded by the head as read (sequence, hash, old
 * anchor): a head moved by a concurrent append is left to that append, which anchors it anyway.
 * Three statements at most: the page, its events, one batch of updates (one per valid case).
 */
export const reanchorFraudPage = pageSweeper({
  kind: "fraud",
  readPage: (db, staleKeyIds, afterId, limit) =>
    db
      .select({ case: fraudCases, head: fraudCaseHeads })
      .from(fraudCaseHeads)
      .innerJoin(
        fraudCases,
        and(eq(fraudCases.id, fraudCaseHeads.caseId), eq(fraudCases.tenantId, fraudCaseHeads.tenantId)),
      )
      .where(staleAfter(fraudCaseHeads, fraudCaseHeads.caseId, staleKeyIds, afterId))
      .orderBy(asc(fraudCaseHeads.caseId))
      .limit(limit),
  ids: ({ head }) => ({ tenantId: head.tenantId, caseId: head.caseId }),
  // Every event of the page in one statement: the ids travel as one JSON parameter.
  readLogs: (db, found) => {
    const ids = JSON.stringify(found.map((f) => f.head.caseId));
    return db
      .select()
      .from(fraudCaseEvents)
      .where(sql`${fraudCaseEvents.caseId} IN (SELECT value FROM json_each(${ids}))`)
      .orderBy(asc(fraudCaseEvents.caseId), asc(fraudCaseEvents.eventSequence));
  },
  entryCaseId: (e) => e.caseId,
  verify: async (found, events, keys) => {
    const { head } = found;
    // The log as of the head read above: an event appended since belongs to a newer head.
    const log = events.filter((e) => e.tenantId === head.tenantId && e.eventSequence <= head.lastSequence);
    const checked = await checkCaseLog(found, log, async () => keys);
    const valid =
      checked.valid &&
      checked.anchorValid === true &&
      checked.eventCount === head.lastSequence &&
      checked.headHash === head.headHash;
    return valid ? { lastSequence: head.lastSequence, headHash: head.headHash } : null;
  },
  update: (db, { head }, anchor) =>
    db
      .update(fraudCaseHeads)
      .set({ headAnchor: anchor.anchor, headAnchorKeyId: anchor.keyId })
      .where(
        and(
          eq(fraudCaseHeads.tenantId, head.tenantId),
          eq(fraudCaseHeads.caseId, head.caseId),
          eq(fraudCaseHeads.lastSequence, head.lastSequence),
          eq(fraudCaseHeads.headHash, head.headHash),
          eq(fraudCaseHeads.headAnchor, head.headAnchor as string),
          eq(fraudCaseHeads.headAnchorKeyId, head.headAnchorKeyId as string),
        ),
      )
      .returning({ caseId: fraudCaseHeads.caseId }),
});
