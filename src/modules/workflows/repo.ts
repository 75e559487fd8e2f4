import { count, eq, gte, isNull, max, sql } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import { listOrder, type PageRequest, tablePage } from "../../db/keyset";
import { type StoredRunStep, type WorkflowRunRow, workflowRuns } from "../../db/shard/workflows";
import { tenantSql } from "../../db/tenant-tables";
import { events } from "../events/read-model";
import type { WorkflowRunStatus } from "./domain/state";

export interface RunFilter {
  workflowId?: string;
  status?: WorkflowRunStatus;
}

export type Page = PageRequest;

export async function insertRun(scope: TenantScope, row: typeof workflowRuns.$inferInsert): Promise<boolean> {
  // A trigger occurrence (event id, cron period) starts at most one run.
  const inserted = await scope.db
    .insert(workflowRuns)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: workflowRuns.id });
  return inserted.length > 0;
}

export const findRun = (scope: TenantScope, runId: string) =>
  scope.db.select().from(workflowRuns, eq(workflowRuns.id, runId)).get();

export const findRunByTrigger = (scope: TenantScope, workflowId: string, triggerKey: string) =>
  scope.db
    .select()
    .from(workflowRuns, eq(workflowRuns.workflowId, workflowId), eq(workflowRuns.triggerKey, triggerKey))
    .get();

const runOrder = listOrder("workflow-runs", workflowRuns, { createdAt: "desc", id: "desc" });

export function listRuns(scope: TenantScope, filter: RunFilter, page: Page) {
  const where = [
    filter.workflowId ? eq(workflowRuns.workflowId, filter.workflowId) : undefined,
    filter.status ? eq(workflowRuns.status, filter.status) : undefined,
  ];
  return tablePage(scope.db, workflowRuns, runOrder, filter, where, page);
}

/** runCount and lastRunAt per workflow, in one GROUP BY. */
export async function runStats(scope: TenantScope) {
  const rows = await scope.db
    .select({
      workflowId: workflowRuns.workflowId,
      runCount: count(),
      lastRunAt: max(workflowRuns.createdAt),
    })
    .from(workflowRuns)
    .groupBy(workflowRuns.workflowId);
  return new Map(rows.map((r) => [r.workflowId, r]));
}

/**
 * Moves a run from `from` to the fields given; false when the run was not in `from`
 * (another consumer got there first). Terminal runs are also guarded by a SQL trigger.
 */
export function updateRunStatement(
  scope: TenantScope,
  runId: string,
  from: { status: WorkflowRunStatus; lease: string | null },
  fields: Partial<
    Pick<WorkflowRunRow, "status" | "steps" | "output" | "error" | "startedAt" | "completedAt" | "lease">
  > & { updatedAt: string },
) {
  return scope.db
    .update(workflowRuns)
    .set(fields)
    .where(
      eq(workflowRuns.id, runId),
      eq(workflowRuns.status, from.status),
      from.lease === null ? isNull(workflowRuns.lease) : eq(workflowRuns.lease, from.lease),
    )
    .returning({ id: workflowRuns.id });
}

/** Saves step progress while this consumer still holds the run's lease. */
export async function saveProgress(
  scope: TenantScope,
  runId: string,
  lease: string,
  fields: { steps: StoredRunStep[]; output: Record<string, unknown>; updatedAt: string },
) {
  const rows = await updateRunStatement(scope, runId, { status: "running", lease }, fields);
  return rows.length > 0;
}

/** customer.risk_alert events since `since` that have not started a risk-review run yet. */
export function unreviewedRiskAlerts(scope: TenantScope, since: string, limit: number) {
  return scope.db
    .select({ id: events.id, data: events.data, createdAt: events.createdAt })
    .from(
      events,
      gte(events.createdAt, since),
      eq(events.type, "customer.risk_alert"),
      sql`NOT EXISTS (SELECT 1 FROM workflow_runs r WHERE ${tenantSql(scope, "r")}
              AND r.workflow_id = 'risk-review' AND r.trigger_key = 'event:' || ${events.id})`,
    )
    .orderBy(events.createdAt, events.id)
    .limit(limit);
}
