import type { PageRequest } from "../../db/keyset";
import type { StoredRunStep, WorkflowRunRow } from "../../db/shard/workflows";
import type { TenantContext } from "../../db/tenant-context";
import { jobs } from "../../jobs/messages";
import { badRequest, notFound } from "../../lib/errors";
import { presentPage } from "../../lib/pagination";
import { getCustomer } from "../data/service";
import {
  isWorkflowId,
  WORKFLOW_IDS,
  WORKFLOWS,
  type WorkflowDefinition,
  type WorkflowId,
} from "./domain/catalog";
import { formatDuration, type WorkflowRunStatus } from "./domain/state";
import * as repo from "./repo";
import { pendingRunCount } from "./system-repo";

type Stats = Awaited<ReturnType<typeof repo.runStats>>;

export function presentWorkflow(def: WorkflowDefinition, stats: Stats) {
  const s = stats.get(def.id);
  const { requiresCustomer: _internal, ...shown } = def;
  return { ...shown, runCount: s?.runCount ?? 0, lastRunAt: s?.lastRunAt ?? null };
}

export async function listWorkflows(ctx: TenantContext) {
  const stats = await repo.runStats(ctx);
  return WORKFLOW_IDS.map((id) => presentWorkflow(WORKFLOWS[id], stats));
}

export async function getWorkflow(ctx: TenantContext, workflowId: string) {
  if (!isWorkflowId(workflowId)) throw notFound("Workflow");
  return presentWorkflow(WORKFLOWS[workflowId], await repo.runStats(ctx));
}

export function presentRun(row: WorkflowRunRow) {
  return {
    id: row.id,
    workflowId: row.workflowId,
    workflowName: row.workflowName,
    workflowVersion: row.workflowVersion,
    status: row.status,
    triggeredBy: row.triggeredBy,
    input: row.input,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    completedAt: row.completedAt,
    duration: formatDuration(row.startedAt, row.completedAt),
    steps: row.steps.map((s) => ({
      id: s.id,
      name: s.name,
      action: s.action,
      status: s.status,
      startedAt: s.startedAt,
      completedAt: s.completedAt,
      error: s.error,
    })),
    output: row.output,
    error: row.error,
  };
}

export async function listRuns(ctx: TenantContext, filter: repo.RunFilter, page: PageRequest) {
  return presentPage(await repo.listRuns(ctx, filter, page), presentRun);
}

export async function getRun(ctx: TenantContext, runId: string) {
  const row = await repo.findRun(ctx, runId);
  if (!row) throw notFound("Workflow run");
  return presentRun(row);
}

export interface StartRunInput {
  workflowId: WorkflowId;
  input: { customerId?: string };
  triggeredBy: string;
  /** One run per trigger occurrence ("event:<id>", "cron:<period>"); absent for manual runs. */
  triggerKey?: string;
}

/** Stores a pending run (or finds the one its trigger occurrence already started). */
export async function createRun(
  ctx: TenantContext,
  start: StartRunInput,
): Promise<{ run: WorkflowRunRow; created: boolean }> {
  const def = WORKFLOWS[start.workflowId];
  const now = ctx.clock.now().toISOString();
  const steps: StoredRunStep[] = def.steps.map((s) => ({
    id: s.id,
    name: s.name,
    action: s.action,
    status: "pending",
    startedAt: null,
    completedAt: null,
    error: null,
  }));
  const row: WorkflowRunRow = {
    id: crypto.randomUUID(),
    tenantId: ctx.tenantId,
    workflowId: def.id,
    workflowName: def.name,
    workflowVersion: def.version,
    status: "pending",
    triggeredBy: start.triggeredBy,
    triggerKey: start.triggerKey ?? null,
    input: start.input,
    steps,
    output: {},
    error: null,
    lease: null,
    createdAt: now,
    startedAt: null,
    completedAt: null,
    updatedAt: now,
  };
  if (await repo.insertRun(ctx, row)) return { run: row, created: true };
  const existing = start.triggerKey ? await repo.findRunByTrigger(ctx, def.id, start.triggerKey) : undefined;
  if (!existing) throw new Error("workflow run insert ignored without an existing run");
  return { run: existing, created: false };
}

export const enqueueRun = (ctx: TenantContext, runId: string) =>
  ctx.env.JOBS_QUEUE.send(jobs.workflowRun(ctx.tenantId, runId));

/** POST /workflows/:workflowId/trigger: validates, stores a pending run, runs it on the jobs queue. */
export async function triggerWorkflow(
  ctx: TenantContext,
  workflowId: string,
  body: { customerId?: string; input?: { customerId?: string } },
  triggeredBy: string,
) {
  if (!isWorkflowId(workflowId)) throw notFound("Workflow");
  const def = WORKFLOWS[workflowId];
  if (body.customerId && body.input?.customerId && body.customerId !== body.input.customerId)
    throw badRequest("customerId and input.customerId differ", [
      { path: "input.customerId", message: "must equal customerId when both are given" },
    ]);
  const customerId = body.customerId ?? body.input?.customerId;
  if (def.requiresCustomer && !customerId)
    throw badRequest(`Workflow ${def.id} needs a customer`, [
      { path: "customerId", message: "required (or input.customerId)" },
    ]);
  if (customerId) await getCustomer(ctx, customerId);
  const { run } = await createRun(ctx, {
    workflowId,
    input: customerId ? { customerId } : {},
    triggeredBy,
  });
  await enqueueRun(ctx, run.id);
  return {
    runId: run.id,
    status: run.status as WorkflowRunStatus,
    message: `Workflow ${def.id} queued${customerId ? ` for customer ${customerId}` : " for all customers"}`,
  };
}

/** Runs waiting to start on one shard, every tenant (the operator's shard figures). */
export const pendingRunsOnShard = pendingRunCount;
