import { asc, count, desc, eq, gte, inArray, isNull, lt, lte, notLike, sql } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import { keysetPage, listOrder, type PageRequest } from "../../db/keyset";
import type { FraudCaseEventRow, FraudCaseHeadRow, FraudCaseRow } from "../../db/shard/fraud";
import { fraudCaseEvents, fraudCaseHeads, fraudCases, fraudCaseTags } from "../../db/shard/fraud";
import { type Placeholders, statementTemplate } from "../../db/statement-template";
import type { CaseWork } from "../cases/domain/work";
import { workWrites } from "../cases/work/service";
import { accounts, transactions } from "../data/read-model";
import { eventInsertOnce } from "../events/service";

export interface Page {
  limit: number;
  offset: number;
}

// ---- entity activity ---------------------------------------------------------------------

export const findAccount = (scope: TenantScope, accountId: string) =>
  scope.db
    .select({ id: accounts.id, createdAt: accounts.createdAt })
    .from(accounts, eq(accounts.id, accountId))
    .get();

export type ActivityKey = { column: "customer" | "account" | "agent" | "merchant"; value: string };

const ENTITY_COLUMN = {
  customer: transactions.customerId,
  account: transactions.accountId,
  agent: transactions.agentId,
  merchant: transactions.merchantName,
} as const;

/**
 * The entity's last transaction before `before` (the baseline's edge), as one row ({ at }): a
 * template (src/db/statement-template.ts), its text built once per key column.
 */
export const lastActivityBeforeQuery = (scope: TenantScope, key: ActivityKey, before: string) =>
  lastActivityBeforeTemplate(scope, key.column, { value: key.value, before });

const lastActivityBeforeTemplate = statementTemplate(
  (db, column: ActivityKey["column"], p: Placeholders<{ value: string; before: string }>) =>
    db
      .select({ at: sql<string | null>`max(${transactions.transactionDate})` })
      .from(transactions, eq(ENTITY_COLUMN[column], p.value), lt(transactions.transactionDate, p.before)),
);

export async function lastActivityBefore(scope: TenantScope, key: ActivityKey, before: string) {
  const [row] = await lastActivityBeforeQuery(scope, key, before);
  return row?.at ?? null;
}

// ---- cases -------------------------------------------------------------------------------

export interface CaseWithHead {
  case: FraudCaseRow;
  head: FraudCaseHeadRow;
}

export async function findCase(scope: TenantScope, caseId: string): Promise<CaseWithHead | undefined> {
  const row = await scope.db
    .select({ case: fraudCases, head: fraudCaseHeads })
    .from(fraudCases, eq(fraudCases.id, caseId))
    .innerJoin(fraudCaseHeads, scope.db.on(fraudCaseHeads, eq(fraudCaseHeads.caseId, fraudCases.id)))
    .get();
  return row ?? undefined;
}

export const findHead = (scope: TenantScope, caseId: string) =>
  scope.db.select().from(fraudCaseHeads, eq(fraudCaseHeads.caseId, caseId)).get();

export const findCaseIdByAlert = (scope: TenantScope, alertId: string) =>
  scope.db.select({ id: fraudCases.id }).from(fraudCases, eq(fraudCases.alertId, alertId)).get();

/** The newest case of the entity that is not in a closed_* status. */
export const findOpenCaseId = (scope: TenantScope, entityType: string, entityId: string) =>
  scope.db
    .select({ id: fraudCaseHeads.caseId })
    .from(
      fraudCaseHeads,
      eq(fraudCaseHeads.entityType, entityType),
      eq(fraudCaseHeads.entityId, entityId),
      notLike(fraudCaseHeads.currentStatus, "closed_%"),
    )
    .orderBy(desc(fraudCaseHeads.createdAt))
    .get();

/** Statements creating a case: the immutable row, its `created` event and the projection. */
export function createCaseStatements(
  scope: TenantScope,
  row: FraudCaseRow,
  created: FraudCaseEventRow,
  head: FraudCaseHeadRow,
) {
  return [
    scope.db.insert(fraudCases).values(row),
    scope.db.insert(fraudCaseEvents).values(created),
    scope.db.insert(fraudCaseHeads).values(head),
  ] as const;
}

/**
 * Statements appending consecutive events: the events (their unique (case_id,
 * event_sequence) refuses any stale sequence, which rolls back the whole batch) and the
 * projection moved from the sequence before the first to the last (its case-work columns and tag
 * rows as the cases module's one writer gives them).
 */
export function appendEventStatements(
  scope: TenantScope,
  events: FraudCaseEventRow[],
  outbox: Array<{ id: string; type: "case.sla_breached" | "case.assigned"; data: Record<string, unknown> }>,
  head: {
    status: string;
    lastEventAt: string;
    lastSequence: number;
    headHash: string;
    headAnchor: string;
    headAnchorKeyId: string;
    /** The case-work projection before the first event and after the last. */
    workBefore: CaseWork;
    work: CaseWork;
  },
) {
  const caseId = events[0].caseId;
  const at = events[events.length - 1].createdAt;
  const work = workWrites(scope, fraudCaseTags, caseId, head.workBefore, head.work, at);
  return [
    ...events.map((event) => scope.db.insert(fraudCaseEvents).values(event)),
    // One row per tag, so the list's tag filter is an index lookup: the cases module's one writer.
    ...work.statements,
    ...outbox.map((o) => eventInsertOnce(scope, o.id, o.type, o.data, at)),
    scope.db
      .update(fraudCaseHeads)
      .set({
        currentStatus: head.status,
        lastEventAt: head.lastEventAt,
        lastSequence: head.lastSequence,
        headHash: head.headHash,
        headAnchor: head.headAnchor,
        headAnchorKeyId: head.headAnchorKeyId,
        ...work.set,
      })
      .where(eq(fraudCaseHeads.caseId, caseId), eq(fraudCaseHeads.lastSequence, events[0].eventSequence - 1)),
  ];
}

