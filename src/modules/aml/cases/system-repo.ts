import { and, asc, eq, sql } from "drizzle-orm";
import { pageSweeper, staleAfter, tallyAnchors } from "../../../db/reanchor-page";
import { amlCaseHistory, amlCases } from "../../../db/shard/aml";
import type { ShardDb } from "../../../db/system-db";
import { GENESIS_HASH } from "../../../lib/hash-chain";
import { checkHistory } from "./service";

/**
 * Re-anchor sweep for AML cases after a SECRETS_KEY rotation (called by the operator's reseal,
 * src/modules/admin/reseal/service.ts). Maintenance across the tenants of one shard, so it reads
 * the tables directly; every update names its tenant and case.
 */

/** How many anchored cases name each key id. */
export const tallyAmlAnchors = (db: ShardDb) => tallyAnchors(db, amlCases);

/**
 * One page of cases anchored under `staleKeyIds` (after `afterId`, by id): each is verified by
 * the same check as a read of the case, over the history its event_count names, and only a
 * valid one gets the current key's anchor. The update is guarded by the case as read (event
 * count and old anchor): a transition in between anchors the case itself. Three statements at
 * most: the page, its history, one batch of updates (one per valid case).
 */
export const reanchorAmlPage = pageSweeper({
  kind: "aml",
  readPage: (db, staleKeyIds, afterId, limit) =>
    db
      .select()
      .from(amlCases)
      .where(staleAfter(amlCases, amlCases.id, staleKeyIds, afterId))
      .orderBy(asc(amlCases.id))
      .limit(limit),
  ids: (row) => ({ tenantId: row.tenantId, caseId: row.id }),
  // The history of every case of the page in one statement: (tenant, case) pairs as one JSON
  // parameter, matched as row values so the (tenant_id, case_id, sequence) index serves it.
  readLogs: (db, rows) => {
    const pairs = JSON.stringify(rows.map((r) => [r.tenantId, r.id]));
    return db
      .select()
      .from(amlCaseHistory)
      .where(
        sql`(${amlCaseHistory.tenantId}, ${amlCaseHistory.caseId}) IN
          (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(${pairs}))`,
      )
      .orderBy(asc(amlCaseHistory.caseId), asc(amlCaseHistory.sequence));
  },
  entryCaseId: (h) => h.caseId,
  verify: async (row, history, keys) => {
    // The history as of the row read above: an entry appended since belongs to a newer head.
    const entries = history.filter((h) => h.sequence <= row.eventCount);
    const checked = await checkHistory(row, entries, async () => keys);
    if (!checked.chainValid || checked.anchorValid !== true || entries.length !== row.eventCount) return null;
    return { lastSequence: row.eventCount, headHash: entries.at(-1)?.hash ?? GENESIS_HASH };
  },
  update: (db, row, anchor) =>
    db
      .update(amlCases)
      .set({ headAnchor: anchor.anchor, headAnchorKeyId: anchor.keyId })
      .where(
        and(
          eq(amlCases.tenantId, row.tenantId),
          eq(amlCases.id, row.id),
          eq(amlCases.eventCount, row.eventCount),
          eq(amlCases.headAnchor, row.headAnchor as string),
          eq(amlCases.headAnchorKeyId, row.headAnchorKeyId as string),
        ),
      )
      .returning({ id: amlCases.id }),
});
