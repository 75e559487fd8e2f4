import { type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { jsonRowsTemplate } from "../../../db/json-rows";
import { type PeerStatsRunRow, peerGroupStats, peerStatsRuns } from "../../../db/shard/data";
import { likelyTenantSql, sameTenantText, tenantSql } from "../../../db/tenant-tables";
import { FAILED_STATUS_LIST, TX_IS_CASH } from "../read-model";

/** Which entities the peer statistics describe (the holders the "unusual" rules judge most). */
export type PeerEntityType = "customer" | "account";

/** One entity's attributes (what places it in its groups) and its features, as a page answers them. */
export interface FeatureRow {
  id: string;
  type: string | null;
  segment: string | null;
  tier: string | null;
  count30: number;
  volume30: number;
  maxAmount30: number;
  senders30: number;
  receivers30: number;
  cash30: number;
  count7: number;
  volume7: number;
  counterparties7: number;
}

const counterparty = "coalesce(t.counterparty_account, t.counterparty_name)";

/** customer: (type, vertical, risk level); account: (account type, the customer's vertical, its type). */
const SHAPES: Record<PeerEntityType, { key: string; index: string; attributes: string; join: string }> = {
  customer: {
    key: "t.customer_id",
    index: "transactions_customer_idx",
    attributes: "c.type AS type, c.vertical AS segment, c.risk_level AS tier",
    join: `JOIN customers c ON c.id = t.customer_id AND ${sameTenantText("c", "t")}`,
  },
  account: {
    key: "t.account_id",
    index: "transactions_account_idx",
    attributes: "a.type AS type, c.vertical AS segment, c.type AS tier",
    join:
      `JOIN accounts a ON a.id = t.account_id AND ${sameTenantText("a", "t")} ` +
      `JOIN customers c ON c.id = a.customer_id AND ${sameTenantText("c", "t")}`,
  },
};

/**
 * The features of the next `size` active entities after `after` (key order), over the 30 days
 * to `asOf` (and the 7 days to it): one grouped statement walking the entity index in order, so
 * a page stops after `size` groups whatever the tenant's size. Money moved only (failed statuses out).
 */
export function featurePage(
  scope: TenantScope,
  q: { entityType: PeerEntityType; after: string; asOf: string; from30: string; from7: string; size: number },
) {
  const s = SHAPES[q.entityType];
  const recent: SQL = sql`t.transaction_date > ${q.from7}`;
  return scope.db.all<FeatureRow>(sql`
    SELECT ${sql.raw(s.key)} AS id, ${sql.raw(s.attributes)},
      count(*) AS count30,
      sum(abs(t.amount_minor)) AS volume30,
      max(abs(t.amount_minor)) AS maxAmount30,
      count(DISTINCT CASE WHEN t.type = 'credit' THEN ${sql.raw(counterparty)} END) AS senders30,
      count(DISTINCT CASE WHEN t.type = 'debit' THEN ${sql.raw(counterparty)} END) AS receivers30,
      sum(CASE WHEN ${sql.raw(TX_IS_CASH)} THEN abs(t.amount_minor) ELSE 0 END) AS cash30,
      sum(CASE WHEN ${recent} THEN 1 ELSE 0 END) AS count7,
      sum(CASE WHEN ${recent} THEN abs(t.amount_minor) ELSE 0 END) AS volume7,
      count(DISTINCT CASE WHEN ${recent} THEN ${sql.raw(counterparty)} END) AS counterparties7
    FROM transactions t INDEXED BY ${sql.raw(s.index)} ${sql.raw(s.join)}
    WHERE ${tenantSql(scope, "t")} AND ${sql.raw(s.key)} > ${q.after}
      AND t.transaction_date > ${q.from30} AND t.transaction_date <= ${q.asOf}
      AND (t.status = 'completed' OR t.status NOT IN (${FAILED_STATUS_LIST}))
    GROUP BY ${sql.raw(s.key)} ORDER BY ${sql.raw(s.key)} LIMIT ${Math.floor(q.size)}`);
}

/** The tenant's latest transaction date (not after `now`) and its transaction count. */
export async function activity(scope: TenantScope, now: string) {
  const [row] = await scope.db.all<{ latest: string | null; n: number | null }>(sql`
    SELECT (SELECT max(t.transaction_date) FROM transactions t
        WHERE ${tenantSql(scope, "t")} AND t.transaction_date <= ${now}) AS latest,
      (SELECT c.n FROM data_row_counts c WHERE ${tenantSql(scope, "c")} AND c.table_name = 'transactions') AS n`);
  return { latest: row?.latest ?? null, transactions: row?.n ?? 0 };
}

export const lastRun = (scope: TenantScope): Promise<PeerStatsRunRow | undefined> =>
  scope.db.select().from(peerStatsRuns).get();

const statRows = jsonRowsTemplate(peerGroupStats);

export type StoredNorm = {
  peerGroup: string;
  members: number;
  stats: string;
  asOf: string;
  computedAt: string;
};

/** The tenant's groups replaced as a whole, with its run row, in one batch (one transaction). */
export async function replaceStats(
  scope: TenantScope,
  rows: readonly StoredNorm[],
  run: Omit<PeerStatsRunRow, "tenantId">,
) {
  await scope.db.batch([
    scope.db.delete(peerGroupStats).where(),
    ...statRows(scope, rows),
    scope.db
      .insert(peerStatsRuns)
      .values(run)
      .onConflictDoUpdate({
        target: peerStatsRuns.tenantId,
        set: {
          computedAt: sql`excluded.computed_at`,
          asOf: sql`excluded.as_of`,
          throughTransactions: sql`excluded.through_transactions`,
          entities: sql`excluded.entities`,
          groups: sql`excluded.groups`,
          durationMs: sql`excluded.duration_ms`,
        },
      }),
  ]);
}

export interface StoredGroupRow {
  id: string;
  peerGroup: string;
  members: number;
  stats: string;
  asOf: string;
  /** 1: the entity's finest group (type, segment, tier); 2: (type, segment); 3: its type. */
  level: number;
}

/** A group key's part in SQL, as domain/peer-stats.ts groupKeys writes it. */
const part = (column: string) => `coalesce(nullif(lower(trim(${column})), ''), '-')`;

/** Each entity's key parts: (type, segment, tier) as the feature pages read them. */
const KEY_SOURCES: Record<
  PeerEntityType,
  { from: string; id: string; type: string; segment: string; tier: string }
> = {
  customer: { from: "customers c", id: "c.id", type: "c.type", segment: "c.vertical", tier: "c.risk_level" },
  account: {
    from: `accounts a JOIN customers c ON c.id = a.customer_id AND ${sameTenantText("c", "a")}`,
    id: "a.id",
    type: "a.type",
    segment: "c.vertical",
    tier: "c.type",
  },
};

/**
 * The stored groups of these entities (up to three rows each: its groups from the finest), in one
 * statement: each entity's keys written in SQL, joined to the tenant's groups by key.
 */
export function storedGroupsOf(scope: TenantScope, entityType: PeerEntityType, ids: readonly string[]) {
  const k = KEY_SOURCES[entityType];
  const alias = entityType === "customer" ? "c" : "a";
  const base = `'${entityType}|' || ${part(k.type)}`;
  const segment = `${base} || '|' || ${part(k.segment)}`;
  const finest = `${segment} || '|' || ${part(k.tier)}`;
  return scope.db.all<StoredGroupRow>(sql`
    SELECT e.id AS id, s.peer_group AS peerGroup, s.members AS members, s.stats AS stats, s.as_of AS asOf,
      CASE s.peer_group WHEN e.k1 THEN 1 WHEN e.k2 THEN 2 ELSE 3 END AS level
    FROM (SELECT ${sql.raw(k.id)} AS id, ${sql.raw(`${alias}.tenant_id`)} AS tenant_id, ${sql.raw(finest)} AS k1,
            ${sql.raw(segment)} AS k2, ${sql.raw(base)} AS k3
          FROM ${sql.raw(k.from)}
          WHERE ${likelyTenantSql(scope, alias)} AND ${sql.raw(k.id)} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))) e
    JOIN peer_group_stats s ON ${sql.raw(sameTenantText("s", "e"))} AND s.peer_group IN (e.k1, e.k2, e.k3)`);
}
