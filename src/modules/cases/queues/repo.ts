import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import type { PagePlan } from "../../../db/keyset";
import { type CaseQueueRow, caseQueueEntries, caseQueues } from "../../../db/shard/cases";
import { tenantSql } from "../../../db/tenant-tables";
import type { QueueCaseKind } from "./domain/routing";

export type NewQueue = Omit<typeof caseQueues.$inferInsert, "tenantId">;
export type QueueChange = Partial<Omit<NewQueue, "id" | "createdAt">>;

/** A tenant has at most this many queues: routing reads them all for each opening. */
export const MAX_QUEUES = 100;

export const listQueues = (scope: TenantScope): Promise<CaseQueueRow[]> =>
  scope.db
    .select()
    .from(caseQueues)
    .orderBy(asc(caseQueues.priority), asc(caseQueues.createdAt), asc(caseQueues.id))
    .limit(MAX_QUEUES);

export async function findQueue(scope: TenantScope, id: string) {
  const [row] = await scope.db.select().from(caseQueues, eq(caseQueues.id, id)).limit(1);
  return row;
}

export async function findByName(scope: TenantScope, name: string) {
  const [row] = await scope.db.select().from(caseQueues, eq(caseQueues.name, name)).limit(1);
  return row;
}

export const insertQueue = (scope: TenantScope, row: NewQueue) => scope.db.insert(caseQueues).values(row);
export const updateQueue = (scope: TenantScope, id: string, change: QueueChange) =>
  scope.db.update(caseQueues).set(change).where(eq(caseQueues.id, id));
export const deleteQueue = (scope: TenantScope, id: string) =>
  scope.db.delete(caseQueues).where(eq(caseQueues.id, id));
export const deleteEntriesOf = (scope: TenantScope, queueId: string) =>
  scope.db.delete(caseQueueEntries).where(eq(caseQueueEntries.queueId, queueId));

export interface NewEntry {
  kind: QueueCaseKind;
  caseId: string;
  queueId: string;
  dueAt: string | null;
  risk: number;
}

/** Rows per insert: 7 bound values each, under D1's 100 per statement. */
const ENTRIES_PER_STATEMENT = 14;

/** The routed cases' rows, in one batch; a case routed already keeps its queue. */
export async function insertEntries(scope: TenantScope, entries: NewEntry[], at: string) {
  const statements = [];
  for (let i = 0; i < entries.length; i += ENTRIES_PER_STATEMENT) {
    const rows = entries.slice(i, i + ENTRIES_PER_STATEMENT).map((e) => ({
      tenantId: scope.tenantId,
      caseKind: e.kind,
      caseId: e.caseId,
      queueId: e.queueId,
      dueAt: e.dueAt,
      risk: e.risk,
      routedAt: at,
    }));
    statements.push(scope.db.insert(caseQueueEntries).values(rows).onConflictDoNothing());
  }
  const [first, ...rest] = statements;
  if (first) await scope.db.batch([first, ...rest]);
}

/** Case ids per read: with the tenant and the kind, under D1's 100 bound values a statement. */
const IDS_PER_READ = 90;

/** The queue of each of these cases of one kind (absent when not routed); a 500-case page is 6 reads. */
export async function queueIdsOf(scope: TenantScope, kind: QueueCaseKind, caseIds: string[]) {
  const chunks: string[][] = [];
  for (let i = 0; i < caseIds.length; i += IDS_PER_READ) chunks.push(caseIds.slice(i, i + IDS_PER_READ));
  const rows = await Promise.all(
    chunks.map((ids) =>
      scope.db
        .select({ caseId: caseQueueEntries.caseId, queueId: caseQueueEntries.queueId })
        .from(caseQueueEntries, eq(caseQueueEntries.caseKind, kind), inArray(caseQueueEntries.caseId, ids)),
    ),
  );
  return new Map(rows.flat().map((r) => [r.caseId, r.queueId]));
}

/** A row of a queue's open cases (the kinds' projections give the live status and due date). */
export interface QueueCaseRow {
  kind: QueueCaseKind;
  case_id: string;
  status: string;
  risk: number;
  due: string;
  due_at: string | null;
  opened_at: string;
  assignee_id: string | null;
}

/** Sorts after every real due date, so cases without one come last. */
export const NO_DUE = "9999-12-31T23:59:59.999Z";

/**
 * The queue's open cases of the kinds asked for, joined to each kind's projection for the live
 * status, due date (the STR clock can move it) and assignee. Closed means `closed_*` for both kinds.
 */
function openCases(scope: TenantScope, queueId: string, kinds: readonly QueueCaseKind[]): SQL {
  const branch = {
    fraud: sql`SELECT 'fraud' AS kind, e.case_id AS case_id, h.current_status AS status, e.risk AS risk,
        coalesce(h.due_at, ${NO_DUE}) AS due, h.due_at AS due_at, h.created_at AS opened_at, h.assignee_id AS assignee_id
      FROM case_queue_entries e JOIN fraud_case_heads h ON h.case_id = e.case_id
      WHERE ${tenantSql(scope, "e")} AND ${tenantSql(scope, "h")} AND e.queue_id = ${queueId} AND e.case_kind = 'fraud'
        AND h.current_status NOT LIKE 'closed_%'`,
    aml: sql`SELECT 'aml' AS kind, e.case_id AS case_id, a.status AS status, e.risk AS risk,
        coalesce(a.due_at, ${NO_DUE}) AS due, a.due_at AS due_at, a.created_at AS opened_at, a.assignee_id AS assignee_id
      FROM case_queue_entries e JOIN aml_cases a ON a.id = e.case_id
      WHERE ${tenantSql(scope, "e")} AND ${tenantSql(scope, "a")} AND e.queue_id = ${queueId} AND e.case_kind = 'aml'
        AND a.status NOT LIKE 'closed_%'`,
  };
  return sql.join(
    kinds.map((k) => branch[k]),
    sql` UNION ALL `,
  );
}

export function queueCasesPage(
  scope: TenantScope,
  queueId: string,
  kinds: readonly QueueCaseKind[],
  plan: PagePlan,
) {
  return scope.db.all<QueueCaseRow>(sql`SELECT * FROM (${openCases(scope, queueId, kinds)})
    WHERE ${plan.after ?? sql`1`} ORDER BY ${sql.join(plan.orderBy, sql`, `)}
    LIMIT ${plan.limit} OFFSET ${plan.offset}`);
}

export async function countOpen(
  scope: TenantScope,
  queueId: string,
  kinds: readonly QueueCaseKind[],
  now: string,
) {
  const [row] = await scope.db.all<{ open: number; overdue: number | null }>(
    sql`SELECT count(*) AS open, sum(due_at IS NOT NULL AND due_at < ${now}) AS overdue
      FROM (${openCases(scope, queueId, kinds)})`,
  );
  return { open: row?.open ?? 0, overdue: row?.overdue ?? 0 };
}

/** The one or two middle opening times of `open` open cases: what the median age needs. */
export async function middleOpenedAt(
  scope: TenantScope,
  queueId: string,
  kinds: readonly QueueCaseKind[],
  open: number,
): Promise<string[]> {
  if (open === 0) return [];
  const rows = await scope.db.all<{ opened_at: string }>(
    sql`SELECT opened_at FROM (${openCases(scope, queueId, kinds)}) ORDER BY opened_at, case_id
      LIMIT ${open % 2 === 1 ? 1 : 2} OFFSET ${Math.floor((open - 1) / 2)}`,
  );
  return rows.map((r) => r.opened_at);
}
