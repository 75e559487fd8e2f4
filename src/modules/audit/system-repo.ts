import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  type SQL,
  sql,
} from "drizzle-orm";
import type { ControlDb } from "../../db/client";
import { auditChainHeads, auditLog } from "../../db/control-schema";
import { tenantAuditLog } from "../../db/shard/audit";
import { type ShardDb, systemShardDb } from "../../db/system-db";
import { tenantWhere } from "../../db/tenant-tables";
import type { Env } from "../../env";
import { jsonArrayChunks } from "../../lib/json-chunks";
import type { AuditFilter, AuditRow, ChainRow, Seal } from "./repo";

/**
 * Reads of the logs that span tenants: the control log (operator actions, filtered by tenant
 * when one is named) and a shard's tenant logs for the operator.
 */

type Db = ControlDb | ShardDb;

function whereOf(t: typeof auditLog | typeof tenantAuditLog, filter: AuditFilter): SQL | undefined {
  return and(
    // An operator's optional tenant filter (the control log spans tenants).
    filter.tenantId ? tenantWhere({ tenantId: filter.tenantId }, t) : undefined,
    filter.action ? eq(t.action, filter.action) : undefined,
    filter.since ? gte(t.createdAt, filter.since) : undefined,
    filter.until ? lte(t.createdAt, filter.until) : undefined,
  );
}

/** Up to `take` entries newest first, older than `beforeId` when given (a cursor's position). */
async function readTable(
  db: Db,
  t: typeof auditLog | typeof tenantAuditLog,
  filter: AuditFilter,
  take: number,
  beforeId?: string,
) {
  const where = and(whereOf(t, filter), beforeId ? lt(t.id, beforeId) : undefined);
  return (await (db.select().from(t).where(where).orderBy(desc(t.id)).limit(take) as never)) as AuditRow[];
}

/** How many entries match (a first page's total). */
async function countTable(db: Db, t: typeof auditLog | typeof tenantAuditLog, filter: AuditFilter) {
  const [row] = (await (db.select({ n: count() }).from(t).where(whereOf(t, filter)) as never)) as {
    n: number;
  }[];
  return row?.n ?? 0;
}

export const controlSource = (db: ControlDb, filter: AuditFilter) => ({
  read: (take: number, beforeId?: string) => readTable(db, auditLog, filter, take, beforeId),
  count: () => countTable(db, auditLog, filter),
});

/** Every tenant's own entries on one shard: the operator's log (optionally filtered by tenant). */
export const shardSource = (env: Env, shard: number, filter: AuditFilter) => ({
  read: (take: number, beforeId?: string) =>
    readTable(systemShardDb(env, shard), tenantAuditLog, filter, take, beforeId),
  count: () => countTable(systemShardDb(env, shard), tenantAuditLog, filter),
});

/** The operator log's rows in log order, from place `fromSeq` on: up to `take` (chain/service.ts). */
export const controlChainRows = async (db: ControlDb, fromSeq: number, take: number) =>
  (await db
    .select()
    .from(auditLog)
    .where(gte(auditLog.seq, fromSeq))
    .orderBy(asc(auditLog.seq))
    .limit(take)) as ChainRow[];

/** The newest row of the operator log, sealed or not: where the next entry chains on. */
export const controlHead = (db: ControlDb) =>
  db
    .select({ seq: auditLog.seq, chainHash: auditLog.chainHash })
    .from(auditLog)
    .orderBy(desc(auditLog.seq))
    .limit(1)
    .get();

export const controlUnplacedRow = (db: ControlDb) =>
  db.select({ id: auditLog.id }).from(auditLog).where(isNull(auditLog.seq)).limit(1).get();

export async function sealControlRows(db: ControlDb, seals: Seal[]) {
  const [first, ...rest] = seals.map((s) =>
    db
      .update(auditLog)
      .set({ chainHash: s.chainHash, chainKey: s.chainKey })
      .where(and(eq(auditLog.id, s.id), isNull(auditLog.chainHash))),
  );
  if (first) await db.batch([first, ...rest]);
}

