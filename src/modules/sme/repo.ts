import { desc, eq, sql } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import { type SmeAssessmentRow, smeAssessments, smeBenchmarkSnapshots } from "../../db/shard/sme";
import { tenantSql } from "../../db/tenant-tables";
import { MOVED_MONEY, NON_REVENUE_FLOW_LIST } from "../data/read-model";
import { type Bucket, bucketCount, type SmeActivity } from "./domain/metrics";

/** Money moved: left out of every flow otherwise (as in the BHI). */
const MOVED = MOVED_MONEY;
/**
 * Revenue: credits but own transfers, loan disbursements and refunds; spending: debits but
 * transfers to an own account (docs/methodology/flows.md; methodology 1.1.0).
 */
const REVENUE = sql`(type = 'credit' AND coalesce(flow, '') NOT IN (${NON_REVENUE_FLOW_LIST}))`;
const SPEND = sql`(type = 'debit' AND coalesce(flow, '') <> 'own_transfer')`;

/** Customers whose activity one query reads: one customer, or an id range (benchmark slices). */
export type Target =
  | { kind: "one"; customerId: string }
  | { kind: "range"; afterId: string | null; throughId: string };

function targetFilter(target: Target) {
  if (target.kind === "one") return sql` AND customer_id = ${target.customerId}`;
  const after = target.afterId === null ? sql`` : sql` AND customer_id > ${target.afterId}`;
  return sql`${after} AND customer_id <= ${target.throughId}`;
}

export interface Window {
  /** ISO end of the window (the evaluation time) and its length in days. */
  end: string;
  start: string;
  windowDays: number;
}

interface ActivityRow {
  customer_id: string;
  buckets: string;
  attributed: number;
  sq: number;
  sources: number;
  days: number;
}

/**
 * One pass over the window's transactions along the customer index, whatever the number of
 * customers in the target: per customer and bucket (flows and counts), per customer and
 * named inflow source (for the Herfindahl index), and distinct active days. Bucket 0 is the
 * newest; the result is oldest first. A customer without a transaction in the window is absent.
 * Inflow sources are the payer: counterparty account, else counterparty name, else merchant.
 */
export async function activityByCustomer(
  scope: TenantScope,
  target: Target,
  w: Window,
): Promise<Map<string, SmeActivity>> {
  const n = bucketCount(w.windowDays);
  const rows = await scope.db.all<ActivityRow>(sql`
    WITH tx AS (
      SELECT customer_id, amount_minor, transaction_date,
        ${REVENUE} AS rev, ${SPEND} AS spend,
        CASE WHEN ${REVENUE} THEN COALESCE(NULLIF(counterparty_account, ''), NULLIF(counterparty_name, ''),
          NULLIF(merchant_name, '')) END AS source
      FROM transactions INDEXED BY transactions_customer_idx
      WHERE ${tenantSql(scope)}${targetFilter(target)}
        AND transaction_date > ${w.start} AND transaction_date <= ${w.end} AND ${MOVED}
    ),
    b AS (
      SELECT customer_id,
        CAST((julianday(${w.end}) - julianday(transaction_date)) * ${n} / ${w.windowDays} AS INTEGER) AS bucket,
        SUM(CASE WHEN rev THEN amount_minor ELSE 0 END) AS cr,
        SUM(CASE WHEN spend THEN amount_minor ELSE 0 END) AS dr,
        COUNT(*) AS n
      FROM tx GROUP BY customer_id, bucket
    ),
    bj AS (
      SELECT customer_id, json_group_array(json_array(bucket, cr, dr, n)) AS buckets FROM b GROUP BY customer_id
    ),
    d AS (SELECT customer_id, COUNT(DISTINCT substr(transaction_date, 1, 10)) AS days FROM tx GROUP BY customer_id),
    s1 AS (
      SELECT customer_id, source, SUM(amount_minor) AS amt FROM tx WHERE source IS NOT NULL GROUP BY customer_id, source
    ),
    s AS (
      SELECT customer_id, SUM(amt) AS attributed, SUM(amt * 1.0 * amt) AS sq, COUNT(*) AS sources
      FROM s1 GROUP BY customer_id
    )
    SELECT bj.customer_id, bj.buckets, COALESCE(s.attributed, 0) AS attributed, COALESCE(s.sq, 0) AS sq,
      COALESCE(s.sources, 0) AS sources, d.days
    FROM bj JOIN d ON d.customer_id = bj.customer_id LEFT JOIN s ON s.customer_id = bj.customer_id`);
  return new Map(
    rows.map((r) => {
      const buckets: Bucket[] = Array.from({ length: n }, () => ({
        inflowMinor: 0,
        outflowMinor: 0,
        count: 0,
      }));
      for (const [k, cr, dr, count] of JSON.parse(r.buckets) as number[][]) {
        // Newest first in SQL; oldest first here. min/max guard float edges of the window.
        const b = buckets[n - 1 - Math.min(n - 1, Math.max(0, k))];
        b.inflowMinor += cr;
        b.outflowMinor += dr;
        b.count += count;
      }
      return [
        r.customer_id,
        {
          windowDays: w.windowDays,
          buckets,
          activeDays: r.days,
          attributedInflowMinor: r.attributed,
          sourceSquareSum: r.sq,
          sourceCount: r.sources,
        },
      ];
    }),
  );
}

