import { type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import type { EntityFeatures } from "./domain/features";
import type { AmlEntityType } from "./domain/rules";
import { type Thresholds, toMinorUnits } from "./domain/thresholds";

/**
 * Set-based feature queries: one statement per rule family, grouped by entity, so the same
 * five statements serve one entity (evaluate: `entityId` set) or every entity of the tenant
 * (backtest). Sliding windows use SQL window functions over epoch seconds.
 */
export interface FeatureQuery {
  entityType: AmlEntityType;
  entityId?: string;
  windowStart: string;
  windowEnd: string;
  thresholds: Thresholds;
  highRiskCountries: string[];
  homeCountry: string;
}

/** How transactions are attributed to an entity (fixed SQL, never user input). */
const ENTITY_KEY: Record<AmlEntityType, SQL> = {
  customer: sql.raw("t.customer_id"),
  account: sql.raw("t.account_id"),
  agent: sql.raw("t.agent_id"),
  merchant: sql.raw("t.merchant_name"),
  counterparty: sql.raw("coalesce(t.counterparty_account, t.counterparty_name)"),
};

/** The "other party" for fan-in/fan-out. */
const OTHER_PARTY: Record<AmlEntityType, SQL> = {
  customer: sql.raw("coalesce(t.counterparty_account, t.counterparty_name)"),
  account: sql.raw("coalesce(t.counterparty_account, t.counterparty_name)"),
  counterparty: sql.raw("t.customer_id"),
  agent: sql.raw("NULL"),
  merchant: sql.raw("NULL"),
};

const IGNORED_STATUSES = sql.raw("('failed', 'reversed', 'cancelled', 'declined', 'rejected')");
const CASH = sql.raw("lower(coalesce(t.channel, '')) = 'cash'");
const EPOCH = sql.raw("CAST(strftime('%s', t.transaction_date) AS INTEGER)");
const DORMANCY_LOOKBACK_DAYS = 3 * 365;

/** Integers inlined into window frames (SQLite wants constants there); validated numbers only. */
const int = (n: number): SQL => sql.raw(String(Math.max(0, Math.floor(n))));

function where(scope: TenantScope, q: FeatureQuery, from = q.windowStart): SQL {
  const key = ENTITY_KEY[q.entityType];
  return sql`t.tenant_id = ${scope.tenantId} AND t.transaction_date >= ${from} AND t.transaction_date <= ${q.windowEnd}
    AND lower(t.status) NOT IN ${IGNORED_STATUSES} AND ${key} IS NOT NULL
    ${q.entityId === undefined ? sql`` : sql`AND ${key} = ${q.entityId}`}`;
}

interface AggregateRow {
  entity_id: string;
  tx_count: number;
  volume: number;
  max_cash: number | null;
  large_cash_count: number;
  cash_volume: number;
  geo_count: number;
  geo_volume: number;
  geo_countries: string | null;
  round_eligible: number;
  round_count: number;
  fan_in: number;
  fan_in_volume: number;
  fan_out: number;
  fan_out_volume: number;
  xb_max: number | null;
  xb_count: number;
  xb_countries: string | null;
  declared: string | null;
}

function aggregates(scope: TenantScope, q: FeatureQuery) {
  const t = q.thresholds;
  const key = ENTITY_KEY[q.entityType];
  const other = OTHER_PARTY[q.entityType];
  const geo = sql`upper(t.counterparty_country) IN (SELECT value FROM json_each(${JSON.stringify(q.highRiskCountries)}))`;
  const xb = sql`t.counterparty_country IS NOT NULL AND upper(t.counterparty_country) <> ${q.homeCountry}`;
  const unit = toMinorUnits(t.roundAmountUnit);
  const joinsCustomer = q.entityType === "customer" || q.entityType === "account";
  return scope.db.all<AggregateRow>(sql`
    SELECT a.*, ${
      joinsCustomer
        ? sql`(SELECT coalesce(json_extract(c.business_info, '$.industry'), c.vertical) FROM customers c
              WHERE c.tenant_id = ${scope.tenantId} AND c.id = a.customer_id)`
        : sql`NULL`
    } AS declared
    FROM (
      SELECT ${key} AS entity_id, max(t.customer_id) AS customer_id,
        count(*) AS tx_count, sum(t.amount_minor) AS volume,
        max(CASE WHEN ${CASH} THEN t.amount_minor END) AS max_cash,
        sum(CASE WHEN ${CASH} AND t.amount_minor >= ${toMinorUnits(t.largeCashAmount)} THEN 1 ELSE 0 END) AS large_cash_count,
        sum(CASE WHEN ${CASH} THEN t.amount_minor ELSE 0 END) AS cash_volume,
        sum(CASE WHEN ${geo} THEN 1 ELSE 0 END) AS geo_count,
        sum(CASE WHEN ${geo} THEN t.amount_minor ELSE 0 END) AS geo_volume,
        group_concat(DISTINCT CASE WHEN ${geo} THEN upper(t.counterparty_country) END) AS geo_countries,
        sum(CASE WHEN t.amount_minor >= ${unit} THEN 1 ELSE 0 END) AS round_eligible,
        sum(CASE WHEN t.amount_minor >= ${unit} AND t.amount_minor % ${unit} = 0 THEN 1 ELSE 0 END) AS round_count,
        count(DISTINCT CASE WHEN t.type = 'credit' THEN ${other} END) AS fan_in,
        sum(CASE WHEN t.type = 'credit' AND ${other} IS NOT NULL THEN t.amount_minor ELSE 0 END) AS fan_in_volume,
        count(DISTINCT CASE WHEN t.type = 'debit' THEN ${other} END) AS fan_out,
        sum(CASE WHEN t.type = 'debit' AND ${other} IS NOT NULL THEN t.amount_minor ELSE 0 END) AS fan_out_volume,
        max(CASE WHEN ${xb} THEN t.amount_minor END) AS xb_max,
        sum(CASE WHEN ${xb} AND t.amount_minor > ${toMinorUnits(t.crossBorderAmount)} THEN 1 ELSE 0 END) AS xb_count,
        group_concat(DISTINCT CASE WHEN ${xb} THEN upper(t.counterparty_country) END) AS xb_countries
      FROM transactions t
      WHERE ${where(scope, q)}
      GROUP BY 1
    ) a`);
}

interface StructuringRow {
  entity_id: string;
  n: number;
  s: number;
  ts: number;
}

function structuring(scope: TenantScope, q: FeatureQuery) {
  const t = q.thresholds;
  const high = toMinorUnits(t.largeCashAmount);
  const low = Math.ceil(high * (1 - t.structuringBandPercent / 100));
  const frame = sql`PARTITION BY entity_id ORDER BY ts RANGE BETWEEN CURRENT ROW AND ${int(t.structuringWindowDays * 86_400 - 1)} FOLLOWING`;
  return scope.db.all<StructuringRow>(sql`
    WITH band AS (
      SELECT ${ENTITY_KEY[q.entityType]} AS entity_id, ${EPOCH} AS ts, t.amount_minor AS amount
      FROM transactions t
      WHERE ${where(scope, q)} AND ${CASH} AND t.type = 'credit' AND t.amount_minor >= ${low} AND t.amount_minor < ${high}
    ), counted AS (
      SELECT entity_id, ts, count(*) OVER (${frame}) AS n, sum(amount) OVER (${frame}) AS s FROM band
    )
    SELECT entity_id, max(n) AS n, s, ts FROM counted GROUP BY entity_id`);
}

interface VelocityRow {
  entity_id: string;
  n: number;
  ts: number;
}

function velocity(scope: TenantScope, q: FeatureQuery) {
  const frame = sql`PARTITION BY entity_id ORDER BY ts RANGE BETWEEN CURRENT ROW AND ${int(q.thresholds.velocityWindowHours * 3600 - 1)} FOLLOWING`;
  return scope.db.all<VelocityRow>(sql`
    WITH tx AS (SELECT ${ENTITY_KEY[q.entityType]} AS entity_id, ${EPOCH} AS ts FROM transactions t WHERE ${where(scope, q)}),
    counted AS (SELECT entity_id, ts, count(*) OVER (${frame}) AS n FROM tx)
    SELECT entity_id, max(n) AS n, ts FROM counted GROUP BY entity_id`);
}

interface RapidRow {
  entity_id: string;
  ratio: number;
  credits: number;
  forwarded: number;
  day: string;
}

function rapid(scope: TenantScope, q: FeatureQuery) {
  const t = q.thresholds;
  return scope.db.all<RapidRow>(sql`
    WITH daily AS (
      SELECT ${ENTITY_KEY[q.entityType]} AS entity_id, substr(t.transaction_date, 1, 10) AS day,
        sum(CASE WHEN t.type = 'credit' THEN t.amount_minor ELSE 0 END) AS credits,
        sum(CASE WHEN t.type = 'debit' THEN t.amount_minor ELSE 0 END) AS debits
      FROM transactions t WHERE ${where(scope, q)} GROUP BY 1, 2
    ), fwd AS (
      SELECT entity_id, day, credits, sum(debits) OVER (
        PARTITION BY entity_id ORDER BY julianday(day) RANGE BETWEEN CURRENT ROW AND ${int(t.rapidMovementDays - 1)} FOLLOWING
      ) AS forwarded
      FROM daily
    )
    SELECT entity_id, max(forwarded * 100.0 / credits) AS ratio, credits, forwarded, day
    FROM fwd WHERE credits >= ${toMinorUnits(t.rapidMovementMinAmount)} GROUP BY entity_id`);
}

interface DormancyRow {
  entity_id: string;
  gap: number;
  reactivated_at: string;
  last_before: string;
  volume_after: number;
}

function dormancy(scope: TenantScope, q: FeatureQuery) {
  const lookback = new Date(Date.parse(q.windowStart) - DORMANCY_LOOKBACK_DAYS * 86_400_000).toISOString();
  const key = ENTITY_KEY[q.entityType];
  return scope.db.all<DormancyRow>(sql`
    WITH hist AS (
      SELECT ${key} AS entity_id, t.transaction_date AS d, t.amount_minor AS amount,
        lag(t.transaction_date) OVER (PARTITION BY ${key} ORDER BY t.transaction_date, t.id) AS prev
      FROM transactions t WHERE ${where(scope, q, lookback)}
    ), best AS (
      SELECT entity_id, max(CAST(julianday(d) - julianday(prev) AS INTEGER)) AS gap, d AS reactivated_at, prev AS last_before
      FROM hist WHERE d >= ${q.windowStart} AND prev IS NOT NULL GROUP BY entity_id
    )
    SELECT b.entity_id, b.gap, b.reactivated_at, b.last_before, sum(h.amount) AS volume_after
    FROM best b JOIN hist h ON h.entity_id = b.entity_id AND h.d >= b.reactivated_at
    GROUP BY b.entity_id, b.gap, b.reactivated_at, b.last_before`);
}

const list = (text: string | null) => (text ? text.split(",").sort() : []);
const iso = (epochSeconds: number | null | undefined) =>
  epochSeconds === null || epochSeconds === undefined ? null : new Date(epochSeconds * 1000).toISOString();

/** Features of every entity matched by the query (one entity when `entityId` is set). */
export async function loadFeatures(
  scope: TenantScope,
  q: FeatureQuery,
): Promise<Map<string, EntityFeatures>> {
  const [agg, str, vel, rmf, dor] = await Promise.all([
    aggregates(scope, q),
    structuring(scope, q),
    velocity(scope, q),
    rapid(scope, q),
    dormancy(scope, q),
  ]);
  const out = new Map<string, EntityFeatures>();
  for (const a of agg) {
    out.set(a.entity_id, {
      entityId: a.entity_id,
      txCount: a.tx_count,
      volumeMinor: a.volume ?? 0,
      maxCashMinor: a.max_cash,
      largeCashCount: a.large_cash_count ?? 0,
      cashVolumeMinor: a.cash_volume ?? 0,
      structuringMaxCount: 0,
      structuringWindowStart: null,
      structuringSumMinor: 0,
      rapidRatioPercent: null,
      rapidCreditsMinor: 0,
      rapidForwardedMinor: 0,
      rapidDay: null,
      velocityMaxCount: 0,
      velocityWindowStart: null,
      dormancyGapDays: null,
      reactivatedAt: null,
      lastActivityBefore: null,
      volumeAfterReactivationMinor: 0,
      highRiskCount: a.geo_count ?? 0,
      highRiskVolumeMinor: a.geo_volume ?? 0,
      highRiskCountries: list(a.geo_countries),
      roundCount: a.round_count ?? 0,
      roundEligibleCount: a.round_eligible ?? 0,
      fanInCounterparties: a.fan_in ?? 0,
      fanInVolumeMinor: a.fan_in_volume ?? 0,
      fanOutCounterparties: a.fan_out ?? 0,
      fanOutVolumeMinor: a.fan_out_volume ?? 0,
      crossBorderMaxMinor: a.xb_max,
      crossBorderCount: a.xb_count ?? 0,
      crossBorderCountries: list(a.xb_countries),
      declaredBusiness: a.declared ?? null,
    });
  }
  for (const r of str) {
    const f = out.get(r.entity_id);
    if (f)
      Object.assign(f, {
        structuringMaxCount: r.n,
        structuringSumMinor: r.s,
        structuringWindowStart: iso(r.ts),
      });
  }
  for (const r of vel) {
    const f = out.get(r.entity_id);
    if (f) Object.assign(f, { velocityMaxCount: r.n, velocityWindowStart: iso(r.ts) });
  }
  for (const r of rmf) {
    const f = out.get(r.entity_id);
    if (f)
      Object.assign(f, {
        rapidRatioPercent: r.ratio,
        rapidCreditsMinor: r.credits,
        rapidForwardedMinor: r.forwarded,
        rapidDay: r.day,
      });
  }
  for (const r of dor) {
    const f = out.get(r.entity_id);
    if (f)
      Object.assign(f, {
        dormancyGapDays: r.gap,
        reactivatedAt: r.reactivated_at,
        lastActivityBefore: r.last_before,
        volumeAfterReactivationMinor: r.volume_after ?? 0,
      });
  }
  return out;
}
