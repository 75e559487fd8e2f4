import { and, asc, count, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { ShardDb } from "../../db/client";
import { type FraudCaseEventRow, fraudCaseEvents, fraudCaseHeads, fraudCases } from "../../db/shard";
import { type AnchorKeys, anchorHead } from "../../lib/case-anchor";
import { type AnchorTally, logInvalidCase, type SweepPage } from "../../lib/reanchor";
import { checkCaseLog } from "./case-verify";

/**
 * Re-anchor sweep for fraud case heads after a SECRETS_KEY rotation (called by the operator's
 * reseal, src/modules/admin/case-anchors.ts). Maintenance across the tenants of one shard, so
 * it reads the tables directly; every update names its tenant and case.
 */

/** How many anchored heads name each key id. */
export const tallyFraudAnchors = (db: ShardDb): Promise<AnchorTally> =>
  db
    .select({ keyId: fraudCaseHeads.headAnchorKeyId, n: count() })
    .from(fraudCaseHeads)
    .where(isNotNull(fraudCaseHeads.headAnchor))
    .groupBy(fraudCaseHeads.headAnchorKeyId);

/**
 * One page of heads anchored under `staleKeyIds` (after `afterId`, by case id): each case is
 * verified by the verify endpoint's own check over the log its head names, and only a valid one
 * gets the current key's anchor. The update is guarded by the head as read (sequence, hash, old
 * anchor): a head moved by a concurrent append is left to that append, which anchors it anyway.
 * Three statements at most: the page, its events, one batch of updates (one per valid case).
 */
export async function reanchorFraudPage(
  db: ShardDb,
  shard: number,
  keys: AnchorKeys,
  staleKeyIds: string[],
  afterId: string,
  limit: number,
): Promise<SweepPage> {
  const found = await db
    .select({ case: fraudCases, head: fraudCaseHeads })
    .from(fraudCaseHeads)
    .innerJoin(
      fraudCases,
      and(eq(fraudCases.id, fraudCaseHeads.caseId), eq(fraudCases.tenantId, fraudCaseHeads.tenantId)),
    )
    .where(
      and(
        isNotNull(fraudCaseHeads.headAnchor),
        inArray(fraudCaseHeads.headAnchorKeyId, staleKeyIds),
        gt(fraudCaseHeads.caseId, afterId),
      ),
    )
    .orderBy(asc(fraudCaseHeads.caseId))
    .limit(limit);
  const page: SweepPage = {
    seen: found.length,
    lastId: found.at(-1)?.head.caseId ?? afterId,
    reanchored: 0,
    invalid: 0,
    statements: 1,
  };
  if (found.length === 0) return page;

  // Every event of the page in one statement: the ids travel as one JSON parameter.
  const ids = JSON.stringify(found.map((f) => f.head.caseId));
  const events = await db
    .select()
    .from(fraudCaseEvents)
    .where(sql`${fraudCaseEvents.caseId} IN (SELECT value FROM json_each(${ids}))`)
    .orderBy(asc(fraudCaseEvents.caseId), asc(fraudCaseEvents.eventSequence));
  page.statements++;
  const byCase = new Map<string, FraudCaseEventRow[]>();
  for (const e of events) {
    const log = byCase.get(e.caseId);
    if (log) log.push(e);
    else byCase.set(e.caseId, [e]);
  }

  const updates = [];
  for (const f of found) {
    const { head } = f;
    // The log as of the head read above: an event appended since belongs to a newer head.
    const log = (byCase.get(head.caseId) ?? []).filter(
      (e) => e.tenantId === head.tenantId && e.eventSequence <= head.lastSequence,
    );
    const checked = await checkCaseLog(f, log, async () => keys);
    if (
      !checked.valid ||
      checked.anchorValid !== true ||
      checked.eventCount !== head.lastSequence ||
      checked.headHash !== head.headHash
    ) {
      page.invalid++;
      logInvalidCase("fraud", shard, head.tenantId, head.caseId);
      continue;
    }
    const anchor = await anchorHead(keys, {
      kind: "fraud",
      tenantId: head.tenantId,
      caseId: head.caseId,
      lastSequence: head.lastSequence,
      headHash: head.headHash,
    });
    updates.push(
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
    );
  }
  if (updates.length > 0) {
    const written = await db.batch(updates as [(typeof updates)[number], ...typeof updates]);
    page.reanchored = written.reduce((n, rows) => n + rows.length, 0);
    page.statements += updates.length;
  }
  return page;
}