/**
 * Ids that cut the tenant's customers (in id order) into slices of `size`: the id at
 * positions size, 2 x size, ... One sort of the customer ids, whatever the number of slices.
 */
export const sliceBoundaries = async (scope: TenantScope, size: number) =>
  (
    await scope.db.all<{ id: string }>(sql`
      SELECT id FROM (
        SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS rn FROM customers WHERE ${tenantSql(scope)}
      ) WHERE rn % ${size} = 0 ORDER BY id`)
  ).map((r) => r.id);

/** Above every id (ids are UUIDs: hex digits and dashes). */
export const LAST_ID = "~";

/** Whether a transaction of the customer was ingested after `since` (a stored assessment is then stale). */
export async function hasTransactionsIngestedSince(scope: TenantScope, customerId: string, since: string) {
  const rows = await scope.db.all<{ x: number }>(sql`
    SELECT 1 AS x FROM transactions INDEXED BY transactions_customer_idx
    WHERE ${tenantSql(scope)} AND customer_id = ${customerId} AND created_at > ${since} LIMIT 1`);
  return rows.length > 0;
}

// ---- assessments ---------------------------------------------------------------------------

export type NewAssessment = Omit<SmeAssessmentRow, "tenantId">;

export const insertAssessment = (scope: TenantScope, row: NewAssessment) =>
  scope.db.insert(smeAssessments).values(row);

export const latestAssessment = (scope: TenantScope, customerId: string, windowDays: number) =>
  scope.db
    .select()
    .from(
      smeAssessments,
      eq(smeAssessments.customerId, customerId),
      eq(smeAssessments.windowDays, windowDays),
    )
    .orderBy(desc(smeAssessments.evaluatedAt), desc(smeAssessments.id))
    .limit(1)
    .get();

// ---- benchmark snapshots -------------------------------------------------------------------

export const insertSnapshot = (
  scope: TenantScope,
  row: Omit<typeof smeBenchmarkSnapshots.$inferInsert, "tenantId">,
) => scope.db.insert(smeBenchmarkSnapshots).values(row);

export const latestSnapshot = (scope: TenantScope, windowDays: number) =>
  scope.db
    .select()
    .from(smeBenchmarkSnapshots, eq(smeBenchmarkSnapshots.windowDays, windowDays))
    .orderBy(desc(smeBenchmarkSnapshots.computedAt), desc(smeBenchmarkSnapshots.id))
    .limit(1)
    .get();

/** Windows with a snapshot computed since `since` (the cron refreshes those in use). */
export const windowsInUse = async (scope: TenantScope, since: string) =>
  (
    await scope.db.all<{ window_days: number }>(sql`
      SELECT DISTINCT window_days FROM sme_benchmark_snapshots
      WHERE ${tenantSql(scope)} AND computed_at > ${since}`)
  ).map((r) => r.window_days);