export const controlSealedHead = (db: ControlDb) =>
  db
    .select()
    .from(auditLog)
    .where(isNotNull(auditLog.chainHash))
    .orderBy(desc(auditLog.seq))
    .limit(1)
    .get() as Promise<ChainRow | undefined>;

/** Tenants on a shard with rows to seal (the partial index of 0045): up to `limit`. */
export const tenantsWithUnsealedRows = async (env: Env, shard: number, limit: number) =>
  (
    await systemShardDb(env, shard)
      .selectDistinct({ tenantId: tenantAuditLog.tenantId })
      .from(tenantAuditLog)
      .where(isNull(tenantAuditLog.chainHash))
      .limit(limit)
  ).map((r) => r.tenantId);

/** A log's anchored head (control 0016), if it was ever sealed since heads exist. */
export const findChainHead = (db: ControlDb, log: string) =>
  db.select().from(auditChainHeads).where(eq(auditChainHeads.log, log)).get();

export type ChainHead = typeof auditChainHeads.$inferSelect;

/**
 * Writes a log's anchored head unless the stored one is further on: `past` says how far (`gt`: a
 * seal moves the head forward only; `gte`: a re-chain rewrites it at the same place too).
 */
const upsertChainHead = (db: ControlDb, head: ChainHead, past: typeof gt | typeof gte) =>
  db
    .insert(auditChainHeads)
    .values(head)
    .onConflictDoUpdate({
      target: auditChainHeads.log,
      set: {
        seq: sql`excluded.seq`,
        hash: sql`excluded.hash`,
        anchor: sql`excluded.anchor`,
        anchorKey: sql`excluded.anchor_key`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: past(sql`excluded.seq`, auditChainHeads.seq),
    })
    .run();

/** Moves a log's head forward (never back: a slower sealer's older head is not written). */
export const advanceChainHead = (db: ControlDb, head: ChainHead) => upsertChainHead(db, head, gt);

// ---- a re-chain after a SECRETS_KEY rotation (chain/steps/rechain.ts) ---------------------------------

/** Whether the operator log holds a row chained under another key than `key`. */
export const controlLogStale = async (db: ControlDb, key: string) =>
  Boolean(
    await db.select({ id: auditLog.id }).from(auditLog).where(ne(auditLog.chainKey, key)).limit(1).get(),
  );

/** Tenants on a shard whose log holds a row chained under another key than `key` (a scan: rare). */
export const tenantsWithStaleRows = async (env: Env, shard: number, key: string) =>
  (
    await systemShardDb(env, shard)
      .selectDistinct({ tenantId: tenantAuditLog.tenantId })
      .from(tenantAuditLog)
      .where(ne(tenantAuditLog.chainKey, key))
  ).map((r) => r.tenantId);

/** Logs whose anchored head is under another key than `key`. */
export const staleChainHeads = async (db: ControlDb, key: string) =>
  (
    await db
      .select({ log: auditChainHeads.log })
      .from(auditChainHeads)
      .where(ne(auditChainHeads.anchorKey, key))
  ).map((r) => r.log);

/** The operator log's re-chained hashes in one batch (one UPDATE per JSON chunk). */
export async function rechainControlRows(db: ControlDb, rows: Seal[]) {
  const d1 = db.$client;
  const statements = jsonArrayChunks(rows.map((r) => [r.id, r.chainHash, r.chainKey])).map((chunk) =>
    d1
      .prepare(
        `UPDATE audit_log SET chain_hash = json_extract(j.value, '$[1]'), chain_key = json_extract(j.value, '$[2]')
         FROM json_each(?1) AS j WHERE audit_log.id = json_extract(j.value, '$[0]')`,
      )
      .bind(chunk),
  );
  if (statements.length > 0) await d1.batch(statements);
}

/** A re-chained log's head: its hash and anchor under the new key, at the same place or later. */
export const rewriteChainHead = (db: ControlDb, head: ChainHead) => upsertChainHead(db, head, gte);
