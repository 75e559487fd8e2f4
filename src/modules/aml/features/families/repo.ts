import { type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../../db/client";
import { inJsonList, intLiteral } from "../../../../db/sql";
import { tenantSql } from "../../../../db/tenant-tables";
import {
  FAILED_STATUS_LIST,
  type ProposedTransactionRow,
  TX_IS_AGENT_FLOAT,
  TX_IS_CASH,
  transactionsSource,
} from "../../../data/read-model";
import type { AmlEntityType } from "../../../detection/domain/aml/rules";
import { type Thresholds, toMinorUnits } from "../../../detection/domain/aml/thresholds";
import { dormancyLookback, priorWindowStart, profileWindowStart } from "../../domain/entity-features";
import type { Family } from "../../domain/feature-rows";

/**
 * One SELECT per rule family, grouped by entity (columns: entity_id and the family's own). The
 * caller (features/repo.ts) sends them as one statement; each is written out here in SQL.
 * Sliding windows use SQL window functions over epoch seconds.
 */
export interface FeatureQuery {
  entityType: AmlEntityType;
  entityId?: string;
  /** Several entities at once (a monitoring page): one JSON parameter, any number of ids. */
  entityIds?: readonly string[];
  windowStart: string;
  windowEnd: string;
  thresholds: Thresholds;
  highRiskCountries: string[];
  /** null: no home country, so nothing is cross-border (the rule is skipped then). */
  homeCountry: string | null;
  /** Set mode only: skip velocity windows for entities with fewer transactions than this. */
  velocityPrefilter?: number;
  /** Set mode only: this share of the entities (by the last character of their key). */
  partition?: { index: number; count: number };
  /** One entity only: a transaction not stored, read as if it were (pre-transaction screening). */
  proposed?: ProposedTransactionRow | null;
  /** Set mode only: entities with key in (after, upto] (either end open when absent). */
  keyRange?: KeyRange;
}

export interface KeyRange {
  after?: string;
  upto?: string;
}

/** How transactions are attributed to an entity (fixed SQL, never user input). */
export const ENTITY_KEY: Record<AmlEntityType, SQL> = {
  customer: sql.raw("t.customer_id"),
  account: sql.raw("t.account_id"),
  agent: sql.raw("t.agent_id"),
  merchant: sql.raw("t.merchant_name"),
  counterparty: sql.raw("coalesce(t.counterparty_account, t.counterparty_name)"),
};

/** The "other party" for fan-in/fan-out. */
export const OTHER_PARTY: Record<AmlEntityType, SQL> = {
  customer: sql.raw("coalesce(t.counterparty_account, t.counterparty_name)"),
  account: sql.raw("coalesce(t.counterparty_account, t.counterparty_name)"),
  counterparty: sql.raw("t.customer_id"),
  agent: sql.raw("NULL"),
  merchant: sql.raw("NULL"),
};

const CASH = sql.raw(TX_IS_CASH);
const EPOCH = sql.raw("CAST(strftime('%s', t.transaction_date) AS INTEGER)");

/** Integers inlined into window frames (SQLite wants constants there). */
export const int = intLiteral;

/** What where() reads of a query. */
export type RowsWhere = Pick<
  FeatureQuery,
  "entityType" | "entityId" | "entityIds" | "windowStart" | "windowEnd" | "partition" | "keyRange"
>;

/** The rows a family reads: the tenant's, the entity's (or page's), non-failed, dated in [from, windowEnd]. */
export function where(scope: TenantScope, q: RowsWhere, from = q.windowStart): SQL {
  const key = ENTITY_KEY[q.entityType];
  // Over a key range, keep the planner on the entity's index: on the date index it reads the
  // whole window (measured: the structuring statement 1.7 s instead of 44 ms per 1,000 of 10,000).
  const date = q.keyRange ? sql.raw("+t.transaction_date") : sql.raw("t.transaction_date");
  return sql`${tenantSql(scope, "t")} AND ${date} >= ${from} AND ${date} <= ${q.windowEnd}
    AND (t.status = 'completed' OR t.status NOT IN (${FAILED_STATUS_LIST})) AND ${key} IS NOT NULL
    ${q.entityId === undefined ? sql`` : sql`AND ${key} = ${q.entityId}`}
    ${q.entityIds === undefined ? sql`` : sql`AND ${inJsonList(key, q.entityIds)}`}
    ${q.partition ? sql`AND unicode(substr(${key}, -1)) % ${int(q.partition.count)} = ${int(q.partition.index)}` : sql``}
    ${q.keyRange?.after === undefined ? sql`` : sql`AND ${key} > ${q.keyRange.after}`}
    ${q.keyRange?.upto === undefined ? sql`` : sql`AND ${key} <= ${q.keyRange.upto}`}`;
}

function aggregates(scope: TenantScope, q: FeatureQuery): SQL {
  const t = q.thresholds;
  const key = ENTITY_KEY[q.entityType];
  const other = OTHER_PARTY[q.entityType];
  const geo = inJsonList(sql`upper(t.counterparty_country)`, q.highRiskCountries);
  const xb = q.homeCountry
    ? sql`t.counterparty_country IS NOT NULL AND upper(t.counterparty_country) <> ${q.homeCountry}`
    : sql`0`;
  const unit = toMinorUnits(t.roundAmountUnit);
  const joinsCustomer = q.entityType === "customer" || q.entityType === "account";
  return sql`
    SELECT a.*, coalesce(p.fan_in_prior, 0) AS fan_in_prior, coalesce(p.fan_out_prior, 0) AS fan_out_prior,
      coalesce(p.prior_cash, 0) AS prior_cash, coalesce(p.prior_volume, 0) AS prior_volume,
      coalesce(w.profile_cash, 0) AS profile_cash, coalesce(w.profile_volume, 0) AS profile_volume, ${
        joinsCustomer
          ? sql`(SELECT coalesce(json_extract(c.business_info, '$.industry'), c.vertical) FROM customers c
              WHERE ${tenantSql(scope, "c")} AND c.id = a.customer_id)`
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
      FROM ${transactionsSource(q.proposed)} t
      WHERE ${where(scope, q)}
      GROUP BY 1
    ) a
    LEFT JOIN (
      SELECT ${key} AS entity_id,
        count(DISTINCT CASE WHEN t.type = 'credit' THEN ${other} END) AS fan_in_prior,
        count(DISTINCT CASE WHEN t.type = 'debit' THEN ${other} END) AS fan_out_prior,
        sum(t.amount_minor) AS prior_volume, sum(CASE WHEN ${CASH} THEN t.amount_minor ELSE 0 END) AS prior_cash
      FROM ${transactionsSource(q.proposed)} t
      WHERE ${where(scope, { ...q, windowEnd: q.windowStart }, priorWindowStart(q.windowStart, q.windowEnd))}
        AND +t.transaction_date < ${q.windowStart}
      GROUP BY 1
    ) p ON p.entity_id = a.entity_id
    LEFT JOIN (
      SELECT ${key} AS entity_id, sum(t.amount_minor) AS profile_volume,
        sum(CASE WHEN ${CASH} THEN t.amount_minor ELSE 0 END) AS profile_cash
      FROM ${transactionsSource(q.proposed)} t
      WHERE ${where(scope, q, profileWindowStart(q.windowEnd, t))}
      GROUP BY 1
    ) w ON w.entity_id = a.entity_id`;
}

function structuring(scope: TenantScope, q: FeatureQuery): SQL {
  const t = q.thresholds;
  const high = toMinorUnits(t.largeCashAmount);
  // Integer arithmetic first: 5,000,000 x 90 / 100 is exact, 5,000,000 x 0.9 need not be.
  const low = Math.ceil((high * (100 - t.structuringBandPercent)) / 100 - 1e-9);
  const frame = sql`PARTITION BY entity_id ORDER BY ts RANGE BETWEEN CURRENT ROW AND ${int(t.structuringWindowDays * 86_400 - 1)} FOLLOWING`;
  return sql`
    WITH band AS (
      SELECT ${ENTITY_KEY[q.entityType]} AS entity_id, ${EPOCH} AS ts, t.amount_minor AS amount
      FROM ${transactionsSource(q.proposed)} t
      WHERE ${where(scope, q)} AND ${CASH} AND +t.type = 'credit' AND +t.amount_minor >= ${low} AND +t.amount_minor < ${high}
    ), counted AS (
      SELECT entity_id, ts, count(*) OVER (${frame}) AS n, sum(amount) OVER (${frame}) AS s FROM band
    )
    SELECT entity_id, max(n) AS n, s, ts FROM counted GROUP BY entity_id`;
}

function velocity(scope: TenantScope, q: FeatureQuery): SQL {
  const key = ENTITY_KEY[q.entityType];
  // Over all entities, only those with enough transactions in the whole window can reach
  // the count in a sub-window: the window function then sorts far fewer rows.
  const busy =
    q.entityId === undefined && q.velocityPrefilter !== undefined
      ? sql`AND ${key} IN (SELECT ${key} FROM ${transactionsSource(q.proposed)} t WHERE ${where(scope, q)} GROUP BY 1 HAVING count(*) >= ${q.velocityPrefilter})`
      : sql``;
  const frame = sql`PARTITION BY entity_id ORDER BY ts RANGE BETWEEN CURRENT ROW AND ${int(q.thresholds.velocityWindowHours * 3600 - 1)} FOLLOWING`;
  return sql`
    WITH tx AS (SELECT ${key} AS entity_id, ${EPOCH} AS ts FROM ${transactionsSource(q.proposed)} t WHERE ${where(scope, q)} ${busy}),
    counted AS (SELECT entity_id, ts, count(*) OVER (${frame}) AS n FROM tx)
    SELECT entity_id, max(n) AS n, ts FROM counted GROUP BY entity_id`;
}

/** An agent's float is its working stock, not money passing through (data/domain/agent-float.ts). */
const FLOAT = sql.raw(TX_IS_AGENT_FLOAT);

function rapid(scope: TenantScope, q: FeatureQuery): SQL {
  const t = q.thresholds;
  return sql`
    WITH daily AS (
      SELECT ${ENTITY_KEY[q.entityType]} AS entity_id, substr(t.transaction_date, 1, 10) AS day,
        sum(CASE WHEN t.type = 'credit' AND NOT ${FLOAT} THEN t.amount_minor ELSE 0 END) AS credits,
        sum(CASE WHEN t.type = 'debit' AND NOT ${FLOAT} THEN t.amount_minor ELSE 0 END) AS debits
      FROM ${transactionsSource(q.proposed)} t WHERE ${where(scope, q)} GROUP BY 1, 2
    ), fwd AS (
      SELECT entity_id, day, credits, sum(debits) OVER (
        PARTITION BY entity_id ORDER BY julianday(day) RANGE BETWEEN CURRENT ROW AND ${int(t.rapidMovementDays - 1)} FOLLOWING
      ) AS forwarded
      FROM daily
    )
    SELECT entity_id, max(forwarded * 100.0 / credits) AS ratio, credits, forwarded, day
    FROM fwd WHERE credits >= ${toMinorUnits(t.rapidMovementMinAmount)} GROUP BY entity_id`;
}

function dormancy(scope: TenantScope, q: FeatureQuery): SQL {
  const lookback = dormancyLookback(q.windowStart);
  const key = ENTITY_KEY[q.entityType];
  return sql`
    WITH hist AS (
      SELECT ${key} AS entity_id, t.transaction_date AS d,
        lag(t.transaction_date) OVER (PARTITION BY ${key} ORDER BY t.transaction_date, t.id) AS prev,
        sum(t.amount_minor) OVER (
          PARTITION BY ${key} ORDER BY t.transaction_date, t.id ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING
        ) AS volume_after
      FROM ${transactionsSource(q.proposed)} t WHERE ${where(scope, q, lookback)}
    )
    SELECT entity_id, max(CAST(julianday(d) - julianday(prev) AS INTEGER)) AS gap, d AS reactivated_at,
      prev AS last_before, volume_after
    FROM hist WHERE d >= ${q.windowStart} AND prev IS NOT NULL GROUP BY entity_id`;
}

/** Each family's SELECT and the columns it answers besides entity_id (fixed names). */
export const FAMILIES: Record<
  Family,
  { select: (s: TenantScope, q: FeatureQuery) => SQL; columns: string[] }
> = {
  aggregates: {
    select: aggregates,
    columns: [
      "tx_count",
      "volume",
      "max_cash",
      "large_cash_count",
      "cash_volume",
      "profile_cash",
      "profile_volume",
      "geo_count",
      "geo_volume",
      "geo_countries",
      "round_eligible",
      "round_count",
      "fan_in",
      "fan_in_volume",
      "fan_out",
      "fan_out_volume",
      "fan_in_prior",
      "fan_out_prior",
      "prior_cash",
      "prior_volume",
      "xb_max",
      "xb_count",
      "xb_countries",
      "declared",
    ],
  },
  structuring: { select: structuring, columns: ["n", "s", "ts"] },
  velocity: { select: velocity, columns: ["n", "ts"] },
  rapid: { select: rapid, columns: ["ratio", "credits", "forwarded", "day"] },
  dormancy: { select: dormancy, columns: ["gap", "reactivated_at", "last_before", "volume_after"] },
};
