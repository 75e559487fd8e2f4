/**
 * Team queues (docs/decisions/case-work.md#team-queues): a tenant's inboxes, routing of new fraud
 * and AML cases to the first matching queue by priority, a queue's open cases and its figures.
 */
import { sql } from "drizzle-orm";
import { keysetPage, type ListOrder, type PageRequest } from "../../../db/keyset";
import type { CaseQueueRow } from "../../../db/shard/cases";
import type { TenantContext } from "../../../db/tenant-context";
import { isUniqueViolation } from "../../../db/unique-violation";
import { AppError, badRequest, conflict, notFound } from "../../../lib/errors";
import { grants, type Scope } from "../../../lib/scopes";
import { tenantAuditInsert } from "../../audit/service";
import {
  medianAgeHours,
  pickQueue,
  type QueueCaseKind,
  type RiskLevel,
  type RoutableCase,
  riskLevelOf,
  riskRank,
} from "./domain/routing";
import * as repo from "./repo";
import { unknownMembers } from "./steps/member-directory";

export type { RoutableCase } from "./domain/routing";

export interface QueueInput {
  name: string;
  priority: number;
  kinds: QueueCaseKind[];
  typologies: string[];
  minRiskLevel: RiskLevel | null;
  members: string[];
}

export const presentQueue = (row: CaseQueueRow) => ({
  id: row.id,
  name: row.name,
  priority: row.priority,
  kinds: row.kinds,
  typologies: row.typologies,
  minRiskLevel: row.minRiskLevel,
  members: row.members,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

const nameTaken = (name: string) =>
  new AppError("conflict", `A queue named ${name} exists`, [{ path: "name", message: "already used" }]);

async function loadQueue(ctx: TenantContext, queueId: string) {
  const row = await repo.findQueue(ctx, queueId);
  if (!row) throw notFound("Case queue");
  return row;
}

/** The unique name index refuses a concurrent duplicate; answered as the read-time check would. */
async function writeOrNameTaken(name: string, write: () => Promise<unknown>) {
  try {
    await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

/** Members must be the tenant's enabled users: 400 naming each that is not. */
async function assertMembersAreUsers(ctx: TenantContext, members: readonly string[] | undefined) {
  const unknown = await unknownMembers(ctx, members ?? []);
  if (unknown.length)
    throw badRequest(
      "Queue members must be enabled users of this tenant (POST /v1/users)",
      unknown.map((i) => ({ path: `members.${i}`, message: "not an enabled user of this tenant" })),
    );
}

export async function createQueue(ctx: TenantContext, input: QueueInput) {
  await assertMembersAreUsers(ctx, input.members);
  if (await repo.findByName(ctx, input.name)) throw nameTaken(input.name);
  if ((await repo.listQueues(ctx)).length >= repo.MAX_QUEUES)
    throw conflict(`A tenant has at most ${repo.MAX_QUEUES} case queues`);
  const now = ctx.clock.now().toISOString();
  const row: CaseQueueRow = {
    id: crypto.randomUUID(),
    tenantId: ctx.tenantId,
    ...input,
    createdAt: now,
    updatedAt: now,
  };
  const queue = presentQueue(row);
  await writeOrNameTaken(input.name, () =>
    ctx.db.batch([
      repo.insertQueue(ctx, row),
      tenantAuditInsert(ctx, {
        action: "case_queue.created",
        target: { type: "case_queue", id: row.id },
        after: queue,
      }),
    ]),
  );
  return queue;
}

export const listQueues = async (ctx: TenantContext) => (await repo.listQueues(ctx)).map(presentQueue);

export const getQueue = async (ctx: TenantContext, queueId: string) =>
  presentQueue(await loadQueue(ctx, queueId));

/** A change applies to cases opened afterwards: routed cases stay in their queue. */
export async function updateQueue(ctx: TenantContext, queueId: string, change: Partial<QueueInput>) {
  const before = presentQueue(await loadQueue(ctx, queueId));
  await assertMembersAreUsers(ctx, change.members);
  if (change.name !== undefined && change.name !== before.name && (await repo.findByName(ctx, change.name)))
    throw nameTaken(change.name);
  const updatedAt = ctx.clock.now().toISOString();
  const after = { ...before, ...change, updatedAt };
  await writeOrNameTaken(after.name, () =>
    ctx.db.batch([
      repo.updateQueue(ctx, queueId, { ...change, updatedAt }),
      tenantAuditInsert(ctx, {
        action: "case_queue.updated",
        target: { type: "case_queue", id: queueId },
        before,
        after,
      }),
    ]),
  );
  return after;
}

/** Removes the queue and its routing entries: its cases show `queueId: null` (they are not re-routed). */
export async function deleteQueue(ctx: TenantContext, queueId: string) {
  const before = presentQueue(await loadQueue(ctx, queueId));
  await ctx.db.batch([
    repo.deleteEntriesOf(ctx, queueId),
    repo.deleteQueue(ctx, queueId),
    tenantAuditInsert(ctx, {
      action: "case_queue.deleted",
      target: { type: "case_queue", id: queueId },
      before,
    }),
  ]);
  return before;
}

/**
 * Routes newly opened cases: each to the first queue (by priority) whose criteria it meets; a
 * case no queue matches stays unrouted. A read of the tenant's queues and one batch of inserts (14 cases
 * a statement); nothing written when the tenant has no queue.
 */
export async function routeNewCases(ctx: TenantContext, cases: RoutableCase[]): Promise<void> {
  if (cases.length === 0) return;
  const queues = await repo.listQueues(ctx);
  if (queues.length === 0) return;
  const entries = cases.flatMap((c) => {
    const queue = pickQueue(queues, c);
    return queue
      ? [{ kind: c.kind, caseId: c.caseId, queueId: queue.id, dueAt: c.dueAt, risk: riskRank(c.riskLevel) }]
      : [];
  });
  await repo.insertEntries(ctx, entries, ctx.clock.now().toISOString());
}

/** The queue of one case (null when it was not routed, or its queue was deleted). */
export const queueIdOf = async (ctx: TenantContext, kind: QueueCaseKind, caseId: string) =>
  (await repo.queueIdsOf(ctx, kind, [caseId])).get(caseId) ?? null;

export const queueIdsOf = repo.queueIdsOf;

const READ: Record<QueueCaseKind, Scope> = { fraud: "fraud:read", aml: "aml:read" };
/** A queue mixes kinds; a key sees the cases of the kinds it can read. */
const readableKinds = (scopes: readonly Scope[]) =>
  (["fraud", "aml"] as const).filter((k) => grants(scopes, READ[k]));

const QUEUE_ORDER: ListOrder<repo.QueueCaseRow> = {
  name: "case_queue_cases",
  keys: [
    { column: sql.raw("due"), direction: "asc", keyOf: (r) => r.due },
    { column: sql.raw("risk"), direction: "desc", keyOf: (r) => r.risk },
    { column: sql.raw("kind"), direction: "asc", keyOf: (r) => r.kind },
    { column: sql.raw("case_id"), direction: "asc", keyOf: (r) => r.case_id },
  ],
};

/** The queue's open cases, due date first (none last), then risk, highest first. */
export async function listQueueCases(
  ctx: TenantContext,
  queueId: string,
  page: PageRequest,
  scopes: readonly Scope[],
) {
  await loadQueue(ctx, queueId);
  const kinds = readableKinds(scopes);
  const now = ctx.clock.now().toISOString();
  const found = await keysetPage(QUEUE_ORDER, { queueId, kinds }, page, {
    rows: (plan) => repo.queueCasesPage(ctx, queueId, kinds, plan),
    count: async () => (await repo.countOpen(ctx, queueId, kinds, now)).open,
  });
  return {
    data: found.rows.map((r) => ({
      kind: r.kind,
      caseId: r.case_id,
      status: r.status,
      riskLevel: riskLevelOf(r.risk),
      dueAt: r.due_at,
      overdue: r.due_at !== null && r.due_at < now,
      openedAt: r.opened_at,
      assigneeId: r.assignee_id,
    })),
    page: { total: found.total, offset: found.offset, nextCursor: found.nextCursor },
  };
}

/** Open and overdue counts and the median age of the open cases, as of now. */
export async function queueStats(ctx: TenantContext, queueId: string, scopes: readonly Scope[]) {
  await loadQueue(ctx, queueId);
  const kinds = readableKinds(scopes);
  const now = ctx.clock.now();
  const { open, overdue } = await repo.countOpen(ctx, queueId, kinds, now.toISOString());
  const middle = await repo.middleOpenedAt(ctx, queueId, kinds, open);
  return { queueId, open, overdue, medianAgeHours: medianAgeHours(middle, now), at: now.toISOString() };
}
