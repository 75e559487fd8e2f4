import { count, eq, getTableColumns, isNotNull, type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import { countRows, keysetPage, listOrder, type PageRequest, planned } from "../../db/keyset";
import { type BhiRecordRow, bhiJobs, bhiLatest, bhiRecords } from "../../db/shard/bhi";
import { inJsonList } from "../../db/sql";
import { tenantSql } from "../../db/tenant-tables";
import { customers } from "../data/read-model";

import type { Target } from "./domain/targets";

export type { Target };

export type Page = PageRequest;

export function targetFilter(column: SQL, target: Target): SQL {
  if (target.kind === "ids") return sql` AND ${inJsonList(column, target.ids)}`;
  if (target.kind === "range") {
    const after = target.afterId === null ? sql`` : sql` AND ${column} > ${target.afterId}`;
    return sql`${after} AND ${column} <= ${target.throughId}`;
  }
  return sql``;
}

export const countCustomers = async (scope: TenantScope) =>
  (await scope.db.select({ n: count() }).from(customers).get())?.n ?? 0;

/** Customers of a target in id order (names for reports, ids for the run). */
export function customersOf(scope: TenantScope, target: Target, limit?: number) {
  return scope.db.all<{ id: string }>(sql`
    SELECT id FROM customers WHERE ${tenantSql(scope)}${targetFilter(sql`id`, target)}
    ORDER BY id ${limit ? sql`LIMIT ${limit}` : sql``}`);
}

// ---- reads -----------------------------------------------------------------------------

/** A record's columns and whether it is the latest (the left-joined pointer names it). */
const recordWithLatest = {
  ...getTableColumns(bhiRecords),
  isLatest: sql<boolean>`${isNotNull(bhiLatest.recordId)}`.mapWith(Boolean).as("is_latest"),
};
const latestRecordColumns = {
  ...getTableColumns(bhiRecords),
  isLatest: sql<boolean>`1`.mapWith(Boolean).as("is_latest"),
};
/** The pointer naming a record, for the record's LEFT JOIN to it. */
const pointsAtRecord = [
  eq(bhiLatest.customerId, bhiRecords.customerId),
  eq(bhiLatest.recordId, bhiRecords.id),
];

/** Latest records: the pointers joined to the records they name. */
const selectLatestRecords = (scope: TenantScope, ...conditions: (SQL | undefined)[]) =>
  scope.db
    .select(latestRecordColumns)
    .from(bhiLatest, ...conditions)
    .innerJoin(bhiRecords, scope.db.on(bhiRecords, eq(bhiRecords.id, bhiLatest.recordId)));

/** The latest records of several customers, in one statement (GraphQL's nested lookups). */
export const findLatestOf = (scope: TenantScope, customerIds: readonly string[]): Promise<BhiRecordRow[]> =>
  selectLatestRecords(scope, inJsonList(bhiLatest.customerId, customerIds)).all();

export const findLatest = (scope: TenantScope, customerId: string): Promise<BhiRecordRow | undefined> =>
  selectLatestRecords(scope, eq(bhiLatest.customerId, customerId)).get();

export interface RecordFilter {
  customerId?: string;
  bhiBand?: string;
  trend?: string;
  isLatest: boolean;
}

/** The filter on the pointers (latest records) or on all records: both have these columns. */
const filterOn = (table: typeof bhiLatest | typeof bhiRecords, filter: RecordFilter) => [
  filter.customerId ? eq(table.customerId, filter.customerId) : undefined,
  filter.bhiBand ? eq(table.bhiBand, filter.bhiBand) : undefined,
  filter.trend ? eq(table.trend, filter.trend) : undefined,
];

const latestOrder = listOrder(
  "bhi-records",
  bhiLatest,
  { createdAt: "desc", version: "desc", recordId: "desc" },
  { rowOf: (row: BhiRecordRow) => ({ createdAt: row.createdAt, version: row.version, recordId: row.id }) },
);
const recordOrder = listOrder<typeof bhiRecords, BhiRecordRow>("bhi-records", bhiRecords, {
  createdAt: "desc",
  version: "desc",
  id: "desc",
});
/** Versions are numbered per customer, and the customer is part of the cursor's filters. */
const historyOrder = listOrder<typeof bhiRecords, BhiRecordRow>("bhi-history", bhiRecords, {
  version: "desc",
});

export function listRecords(scope: TenantScope, filter: RecordFilter, page: Page) {
  // Latest records only (the default) are filtered and ordered on the small pointer table.
  const table = filter.isLatest ? bhiLatest : bhiRecords;
  const where = filterOn(table, filter);
  return keysetPage(filter.isLatest ? latestOrder : recordOrder, filter, page, {
    rows: (plan) =>
      filter.isLatest
        ? planned(selectLatestRecords(scope, ...where, plan.after), plan)
        : (planned(
            scope.db
              .select(recordWithLatest)
              .from(bhiRecords, ...where, plan.after)
              .leftJoin(bhiLatest, scope.db.on(bhiLatest, ...pointsAtRecord)),
            plan,
          ) as Promise<BhiRecordRow[]>),
    count: countRows(scope.db, table, ...where),
  });
}

/** A customer's records, newest first (by version, so equal timestamps keep their order). */
export function history(scope: TenantScope, customerId: string, page: Page) {
  const where = eq(bhiRecords.customerId, customerId);
  return keysetPage(historyOrder, { customerId }, page, {
    rows: (plan) =>
      planned(
        scope.db
          .select(recordWithLatest)
          .from(bhiRecords, where, plan.after)
          .leftJoin(bhiLatest, scope.db.on(bhiLatest, ...pointsAtRecord)),
        plan,
      ) as Promise<BhiRecordRow[]>,
    count: countRows(scope.db, bhiRecords, where),
  });
}

export interface SummaryRow {
  total: number;
  average: number | null;
  excellent: number;
  good: number;
  fair: number;
  poor: number;
  critical: number;
  improving: number;
  stable: number;
  declining: number;
  volatile: number;
  alerts: number;
}

export async function summary(scope: TenantScope): Promise<SummaryRow> {
  const rows = await scope.db.all<SummaryRow>(sql`
    SELECT COUNT(*) AS total, AVG(bhi_overall) AS average,
      COALESCE(SUM(bhi_band = 'excellent'), 0) AS excellent, COALESCE(SUM(bhi_band = 'good'), 0) AS good,
      COALESCE(SUM(bhi_band = 'fair'), 0) AS fair, COALESCE(SUM(bhi_band = 'poor'), 0) AS poor,
      COALESCE(SUM(bhi_band = 'critical'), 0) AS critical,
      COALESCE(SUM(trend = 'improving'), 0) AS improving, COALESCE(SUM(trend = 'stable'), 0) AS stable,
      COALESCE(SUM(trend = 'declining'), 0) AS declining, COALESCE(SUM(trend = 'volatile'), 0) AS volatile,
      COALESCE(SUM(alert_count), 0) AS alerts
    FROM bhi_latest WHERE ${tenantSql(scope)}`);
  return rows[0];
}

// ---- jobs ------------------------------------------------------------------------------

export const insertJob = (scope: TenantScope, job: typeof bhiJobs.$inferInsert) =>
  scope.db.insert(bhiJobs).values(job);

export const findJob = (scope: TenantScope, jobId: string) =>
  scope.db.select().from(bhiJobs, eq(bhiJobs.id, jobId)).get();

export const updateJob = (scope: TenantScope, jobId: string, fields: Partial<typeof bhiJobs.$inferInsert>) =>
  scope.db.update(bhiJobs).set(fields).where(eq(bhiJobs.id, jobId));
