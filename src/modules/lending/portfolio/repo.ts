import { type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { tenantSql, tenantValue } from "../../../db/tenant-tables";
import { jsonArrayChunks } from "../../../lib/json-chunks";
import { bucketSql, dpdSql } from "../repo";

/**
 * Portfolio-at-risk aggregates: one GROUP BY over the loans' derived columns (live) or over
 * the month-end snapshots, never installment rows (docs/methodology/lending.md#par).
 */

export const GROUP_BYS = ["branch", "product", "officer", "segment"] as const;
export type GroupBy = (typeof GROUP_BYS)[number];

export interface ParRow {
  grp: string | null;
  loans: number;
  total: number;
  par1: number;
  par30: number;
  par90: number;
}

/** Sums of outstanding principal over rows with a `dpd` and `op` column (a subquery). */
const parColumns = sql.raw(`COUNT(*) AS loans, COALESCE(SUM(op), 0) AS total,
  COALESCE(SUM(CASE WHEN dpd > 1 THEN op END), 0) AS par1,
  COALESCE(SUM(CASE WHEN dpd > 30 THEN op END), 0) AS par30,
  COALESCE(SUM(CASE WHEN dpd > 90 THEN op END), 0) AS par90`);

/** The segment of a loan: its customer's vertical (the data module's read model). */
const segmentOf = (scope: TenantScope, alias: string): SQL =>
  sql`(SELECT c.vertical FROM customers c WHERE ${tenantSql(scope, "c")} AND c.id = ${sql.raw(`${alias}.customer_id`)})`;

const liveGroup = (scope: TenantScope, groupBy: GroupBy | undefined): SQL =>
  groupBy === undefined ? sql`NULL` : groupBy === "segment" ? segmentOf(scope, "l") : sql.raw(`l.${groupBy}`);

/** Live PAR as of a date (today or later): from oldest_unpaid_due_date and outstanding principal. */
export function livePar(scope: TenantScope, asOf: string, currency: string, groupBy?: GroupBy) {
  return scope.db.all<ParRow>(sql`SELECT grp, ${parColumns} FROM (
      SELECT l.outstanding_principal_minor AS op, ${dpdSql(asOf, "l")} AS dpd, ${liveGroup(scope, groupBy)} AS grp
      FROM loans l
      WHERE ${tenantSql(scope, "l")} AND l.currency = ${currency} AND l.status = 'active' AND l.outstanding_principal_minor > 0
    ) GROUP BY grp ORDER BY grp`);
}

/** PAR of a stored month-end. */
export function snapshotPar(scope: TenantScope, monthEnd: string, currency: string, groupBy?: GroupBy) {
  const grp = groupBy === undefined ? sql`NULL` : sql.raw(`s.${groupBy}`);
  return scope.db.all<ParRow>(sql`SELECT grp, ${parColumns} FROM (
      SELECT s.outstanding_principal_minor AS op, s.dpd AS dpd, ${grp} AS grp
      FROM lending_snapshots s WHERE ${tenantSql(scope, "s")} AND s.month_end = ${monthEnd} AND s.currency = ${currency}
    ) GROUP BY grp ORDER BY grp`);
}

/** PAR of the latest `months` month-ends stored, newest first. */
export function parHistory(scope: TenantScope, currency: string, months: number) {
  return scope.db.all<
    ParRow & { monthEnd: string }
  >(sql`SELECT month_end AS monthEnd, NULL AS grp, ${parColumns} FROM (
      SELECT s.month_end, s.outstanding_principal_minor AS op, s.dpd AS dpd FROM lending_snapshots s
      WHERE ${tenantSql(scope, "s")} AND s.currency = ${currency}
    ) GROUP BY month_end ORDER BY month_end DESC LIMIT ${months}`);
}

export interface RollRow {
  fromMonth: string;
  toMonth: string;
  fromBucket: string;
  toBucket: string;
  loans: number;
  principal: number;
}

/** The roll rates stored from these month-ends, in one currency. */
export function rollRows(scope: TenantScope, currency: string, fromMonths: string[]) {
  if (fromMonths.length === 0) return Promise.resolve([] as RollRow[]);
  return scope.db.all<RollRow>(sql`SELECT from_month AS fromMonth, to_month AS toMonth, from_bucket AS fromBucket,
      to_bucket AS toBucket, loans, principal_minor AS principal
    FROM lending_roll_rates
    WHERE ${tenantSql(scope)} AND currency = ${currency} AND from_month IN (SELECT value FROM json_each(${JSON.stringify(fromMonths)}))
    ORDER BY from_month, from_bucket, to_bucket`);
}

/**
 * Roll rates into `monthEnd` from the month-end before it (when stored): loans of each month-end
 * by their bucket then and one month later (`closed` when the loan is not in the later snapshot:
 * repaid, closed or written off). Written in the batch that writes the later snapshot.
 */
export function writeRollRates(scope: TenantScope, monthEnd: string, now: string) {
  return sql`INSERT OR IGNORE INTO lending_roll_rates (tenant_id, from_month, to_month, currency, from_bucket,
      to_bucket, loans, principal_minor, created_at)
    SELECT ${tenantValue(scope)}, a.month_end, ${monthEnd}, a.currency, a.bucket, COALESCE(b.bucket, 'closed'), COUNT(*),
      SUM(a.outstanding_principal_minor), ${now}
    FROM lending_snapshots a
    LEFT JOIN lending_snapshots b ON ${tenantSql(scope, "b")} AND b.loan_id = a.loan_id AND b.month_end = ${monthEnd}
    WHERE ${tenantSql(scope, "a")} AND a.month_end = date(${monthEnd}, 'start of month', '-1 day')
    GROUP BY a.currency, a.bucket, COALESCE(b.bucket, 'closed')`;
}

/** A repayment of loan `l` paid after the day (its state that day differs from the stored columns). */
const repaidAfter = (scope: TenantScope, day: string) =>
  sql`EXISTS (SELECT 1 FROM loan_repayments r WHERE ${tenantSql(scope, "r")} AND r.loan_id = l.id AND r.paid_on > ${day})`;

/**
 * The month-end picture of every active loan with principal outstanding and no repayment paid
 * after the month-end: for those, the stored derived columns are the state of that day. Loans
 * repaid since (loansRepaidAfter) are reconstructed (domain/snapshot.ts) and written with
 * insertSnapshotRows in the same batch.
 */
export function writeSnapshot(scope: TenantScope, monthEnd: string, now: string) {
  const dpd = dpdSql(monthEnd, "l");
  return sql`INSERT OR IGNORE INTO lending_snapshots (tenant_id, month_end, loan_id, currency, dpd, bucket,
      outstanding_principal_minor, branch, product, officer, segment, created_at)
    SELECT ${tenantValue(scope)}, ${monthEnd}, l.id, l.currency, ${dpd}, ${bucketSql(dpd)}, l.outstanding_principal_minor,
      l.branch, l.product, l.officer, ${segmentOf(scope, "l")}, ${now}
    FROM loans l WHERE ${tenantSql(scope, "l")} AND l.status = 'active' AND l.outstanding_principal_minor > 0
      AND l.disbursement_date <= ${monthEnd} AND NOT ${repaidAfter(scope, monthEnd)}`;
}

/** Loans (active or paid off) disbursed by the month-end with a repayment paid after it. */
export function loansRepaidAfter(scope: TenantScope, monthEnd: string) {
  return scope.db.all<{ id: string }>(sql`SELECT l.id FROM loans l
    WHERE ${tenantSql(scope, "l")} AND l.status IN ('active', 'closed') AND l.disbursement_date <= ${monthEnd}
      AND ${repaidAfter(scope, monthEnd)}`);
}

export interface SnapshotLoanRow {
  id: string;
  status: string;
  disbursementDate: string;
  outstandingPrincipalNow: number;
}

/** What reconstructing these loans' month-ends reads of the loan rows. */
export async function snapshotLoans(scope: TenantScope, ids: readonly string[]) {
  const out: SnapshotLoanRow[] = [];
  for (const json of jsonArrayChunks(ids))
    out.push(
      ...(await scope.db.all<SnapshotLoanRow>(sql`SELECT id, status, disbursement_date AS disbursementDate,
          outstanding_principal_minor AS outstandingPrincipalNow
        FROM loans WHERE ${tenantSql(scope)} AND id IN (SELECT value FROM json_each(${json}))`)),
    );
  return out;
}

/**
 * The stored month-ends on or after a day, oldest first: one primary-key seek per month-end (a
 * recursive step to the next larger month_end), not a scan of every loan's rows; every lending
 * write asks it.
 */
export const storedMonthEnds = async (scope: TenantScope, from: string) =>
  (
    await scope.db.all<{ monthEnd: string }>(sql`WITH RECURSIVE m(d) AS (
        SELECT (SELECT MIN(month_end) FROM lending_snapshots WHERE ${tenantSql(scope)} AND month_end >= ${from})
        UNION ALL
        SELECT (SELECT MIN(month_end) FROM lending_snapshots WHERE ${tenantSql(scope)} AND month_end > m.d)
        FROM m WHERE m.d IS NOT NULL
      ) SELECT d AS monthEnd FROM m WHERE d IS NOT NULL`)
  ).map((r) => r.monthEnd);

export interface SnapshotStateRow {
  monthEnd: string;
  loanId: string;
  dpd: number;
  bucket: string;
  outstandingPrincipal: number;
}

/** Reconstructed month-end rows; currency, branch, product, officer and segment from the loan row. */
export function insertSnapshotRows(scope: TenantScope, rows: SnapshotStateRow[], now: string): SQL[] {
  const v = (field: string) => sql.raw(`json_extract(j.value, '$.${field}')`);
  return jsonArrayChunks(rows).map(
    (
      json,
    ) => sql`INSERT OR REPLACE INTO lending_snapshots (tenant_id, month_end, loan_id, currency, dpd, bucket,
        outstanding_principal_minor, branch, product, officer, segment, created_at)
      SELECT ${tenantValue(scope)}, ${v("monthEnd")}, l.id, l.currency, ${v("dpd")}, ${v("bucket")},
        ${v("outstandingPrincipal")}, l.branch, l.product, l.officer, ${segmentOf(scope, "l")}, ${now}
      FROM json_each(${json}) AS j JOIN loans l ON ${tenantSql(scope, "l")} AND l.id = ${v("loanId")}`,
  );
}

/**
 * Rewrites these loans' rows of the month-ends on or after `from` (history arrived that changes
 * them) and the roll rates into each of `months` (the stored month-ends on or after `from`).
 */
export function replaceSnapshotRows(
  scope: TenantScope,
  loanIds: readonly string[],
  from: string,
  rows: SnapshotStateRow[],
  months: readonly string[],
  now: string,
): SQL[] {
  return [
    ...jsonArrayChunks(loanIds).map(
      (json) => sql`DELETE FROM lending_snapshots WHERE ${tenantSql(scope)} AND month_end >= ${from}
        AND loan_id IN (SELECT value FROM json_each(${json}))`,
    ),
    ...insertSnapshotRows(scope, rows, now),
    sql`DELETE FROM lending_roll_rates WHERE ${tenantSql(scope)} AND to_month >= ${from}`,
    ...months.map((m) => writeRollRates(scope, m, now)),
  ];
}

export const hasSnapshot = async (scope: TenantScope, monthEnd: string) =>
  (
    await scope.db.all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM (SELECT 1 FROM lending_snapshots WHERE ${tenantSql(scope)} AND month_end = ${monthEnd} LIMIT 1)`,
    )
  )[0].n > 0;

export interface StateChange {
  id: string;
  customerId: string;
  externalSource: string;
  externalId: string;
  product: string;
  currency: string;
  stateBucket: string;
  stateRepaid: number;
  bucket: string;
  dpd: number;
  outstandingPrincipal: number;
}

/** Loans whose bucket as of `on` differs from the one last announced (time passed), a page at a time. */
export function stateChanges(scope: TenantScope, on: string, limit: number) {
  const dpd = dpdSql(on, "loans");
  return scope.db.all<StateChange>(sql`SELECT id, customer_id AS customerId, external_source AS externalSource,
      external_id AS externalId, product, currency, state_bucket AS stateBucket, state_repaid AS stateRepaid,
      ${bucketSql(dpd)} AS bucket, ${dpd} AS dpd, outstanding_principal_minor AS outstandingPrincipal
    FROM loans WHERE ${tenantSql(scope, "loans")} AND ${bucketSql(dpd)} <> state_bucket LIMIT ${limit}`);
}

/** Loans that can be in a month-end up to `last` (not pending, not written off, disbursed by then), at most `limit`. */
export const snapshotCandidates = (scope: TenantScope, last: string, limit: number) =>
  scope.db.all<{ id: string }>(sql`SELECT id FROM loans WHERE ${tenantSql(scope)}
    AND status IN ('active', 'closed') AND disbursement_date <= ${last} LIMIT ${limit}`);

/** Whole month-ends rebuilt: their rows and the roll rates into them are replaced. */
export function replaceMonthEnds(
  scope: TenantScope,
  months: readonly string[],
  rows: SnapshotStateRow[],
  now: string,
  /** The stored month-end after the last rebuilt one, whose roll rates from it are redone. */
  storedNext: string | null,
) {
  const list = JSON.stringify(months);
  return [
    sql`DELETE FROM lending_snapshots WHERE ${tenantSql(scope)} AND month_end IN (SELECT value FROM json_each(${list}))`,
    ...insertSnapshotRows(scope, rows, now),
    sql`DELETE FROM lending_roll_rates WHERE ${tenantSql(scope)} AND (to_month IN (SELECT value FROM json_each(${list}))
      OR from_month IN (SELECT value FROM json_each(${list})))`,
    ...months.map((m) => writeRollRates(scope, m, now)),
    ...(storedNext ? [writeRollRates(scope, storedNext, now)] : []),
  ];
}
