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

/**
 * customer: (type, vertical, risk level); account: (account type, the customer's vertical, its
 * type). `from` is walked in key order by the tenant's (tenant_id, id) index.
 */
const SHAPES: Record<
  PeerEntityType,
  { key: string; from: string; index: string; attributes: string; on: string }
> = {
  customer: {
    key: "c.id",
    from: "customers c INDEXED BY customers_tenant_id_uq",
    index: "transactions_customer_idx",
    attributes: "c.type AS type, c.vertical AS segment, c.risk_level AS tier",
    on: "t.customer_id = c.id",
  },
  account: {
    key: "a.id",
    from:
      "accounts a INDEXED BY accounts_tenant_id_uq " +
      `JOIN customers c ON c.id = a.customer_id AND ${sameTenantText("c", "a")}`,
    index: "transactions_account_idx",
    attributes: "a.type AS type, c.vertical AS segment, c.type AS tier",
    on: "t.account_id = a.id",
  },
};

/**
 * The features of the next `size` entities after `after` (key order), over the 30 days to `asOf`
 * (and the 7 days to it). One statement: the tenant's entities walked in key order, each joined
 * to its transactions of the window by one index range (entity, date), so a page reads the
 * window's rows of its entities and nothing of their older history, and stops after `size`
 * groups. Every entity of the page has a row (count30 0: no money moved in the window), so the
 * caller pages on by the last row's id. Money moved only (failed statuses out).
 */
export function featurePage(
  scope: TenantScope,
  q: { entityType: PeerEntityType; after: string; asOf: string; from30: string; from7: string; size: number },
) {
  const s = SHAPES[q.entityType];
  const alias = q.entityType === "customer" ? "c" : "a";
  const recent: SQL = sql`t.transaction_date > ${q.from7}`;
  return scope.db.all<FeatureRow>(sql`
    SELECT ${sql.raw(s.key)} AS id, ${sql.raw(s.attributes)},
      count(t.id) AS count30,
      coalesce(sum(abs(t.amount_minor)), 0) AS volume30,
      coalesce(max(abs(t.amount_minor)), 0) AS maxAmount30,
      count(DISTINCT CASE WHEN t.type = 'credit' THEN ${sql.raw(counterparty)} END) AS senders30,
      count(DISTINCT CASE WHEN t.type = 'debit' THEN ${sql.raw(counterparty)} END) AS receivers30,
      coalesce(sum(CASE WHEN ${sql.raw(TX_IS_CASH)} THEN abs(t.amount_minor) ELSE 0 END), 0) AS cash30,
      coalesce(sum(CASE WHEN ${recent} THEN 1 ELSE 0 END), 0) AS count7,
      coalesce(sum(CASE WHEN ${recent} THEN abs(t.amount_minor) ELSE 0 END), 0) AS volume7,
      count(DISTINCT CASE WHEN ${recent} THEN ${sql.raw(counterparty)} END) AS counterparties7
    FROM ${sql.raw(s.from)}
    LEFT JOIN transactions t INDEXED BY ${sql.raw(s.index)}
      ON ${sql.raw(sameTenantText("t", alias))} AND ${sql.raw(s.on)}
        AND t.transaction_date > ${q.from30} AND t.transaction_date <= ${q.asOf}
        AND (t.status = 'completed' OR t.status NOT IN (${FAILED_STATUS_LIST}))
    WHERE ${tenantSql(scope, alias)} AND ${sql.raw(s.key)} > ${q.after}
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
    // By id: without the hint the planner scans the accounts (with accounts_tenant_id_uq, 0070).
    from: `accounts a INDEXED BY sqlite_autoindex_accounts_1 JOIN customers c ON c.id = a.customer_id AND ${sameTenantText("c", "a")}`,
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