export interface CaseFilter {
  entityType?: string;
  entityId?: string;
  severity?: string[];
  status?: string[];
  minScore?: number;
  maxScore?: number;
  startDate?: string;
  endDate?: string;
  assignedTo?: string;
  unassigned?: boolean;
  /** Open cases due at or before this instant (the `overdue` filter). */
  dueBy?: string;
  tag?: string;
}

const headWhere = (scope: TenantScope, f: CaseFilter) => [
  f.assignedTo ? eq(fraudCaseHeads.assigneeId, f.assignedTo) : undefined,
  f.unassigned ? isNull(fraudCaseHeads.assigneeId) : undefined,
  f.dueBy ? lte(fraudCaseHeads.dueAt, f.dueBy) : undefined,
  f.dueBy ? notLike(fraudCaseHeads.currentStatus, "closed_%") : undefined,
  f.tag
    ? inArray(
        fraudCaseHeads.caseId,
        scope.db.select({ id: fraudCaseTags.caseId }).from(fraudCaseTags, eq(fraudCaseTags.tag, f.tag)),
      )
    : undefined,
  f.entityType ? eq(fraudCaseHeads.entityType, f.entityType) : undefined,
  f.entityId ? eq(fraudCaseHeads.entityId, f.entityId) : undefined,
  f.severity?.length ? inArray(fraudCaseHeads.severity, f.severity) : undefined,
  f.status?.length ? inArray(fraudCaseHeads.currentStatus, f.status) : undefined,
  f.minScore !== undefined ? gte(fraudCaseHeads.overallScore, f.minScore) : undefined,
  f.maxScore !== undefined ? lte(fraudCaseHeads.overallScore, f.maxScore) : undefined,
  f.startDate ? gte(fraudCaseHeads.createdAt, f.startDate) : undefined,
  f.endDate ? lte(fraudCaseHeads.createdAt, f.endDate) : undefined,
];

const caseOrder = listOrder(
  "fraud-cases",
  fraudCaseHeads,
  { createdAt: "desc", caseId: "desc" },
  { rowOf: (row: { case: FraudCaseRow; head: FraudCaseHeadRow }) => row.head },
);

export function listCases(scope: TenantScope, filter: CaseFilter, page: PageRequest) {
  const where = headWhere(scope, filter);
  // Not db.batch: D1 batch results come back keyed by column name, so the two tables'
  // same-named columns (created_at, entity_type, severity, ...) would overwrite each other.
  // The overdue cut-off moves with the clock: the cursor records only that it was asked for.
  const fingerprinted = { ...filter, dueBy: filter.dueBy === undefined ? undefined : "now" };
  return keysetPage(caseOrder, fingerprinted, page, {
    rows: (plan) =>
      scope.db
        .select({ case: fraudCases, head: fraudCaseHeads })
        .from(fraudCaseHeads, ...where, plan.after)
        .innerJoin(fraudCases, scope.db.on(fraudCases, eq(fraudCases.id, fraudCaseHeads.caseId)))
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset),
    count: async () =>
      (
        await scope.db
          .select({ n: count() })
          .from(fraudCaseHeads, ...where)
          .get()
      )?.n ?? 0,
  });
}

export async function caseStats(scope: TenantScope) {
  const grouped = (column: "currentStatus" | "severity" | "entityType") =>
    scope.db
      .select({ key: sql<string>`${fraudCaseHeads[column]}`, n: count() })
      .from(fraudCaseHeads)
      .groupBy(fraudCaseHeads[column]);
  const [[totals], byStatus, bySeverity, byEntityType] = await scope.db.batch([
    scope.db
      .select({
        total: count(),
        avgScore: sql<number | null>`avg(${fraudCaseHeads.overallScore})`,
        openCount: sql<number>`coalesce(sum(${fraudCaseHeads.currentStatus} NOT LIKE 'closed_%'), 0)`,
        criticalCount: sql<number>`coalesce(sum(${fraudCaseHeads.severity} = 'critical'), 0)`,
      })
      .from(fraudCaseHeads),
    grouped("currentStatus"),
    grouped("severity"),
    grouped("entityType"),
  ]);
  return { totals, byStatus, bySeverity, byEntityType };
}

const eventOrder = listOrder("fraud-case-events", fraudCaseEvents, { eventSequence: "asc" });

/** eventSequence is unique within a case, and the case id is part of the cursor's filters. */
export function listEvents(scope: TenantScope, caseId: string, page: PageRequest) {
  const where = eq(fraudCaseEvents.caseId, caseId);
  return keysetPage(eventOrder, { caseId }, page, {
    rows: (plan) =>
      scope.db
        .select()
        .from(fraudCaseEvents, where, plan.after)
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset),
    count: async () => (await scope.db.select({ n: count() }).from(fraudCaseEvents, where).get())?.n ?? 0,
  });
}

export const allEvents = (scope: TenantScope, caseId: string) =>
  scope.db
    .select()
    .from(fraudCaseEvents, eq(fraudCaseEvents.caseId, caseId))
    .orderBy(asc(fraudCaseEvents.eventSequence));

export const findCaseRow = (scope: TenantScope, caseId: string) =>
  scope.db.select().from(fraudCases, eq(fraudCases.id, caseId)).get();
