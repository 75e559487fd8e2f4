import { eq, type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import { listOrder, type PageRequest, tablePage } from "../../db/keyset";
import { type LoanRow, loanInstallments, loanRepayments, loans } from "../../db/shard/lending";
import { inJsonList } from "../../db/sql";
import { likelyTenantSql, tenantSql, tenantValue } from "../../db/tenant-tables";
import { jsonArrayChunks } from "../../lib/json-chunks";
import { BUCKETS } from "./domain/arrears";

/** SQL over the lending tables, one tenant at a time (raw statements carry the tenant helpers). */

/** Days past due as of a date (bound), from the stored oldest unpaid due date: the SQL twin of dpdFromOldestUnpaid. */
export const dpdSql = (asOf: string, alias = "loans"): SQL => {
  const due = sql.raw(`${alias}.oldest_unpaid_due_date`);
  return sql`(CASE WHEN ${due} IS NOT NULL AND ${due} < ${asOf} THEN CAST(julianday(${asOf}) - julianday(${due}) AS INTEGER) ELSE 0 END)`;
};

/** The bucket of a days-past-due expression, from the same BUCKETS table as bucketOf. */
export const bucketSql = (dpd: SQL): SQL =>
  sql`(CASE ${sql.join(
    BUCKETS.map((b) =>
      b.max === null
        ? sql.raw(`ELSE '${b.bucket}'`)
        : sql`WHEN ${dpd} <= ${sql.raw(String(b.max))} THEN ${sql.raw(`'${b.bucket}'`)}`,
    ),
    sql` `,
  )} END)`;

export interface LoanFilter {
  customerId?: string;
  status?: string;
  product?: string;
  branch?: string;
  officer?: string;
  arrearsBucket?: string;
}

function filterConditions(f: LoanFilter, today: string): (SQL | undefined)[] {
  return [
    f.customerId ? eq(loans.customerId, f.customerId) : undefined,
    f.status ? eq(loans.status, f.status as LoanRow["status"]) : undefined,
    f.product ? eq(loans.product, f.product) : undefined,
    f.branch ? eq(loans.branch, f.branch) : undefined,
    f.officer ? eq(loans.officer, f.officer) : undefined,
    f.arrearsBucket ? sql`${bucketSql(dpdSql(today))} = ${f.arrearsBucket}` : undefined,
  ];
}

const loanOrder = listOrder("loans", loans, { createdAt: "desc", id: "desc" });

/** A page of loans, newest first (cursor or offset, src/db/keyset.ts). */
export const listLoans = (scope: TenantScope, f: LoanFilter, page: PageRequest, today: string) =>
  tablePage(scope.db, loans, loanOrder, f, filterConditions(f, today), page);

export const findLoan = (scope: TenantScope, loanId: string) =>
  scope.db.select().from(loans, eq(loans.id, loanId)).get();

export const findLoansById = (scope: TenantScope, ids: readonly string[]) =>
  ids.length === 0 ? Promise.resolve([]) : scope.db.select().from(loans, inJsonList(loans.id, ids)).all();

/** Loans named by (externalSource, externalId), one statement per ~80 KB of keys. */
export async function findLoansByIdentity(scope: TenantScope, keys: [string, string][]): Promise<LoanRow[]> {
  const out: LoanRow[] = [];
  for (const json of jsonArrayChunks(keys)) {
    const match = sql`(${loans.externalSource}, ${loans.externalId}) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(${json}))`;
    out.push(...(await scope.db.select().from(loans, match).all()));
  }
  return out;
}

export const installmentsOf = (scope: TenantScope, loanIds: readonly string[]) =>
  loanIds.length === 0
    ? Promise.resolve([])
    : scope.db
        .select()
        .from(loanInstallments, inJsonList(loanInstallments.loanId, loanIds))
        .orderBy(loanInstallments.loanId, loanInstallments.seq)
        .all();

/** Stored installments per loan (the schedule a loan ingest replaces), by the primary key's range. */
export async function installmentCounts(scope: TenantScope, loanIds: readonly string[]) {
  if (loanIds.length === 0) return new Map<string, number>();
  const rows = await scope.db
    .select({ loanId: loanInstallments.loanId, n: sql<number>`count(*)` })
    .from(loanInstallments, inJsonList(loanInstallments.loanId, loanIds))
    .groupBy(loanInstallments.loanId)
    .all();
  return new Map(rows.map((r) => [r.loanId, r.n]));
}

export const repaymentsOf = (scope: TenantScope, loanIds: readonly string[]) =>
  loanIds.length === 0
    ? Promise.resolve([])
    : scope.db
        .select()
        .from(loanRepayments, inJsonList(loanRepayments.loanId, loanIds))
        .orderBy(loanRepayments.paidOn, loanRepayments.id)
        .all();

/** Repayments named by (externalSource, externalId). */
export async function findRepaymentsByIdentity(scope: TenantScope, keys: [string, string][]) {
  const out: (typeof loanRepayments.$inferSelect)[] = [];
  for (const json of jsonArrayChunks(keys)) {
    const match = sql`(${loanRepayments.externalSource}, ${loanRepayments.externalId}) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(${json}))`;
    out.push(...(await scope.db.select().from(loanRepayments, match).all()));
  }
  return out;
}

// ---- writes: rows travel as JSON (one bound parameter per ~80 KB chunk) -----------------

const LOAN_COLUMNS = [
  ["id", "id"],
  ["external_source", "externalSource"],
  ["external_id", "externalId"],
  ["customer_id", "customerId"],
  ["account_id", "accountId"],
  ["product", "product"],
  ["principal_minor", "principalMinor"],
  ["interest_rate", "interestRate"],
  ["term_count", "termCount"],
  ["term_unit", "termUnit"],
  ["disbursement_date", "disbursementDate"],
  ["status", "status"],
  ["branch", "branch"],
  ["officer", "officer"],
  ["currency", "currency"],
  ["outstanding_principal_minor", "outstandingPrincipalMinor"],
  ["outstanding_total_minor", "outstandingTotalMinor"],
  ["oldest_unpaid_due_date", "oldestUnpaidDueDate"],
  ["state_bucket", "stateBucket"],
  ["state_repaid", "stateRepaid"],
  ["state_on", "stateOn"],
] as const;

const extract = (columns: readonly (readonly [string, string])[], alias = "value") =>
  sql.raw(columns.map(([, key]) => `json_extract(${alias}, '$.${key}')`).join(", "));

/** Upsert of whole loans (ingest): identity (tenant, externalSource, externalId); the id of a stored loan is kept. */
export function upsertLoans(scope: TenantScope, rows: Record<string, unknown>[], now: string): SQL[] {
  const names = sql.raw(LOAN_COLUMNS.map(([c]) => c).join(", "));
  const updates = sql.raw(
    LOAN_COLUMNS.filter(([c]) => !["id", "external_source", "external_id"].includes(c))
      .map(([c]) => `${c} = excluded.${c}`)
      .join(", "),
  );
  return jsonArrayChunks(rows).map(
    (json) => sql`INSERT INTO loans (tenant_id, ${names}, created_at, updated_at)
      SELECT ${tenantValue(scope)}, ${extract(LOAN_COLUMNS)}, ${now}, ${now} FROM json_each(${json}) WHERE true
      ON CONFLICT (tenant_id, external_source, external_id) DO UPDATE SET ${updates}, updated_at = excluded.updated_at`,
  );
}

/** Derived columns and announced state of loans whose repayments changed. */
export function updateLoanDerived(scope: TenantScope, rows: Record<string, unknown>[], now: string): SQL[] {
  return jsonArrayChunks(rows).map(
    (json) => sql`UPDATE loans SET
        status = json_extract(j.value, '$.status'),
        outstanding_principal_minor = json_extract(j.value, '$.outstandingPrincipalMinor'),
        outstanding_total_minor = json_extract(j.value, '$.outstandingTotalMinor'),
        oldest_unpaid_due_date = json_extract(j.value, '$.oldestUnpaidDueDate'),
        state_bucket = json_extract(j.value, '$.stateBucket'),
        state_repaid = json_extract(j.value, '$.stateRepaid'),
        state_on = json_extract(j.value, '$.stateOn'),
        updated_at = ${now}
      FROM json_each(${json}) AS j WHERE ${likelyTenantSql(scope, "loans")} AND loans.id = json_extract(j.value, '$.id')`,
  );
}

/** Only the announced state (the daily job: the schedule did not change, time passed). */
export function updateLoanState(scope: TenantScope, rows: Record<string, unknown>[], on: string): SQL[] {
  return jsonArrayChunks(rows).map(
    (json) => sql`UPDATE loans SET state_bucket = json_extract(j.value, '$.stateBucket'), state_on = ${on}
      FROM json_each(${json}) AS j WHERE ${likelyTenantSql(scope, "loans")} AND loans.id = json_extract(j.value, '$.id')`,
  );
}

const INSTALLMENT_COLUMNS = [
  ["loan_id", "loanId"],
  ["seq", "seq"],
  ["due_date", "dueDate"],
  ["principal_due_minor", "principalDue"],
  ["interest_due_minor", "interestDue"],
  ["fee_due_minor", "feeDue"],
  ["principal_paid_minor", "principalPaid"],
  ["interest_paid_minor", "interestPaid"],
  ["fee_paid_minor", "feePaid"],
] as const;

/** Replaces the schedules of these loans with the given installments (paid amounts included). */
export function replaceInstallments(
  scope: TenantScope,
  loanIds: string[],
  rows: Record<string, unknown>[],
): SQL[] {
  const names = sql.raw(INSTALLMENT_COLUMNS.map(([c]) => c).join(", "));
  return [
    ...jsonArrayChunks(loanIds).map(
      (json) =>
        sql`DELETE FROM loan_installments WHERE ${tenantSql(scope)} AND loan_id IN (SELECT value FROM json_each(${json}))`,
    ),
    ...jsonArrayChunks(rows).map(
      (json) => sql`INSERT INTO loan_installments (tenant_id, ${names})
        SELECT ${tenantValue(scope)}, ${extract(INSTALLMENT_COLUMNS)} FROM json_each(${json})`,
    ),
  ];
}

const REPAYMENT_COLUMNS = [
  ["id", "id"],
  ["loan_id", "loanId"],
  ["external_source", "externalSource"],
  ["external_id", "externalId"],
  ["amount_minor", "amountMinor"],
  ["currency", "currency"],
  ["paid_on", "paidOn"],
  ["installment_seq", "installmentSeq"],
  ["allocation", "allocation"],
  ["unallocated_minor", "unallocatedMinor"],
] as const;

/** Upsert of repayments with their (re)computed allocation. */
export function upsertRepayments(scope: TenantScope, rows: Record<string, unknown>[], now: string): SQL[] {
  const names = sql.raw(REPAYMENT_COLUMNS.map(([c]) => c).join(", "));
  const updates = sql.raw(
    REPAYMENT_COLUMNS.filter(([c]) => !["id", "external_source", "external_id"].includes(c))
      .map(([c]) => `${c} = excluded.${c}`)
      .join(", "),
  );
  return jsonArrayChunks(rows).map(
    (json) => sql`INSERT INTO loan_repayments (tenant_id, ${names}, created_at)
      SELECT ${tenantValue(scope)}, ${extract(REPAYMENT_COLUMNS)}, ${now} FROM json_each(${json}) WHERE true
      ON CONFLICT (tenant_id, external_source, external_id) DO UPDATE SET ${updates}`,
  );
}
