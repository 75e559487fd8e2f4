import { desc, eq, gte, inArray, lt, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import { listOrder, type PageRequest, tablePage } from "../../db/keyset";
import {
  type GoamlReportKind,
  type GoamlReportStatus,
  goamlCtrRuns,
  goamlProfiles,
  goamlReportHistory,
  goamlReports,
  goamlSubjects,
} from "../../db/shard/goaml";
import { amlCases } from "../aml/read-model";
import { accounts, customers, FAILED_STATUSES, transactions } from "../data/read-model";

export interface Page {
  limit: number;
  offset: number;
}

export type NewReport = Omit<typeof goamlReports.$inferInsert, "tenantId">;
export type NewReportHistory = Omit<typeof goamlReportHistory.$inferInsert, "tenantId">;

// ---- profile ------------------------------------------------------------------------------

export async function findProfile(scope: TenantScope) {
  const [row] = await scope.db.select().from(goamlProfiles);
  return row;
}

export const upsertProfile = (scope: TenantScope, profile: unknown, reportingEntity: unknown, at: string) =>
  scope.db
    .insert(goamlProfiles)
    .values({ profile, reportingEntity, updatedAt: at })
    .onConflictDoUpdate({ target: goamlProfiles.tenantId, set: { profile, reportingEntity, updatedAt: at } });

// ---- reports ------------------------------------------------------------------------------

export const insertReport = (scope: TenantScope, row: NewReport) => scope.db.insert(goamlReports).values(row);
export const insertHistory = (scope: TenantScope, row: NewReportHistory) =>
  scope.db.insert(goamlReportHistory).values(row);

/** Moves the report only from the status it was read in (the history's unique index guards races too). */
export const moveReport = (
  scope: TenantScope,
  id: string,
  from: GoamlReportStatus,
  set: { status: GoamlReportStatus; fiuRefNumber?: string; updatedAt: string },
) => scope.db.update(goamlReports).set(set).where(eq(goamlReports.id, id), eq(goamlReports.status, from));

export async function findReport(scope: TenantScope, id: string) {
  const [row] = await scope.db.select().from(goamlReports, eq(goamlReports.id, id));
  return row;
}

export const reportHistory = (scope: TenantScope, reportId: string) =>
  scope.db
    .select()
    .from(goamlReportHistory, eq(goamlReportHistory.reportId, reportId))
    .orderBy(goamlReportHistory.createdAt, goamlReportHistory.id);

export const reportsForCase = (scope: TenantScope, caseId: string) =>
  scope.db
    .select()
    .from(goamlReports, eq(goamlReports.kind, "str"), eq(goamlReports.caseId, caseId))
    .orderBy(desc(goamlReports.createdAt), desc(goamlReports.id));

/** A CTR always has its day; an STR never has one, so its day sorts nothing. */
const ctrOrder = listOrder(
  "goaml-reports",
  goamlReports,
  { reportDay: "desc", createdAt: "desc", id: "desc" },
  { setByFilter: ["reportDay"] },
);
const strOrder = listOrder("goaml-reports", goamlReports, { createdAt: "desc", id: "desc" });

export const listReports = (scope: TenantScope, kind: GoamlReportKind, page: PageRequest) =>
  tablePage(
    scope.db,
    goamlReports,
    kind === "ctr" ? ctrOrder : strOrder,
    { kind },
    [eq(goamlReports.kind, kind)],
    page,
  );

// ---- CTR runs -----------------------------------------------------------------------------

export async function findRun(scope: TenantScope, day: string) {
  const [row] = await scope.db.select().from(goamlCtrRuns, eq(goamlCtrRuns.day, day));
  return row;
}

/** Records the day's run; a refused run is replaced by the next attempt, a filed or empty one stays. */
export const upsertRun = (scope: TenantScope, row: Omit<typeof goamlCtrRuns.$inferInsert, "tenantId">) =>
  scope.db
    .insert(goamlCtrRuns)
    .values(row)
    .onConflictDoUpdate({
      target: [goamlCtrRuns.tenantId, goamlCtrRuns.day],
      set: {
        status: row.status,
        ranAt: row.ranAt,
        qualifyingCount: row.qualifyingCount,
        reportId: row.reportId,
        issues: row.issues,
      },
      setWhere: sql`${goamlCtrRuns.status} = 'refused'`,
    });

/** One run per (tenant, day): the day alone orders them. */
const runOrder = listOrder("goaml-ctr-runs", goamlCtrRuns, { day: "desc" });

export const listRuns = (scope: TenantScope, page: PageRequest) =>
  tablePage(scope.db, goamlCtrRuns, runOrder, {}, [], page);

// ---- KYC subjects -------------------------------------------------------------------------

export const subjectsOf = (scope: TenantScope, customerIds: string[]) =>
  customerIds.length === 0
    ? Promise.resolve([])
    : scope.db.select().from(goamlSubjects, inArray(goamlSubjects.customerId, customerIds));

export async function findSubject(scope: TenantScope, customerId: string) {
  const [row] = await scope.db
    .select()
    .from(goamlSubjects, eq(goamlSubjects.customerId, customerId))
    .limit(1);
  return row;
}

export const upsertSubject = (scope: TenantScope, customerId: string, subject: unknown, at: string) =>
  scope.db
    .insert(goamlSubjects)
    .values({ customerId, subject, updatedAt: at })
    .onConflictDoUpdate({
      target: [goamlSubjects.tenantId, goamlSubjects.customerId],
      set: { subject, updatedAt: at },
    });

// ---- what reports are built from (other modules' read models) -----------------------------

export async function findCase(scope: TenantScope, caseId: string) {
  const [row] = await scope.db.select().from(amlCases, eq(amlCases.id, caseId));
  return row;
}

export async function findCustomer(scope: TenantScope, id: string) {
  const [row] = await scope.db.select().from(customers, eq(customers.id, id));
  return row;
}

export const accountsByIds = (scope: TenantScope, ids: string[]) =>
  ids.length === 0 ? Promise.resolve([]) : scope.db.select().from(accounts, inArray(accounts.id, ids));

/** Our accounts by account number (external id), in chunks under D1's 100 bound parameters. */
export async function accountsByExternalIds(scope: TenantScope, numbers: string[]) {
  const chunks: string[][] = [];
  for (let i = 0; i < numbers.length; i += 90) chunks.push(numbers.slice(i, i + 90));
  const rows = await Promise.all(
    chunks.map((chunk) =>
      scope.db
        .select({ externalId: accounts.externalId, name: accounts.name, customerId: accounts.customerId })
        .from(accounts, inArray(accounts.externalId, chunk)),
    ),
  );
  return rows.flat();
}

const movedMoney = or(
  eq(transactions.status, "completed"),
  notInArray(transactions.status, [...FAILED_STATUSES]),
);

/** The entity's transactions in [from, to] that moved money, newest first, at most `limit`. */
export const entityTransactions = (
  scope: TenantScope,
  entity: { customerId?: string; accountId?: string },
  from: string,
  to: string,
  limit: number,
) =>
  scope.db
    .select()
    .from(
      transactions,
      entity.accountId ? eq(transactions.accountId, entity.accountId) : undefined,
      entity.customerId ? eq(transactions.customerId, entity.customerId) : undefined,
      gte(transactions.transactionDate, from),
      sql`${transactions.transactionDate} <= ${to}`,
      movedMoney,
    )
    .orderBy(desc(transactions.transactionDate), desc(transactions.id))
    .limit(limit);

/**
 * The day's cash (the given channels, any case, moved money, in [from, to)) that can reach the
 * threshold under the aggregation, oldest first, at most `limit`: each transaction at or above it
 * (`transaction`), else every cash transaction of a customer whose day total (per direction, or
 * both together) reaches it. The domain (selectCtrCash) then keeps exactly the qualifying ones.
 */
export async function ctrCandidates(
  scope: TenantScope,
  q: {
    channels: string[];
    thresholdMinor: number;
    aggregation: "transaction" | "subject_day" | "subject_day_by_direction";
    from: string;
    to: string;
    limit: number;
  },
) {
  const cash = [
    gte(transactions.transactionDate, q.from),
    lt(transactions.transactionDate, q.to),
    inArray(
      sql`lower(${transactions.channel})`,
      q.channels.map((c) => c.toLowerCase()),
    ),
    movedMoney,
  ];
  const ordered = (...extra: SQL[]) =>
    scope.db
      .select()
      .from(transactions, ...cash, ...extra)
      .orderBy(transactions.transactionDate, transactions.id)
      .limit(q.limit);
  if (q.aggregation === "transaction") return ordered(gte(transactions.amountMinor, q.thresholdMinor));
  const groups =
    q.aggregation === "subject_day"
      ? [transactions.customerId]
      : [transactions.customerId, transactions.type];
  const subjects = await scope.db
    .select({ customerId: transactions.customerId })
    .from(transactions, ...cash)
    .groupBy(...groups)
    .having(sql`sum(${transactions.amountMinor}) >= ${q.thresholdMinor}`);
  const ids = [...new Set(subjects.map((s) => s.customerId))];
  const rows = [];
  for (let i = 0; i < ids.length && rows.length < q.limit; i += 80)
    rows.push(...(await ordered(inArray(transactions.customerId, ids.slice(i, i + 80)))));
  return rows
    .sort((a, b) =>
      a.transactionDate === b.transactionDate
        ? a.id < b.id
          ? -1
          : 1
        : a.transactionDate < b.transactionDate
          ? -1
          : 1,
    )
    .slice(0, q.limit);
}

export const customersByIds = (scope: TenantScope, ids: string[]) =>
  ids.length === 0 ? Promise.resolve([]) : scope.db.select().from(customers, inArray(customers.id, ids));
