import { asc, eq, gt, gte, sql } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import { listOrder, type PageRequest, tablePage } from "../../db/keyset";
import { sanctionsCases, sanctionsClearances, sanctionsSettings } from "../../db/shard/sanctions";
import { inJsonList } from "../../db/sql";
import { customers } from "../data/read-model";

export type CaseRow = typeof sanctionsCases.$inferSelect;
export type SettingsRow = typeof sanctionsSettings.$inferSelect;
export type NewCase = Omit<typeof sanctionsCases.$inferInsert, "tenantId">;

export const findSettings = (scope: TenantScope) => settingsQuery(scope).get();

/** The tenant's settings row as a statement for a caller's D1 batch (its result: zero or one row). */
export const settingsQuery = (scope: TenantScope) => scope.db.select().from(sanctionsSettings);

export const upsertSettings = (scope: TenantScope, listIds: string[], threshold: number, at: string) =>
  scope.db
    .insert(sanctionsSettings)
    .values({ listIds, threshold, updatedAt: at })
    .onConflictDoUpdate({ target: sanctionsSettings.tenantId, set: { listIds, threshold, updatedAt: at } });

export const findCase = (scope: TenantScope, id: string) =>
  scope.db.select().from(sanctionsCases, eq(sanctionsCases.id, id)).get();

const caseOrder = listOrder("sanctions-cases", sanctionsCases, { createdAt: "desc", id: "desc" });

export function casePage(
  scope: TenantScope,
  filter: { state?: CaseRow["state"]; subjectId?: string },
  page: PageRequest,
) {
  const where = [
    filter.state ? eq(sanctionsCases.state, filter.state) : undefined,
    filter.subjectId ? eq(sanctionsCases.subjectId, filter.subjectId) : undefined,
  ];
  return tablePage(scope.db, sanctionsCases, caseOrder, filter, where, page);
}

/** The open cases of these subjects (to update rather than open again); the ids are one JSON parameter. */
export const openCasesOf = (scope: TenantScope, subjectType: CaseRow["subjectType"], subjectIds: string[]) =>
  subjectIds.length === 0
    ? Promise.resolve([] as CaseRow[])
    : scope.db
        .select()
        .from(
          sanctionsCases,
          eq(sanctionsCases.subjectType, subjectType),
          inJsonList(sanctionsCases.subjectId, subjectIds),
          eq(sanctionsCases.state, "potential_match"),
        );

/** The false positives remembered for these subjects. */
export const clearancesOf = (scope: TenantScope, subjectType: string, subjectIds: string[]) =>
  subjectIds.length === 0
    ? Promise.resolve([] as (typeof sanctionsClearances.$inferSelect)[])
    : scope.db
        .select()
        .from(
          sanctionsClearances,
          eq(sanctionsClearances.subjectType, subjectType),
          inJsonList(sanctionsClearances.subjectId, subjectIds),
        );

export const insertCase = (scope: TenantScope, row: NewCase) => scope.db.insert(sanctionsCases).values(row);

/** A new hit on an open case: the latest entry hash, score and match; still open. */
export const refreshCase = (
  scope: TenantScope,
  id: string,
  patch: Pick<CaseRow, "entryHash" | "matchedName" | "score" | "hit" | "source" | "updatedAt"> &
    Partial<Pick<CaseRow, "transactionIds">>,
) =>
  scope.db
    .update(sanctionsCases)
    .set(patch)
    .where(eq(sanctionsCases.id, id), eq(sanctionsCases.state, "potential_match"));

/** A decision on a case still open (and, for a clear, still asked by `requestedBy`): changes nothing otherwise. */
export const decideCase = (
  scope: TenantScope,
  id: string,
  patch: Partial<NewCase>,
  requestedBy?: string | null,
) =>
  scope.db
    .update(sanctionsCases)
    .set(patch)
    .where(
      eq(sanctionsCases.id, id),
      eq(sanctionsCases.state, "potential_match"),
      requestedBy === undefined
        ? undefined
        : requestedBy === null
          ? sql`${sanctionsCases.clearRequestedBy} IS NULL`
          : eq(sanctionsCases.clearRequestedBy, requestedBy),
    )
    .returning();

export const rememberClearance = (scope: TenantScope, c: CaseRow, at: string) =>
  scope.db
    .insert(sanctionsClearances)
    .values({
      subjectType: c.subjectType,
      subjectId: c.subjectId,
      listId: c.listId,
      entryRef: c.entryRef,
      entryHash: c.entryHash,
      caseId: c.id,
      clearedAt: at,
    })
    .onConflictDoUpdate({
      target: [
        sanctionsClearances.tenantId,
        sanctionsClearances.subjectType,
        sanctionsClearances.subjectId,
        sanctionsClearances.listId,
        sanctionsClearances.entryRef,
      ],
      set: { entryHash: c.entryHash, caseId: c.id, clearedAt: at },
    });

/** A page of the tenant's customers by id (a rescreen), or updated since `since` (after ingest). */
export function customerPage(scope: TenantScope, at: { since?: string; afterId?: string }, limit: number) {
  return scope.db
    .select({
      id: customers.id,
      name: customers.name,
      type: customers.type,
      businessInfo: customers.businessInfo,
    })
    .from(
      customers,
      at.since ? gte(customers.updatedAt, at.since) : undefined,
      at.afterId ? gt(customers.id, at.afterId) : undefined,
    )
    .orderBy(asc(customers.id))
    .limit(limit);
}
