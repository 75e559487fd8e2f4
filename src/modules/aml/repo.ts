import { and, asc, desc, eq, inArray, isNull, lte, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import { jsonRowsInsert } from "../../db/json-rows";
import { listOrder, type PageRequest, tablePage } from "../../db/keyset";
import {
  type AmlCaseHistoryRow,
  type AmlCaseSubjectRow,
  amlCaseHistory,
  amlCaseSubjects,
  amlCases,
  amlCaseTags,
} from "../../db/shard/aml";
import { inJsonList } from "../../db/sql";
import type { Anchor } from "../cases/domain/anchor";
import type { WorkSet } from "../cases/domain/projection";
import type { CaseWork } from "../cases/domain/work";
import { workWrites } from "../cases/work/service";
import { accounts } from "../data/read-model";

export const CLOSED_STATUSES = ["closed_false_positive", "closed_no_action", "closed_reported"];

export interface Page {
  limit: number;
  offset: number;
}

// ---- entities ---------------------------------------------------------------------------

/** Accounts have no lookup in the data service; existence only, scoped to the tenant. */
export const accountExists = async (scope: TenantScope, accountId: string) =>
  Boolean(await scope.db.select({ id: accounts.id }).from(accounts, eq(accounts.id, accountId)).get());

// ---- cases ------------------------------------------------------------------------------

export type NewCase = typeof amlCases.$inferInsert;
export type NewHistory = typeof amlCaseHistory.$inferInsert;
export type NewCaseSubject = Omit<typeof amlCaseSubjects.$inferInsert, "tenantId">;

/** Subjects added to a case already open (a later scheme of its rule); ones it lists stay as they are. */
export const addCaseSubjects = (scope: TenantScope, subjects: readonly NewCaseSubject[]) =>
  subjects.length === 0
    ? Promise.resolve()
    : scope.db.batchSql(jsonRowsInsert(scope, amlCaseSubjects, subjects, { skipConflicts: true }));

/** The listed subjects of these cases (scheme cases; others list none), in one statement. */
export async function caseSubjects(scope: TenantScope, caseIds: readonly string[]) {
  const out = new Map<string, AmlCaseSubjectRow[]>();
  if (caseIds.length === 0) return out;
  const rows = await scope.db
    .select()
    .from(amlCaseSubjects, inJsonList(amlCaseSubjects.caseId, caseIds))
    .orderBy(asc(amlCaseSubjects.caseId), asc(amlCaseSubjects.createdAt))
    .all();
  for (const r of rows) out.set(r.caseId, [...(out.get(r.caseId) ?? []), r]);
  return out;
}

/**
 * Opens each case unless a non-closed one exists for its rule and entity (the partial
 * unique index decides, so concurrent evaluations cannot both open one); its `created`
 * history entry is written only when the case was. One atomic batch.
 */
export async function openCases(
  scope: TenantScope,
  items: Array<{ row: NewCase; created: NewHistory; anchor: Anchor }>,
) {
  if (items.length === 0) return;
  const statements = items.flatMap(({ row, created: h, anchor }) => [
    scope.db.insert(amlCases).values(row).onConflictDoNothing(),
    // INSERT ... SELECT: the created entry exists only if the case row was inserted.
    scope.db.insert(amlCaseHistory).select(
      scope.db
        .select({
          id: sql`${h.id}`.as("id"),
          tenantId: sql`${h.tenantId}`.as("tenant_id"),
          caseId: sql`${h.caseId}`.as("case_id"),
          sequence: sql`${h.sequence}`.as("sequence"),
          eventType: sql`${h.eventType}`.as("event_type"),
          fromStatus: sql`${h.fromStatus ?? null}`.as("from_status"),
          toStatus: sql`${h.toStatus}`.as("to_status"),
          actorType: sql`${h.actorType}`.as("actor_type"),
          actorId: sql`${h.actorId}`.as("actor_id"),
          actorName: sql`${h.actorName ?? null}`.as("actor_name"),
          actorKeyId: sql`${h.actorKeyId ?? null}`.as("actor_key_id"),
          note: sql`${h.note ?? null}`.as("note"),
          details: sql`${null}`.as("details"),
          createdAt: sql`${h.createdAt}`.as("created_at"),
          previousHash: sql`${h.previousHash}`.as("previous_hash"),
          hash: sql`${h.hash}`.as("hash"),
          redactedAt: sql`${null}`.as("redacted_at"),
        })
        .from(amlCases, eq(amlCases.id, h.caseId)),
    ),
    // Changes nothing when the case row was not inserted (its id exists only if it was).
    anchorStatement(scope, h.caseId, h.sequence, anchor),
  ]);
  await scope.db.batch(statements as never);
}

/** The non-closed cases of an entity for the given rules. */
export const openCasesFor = (scope: TenantScope, entityType: string, entityId: string, ruleIds: string[]) =>
  scope.db
    .select()
    .from(
      amlCases,
      eq(amlCases.entityType, entityType),
      eq(amlCases.entityId, entityId),
      inArray(amlCases.ruleId, ruleIds),
      notInArray(amlCases.status, CLOSED_STATUSES),
    )
    .all();

export const findCase = (scope: TenantScope, caseId: string) =>
  scope.db.select().from(amlCases, eq(amlCases.id, caseId)).get();

export const caseHistory = (scope: TenantScope, caseId: string): Promise<AmlCaseHistoryRow[]> =>
  scope.db
    .select()
    .from(amlCaseHistory, eq(amlCaseHistory.caseId, caseId))
    .orderBy(asc(amlCaseHistory.sequence))
    .all();

export const headOf = (scope: TenantScope, caseId: string) =>
  scope.db
    .select()
    .from(amlCaseHistory, eq(amlCaseHistory.caseId, caseId))
    .orderBy(desc(amlCaseHistory.sequence))
    .limit(1)
    .get();

/**
 * Stores the anchor of the head the history just reached, and the case-work columns the entry
 * moved (guarded by that head's sequence).
 */
const anchorStatement = (
  scope: TenantScope,
  caseId: string,
  sequence: number,
  anchor: Anchor,
  set: WorkSet = {},
) =>
  scope.db
    .update(amlCases)
    .set({ ...set, headAnchor: anchor.anchor, headAnchorKeyId: anchor.keyId })
    .where(eq(amlCases.id, caseId), eq(amlCases.eventCount, sequence));

export interface AppendExtras {
  /** The case-work projection before and after the entry, written by the cases module's one writer. */
  work?: { before: CaseWork; after: CaseWork };
  /** Statements of other modules to commit with the entry (an outbox event). */
  statements?: unknown[];
}

/**
 * Appends one entry, its head's anchor and the projection it moved in one batch; the database
 * refuses the entry unless it follows the head (then: false, and nothing is written).
 */
export async function appendHistory(
  scope: TenantScope,
  entry: NewHistory,
  anchor: Anchor,
  extras: AppendExtras = {},
): Promise<boolean> {
  const work = extras.work
    ? workWrites(scope, amlCaseTags, entry.caseId, extras.work.before, extras.work.after, entry.createdAt)
    : { set: {}, statements: [] };
  try {
    await scope.db.batch([
      scope.db.insert(amlCaseHistory).values(entry),
      anchorStatement(scope, entry.caseId, entry.sequence, anchor, work.set),
      ...(work.statements as []),
      ...((extras.statements ?? []) as []),
    ] as never);
    return true;
  } catch (error) {
    const text = String((error as { cause?: unknown })?.cause ?? error);
    if (/does not follow the head|UNIQUE constraint/i.test(text)) return false;
    throw error;
  }
}

export interface CaseFilter {
  status?: string[];
  entityType?: string;
  entityId?: string;
  ruleId?: string;
  assignedTo?: string;
  unassigned?: boolean;
  /** Open cases whose due date is at or before this instant (the `overdue` filter). */
  dueBy?: string;
  tag?: string;
}

const workWhere = (scope: TenantScope, f: CaseFilter): Array<SQL | undefined> => [
  f.assignedTo ? eq(amlCases.assigneeId, f.assignedTo) : undefined,
  f.unassigned ? isNull(amlCases.assigneeId) : undefined,
  f.dueBy ? lte(amlCases.dueAt, f.dueBy) : undefined,
  f.dueBy ? notInArray(amlCases.status, CLOSED_STATUSES) : undefined,
  f.tag
    ? inArray(
        amlCases.id,
        scope.db.select({ id: amlCaseTags.caseId }).from(amlCaseTags, eq(amlCaseTags.tag, f.tag)),
      )
    : undefined,
];

/**
 * The entity filters: a case opened on the entity, or one that lists it among its subjects (a
 * network scheme's case, found from each participant: aml_case_subjects).
 */
function entityWhere(scope: TenantScope, f: CaseFilter): Array<SQL | undefined> {
  if (!f.entityId) return [f.entityType ? eq(amlCases.entityType, f.entityType) : undefined];
  const type = (column: typeof amlCases.entityType | typeof amlCaseSubjects.entityType) =>
    f.entityType ? eq(column, f.entityType) : undefined;
  return [
    or(
      and(eq(amlCases.entityId, f.entityId), type(amlCases.entityType)),
      inArray(
        amlCases.id,
        scope.db
          .select({ id: amlCaseSubjects.caseId })
          .from(amlCaseSubjects, eq(amlCaseSubjects.entityId, f.entityId), type(amlCaseSubjects.entityType)),
      ),
    ),
  ];
}

const amlCaseOrder = listOrder("aml-cases", amlCases, { createdAt: "desc", id: "desc" });

export function listCases(scope: TenantScope, filter: CaseFilter, page: PageRequest) {
  const where = [
    filter.status?.length ? inArray(amlCases.status, filter.status) : undefined,
    ...entityWhere(scope, filter),
    filter.ruleId ? eq(amlCases.ruleId, filter.ruleId) : undefined,
    ...workWhere(scope, filter),
  ];
  // The overdue cut-off moves with the clock: the cursor records only that it was asked for.
  const fingerprinted = { ...filter, dueBy: filter.dueBy === undefined ? undefined : "now" };
  return tablePage(scope.db, amlCases, amlCaseOrder, fingerprinted, where, page);
}
