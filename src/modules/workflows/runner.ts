import type { StoredRunStep, WorkflowRunRow } from "../../db/shard/workflows";
import type { TenantContext } from "../../db/tenant-context";
import { jobs } from "../../jobs/messages";
import { AppError } from "../../lib/errors";
import { type EventType, eventInsertOnce, notifyOutbox } from "../events/service";
import { isWorkflowId, WORKFLOWS } from "./domain/catalog";
import { formatDuration, isTerminal } from "./domain/state";
import * as repo from "./repo";
import { STEP_FUNCTIONS } from "./steps";

/** A running run whose holder wrote nothing for this long is taken over by the next message. */
export const STALE_RUN_MS = 10 * 60_000;

const log = (fields: Record<string, unknown>) => console.error(JSON.stringify({ level: "error", ...fields }));

/** What a failed step shows: our own errors say what went wrong; anything else stays internal. */
function describe(err: unknown): string {
  if (err instanceof AppError) return err.message;
  return "internal error (see logs)";
}

/**
 * Executes a run from where it stands: pending -> running, then each step not yet
 * succeeded, in order. A step that needs more time stores its continuation state and the
 * run continues in a new queue message. The terminal status, and the workflow.completed /
 * workflow.failed event, are written in one batch.
 */
export async function executeRun(ctx: TenantContext, runId: string, lease?: string): Promise<void> {
  const run = await repo.findRun(ctx, runId);
  if (!run || isTerminal(run.status)) return;
  const now = () => ctx.clock.now().toISOString();
  const token = await acquire(ctx, run, lease);
  if (!token) {
    // Another consumer holds the run. This message may be a duplicate, or the queue's retry
    // of a consumer that crashed holding it: look again once the lease would be stale, so a
    // crashed run is resumed rather than left running (a finished run ends the chain).
    if (run.status === "running") {
      const silentMs = ctx.clock.now().getTime() - Date.parse(run.updatedAt);
      const delaySeconds = Math.max(1, Math.ceil((STALE_RUN_MS - silentMs) / 1000) + 1);
      await ctx.env.JOBS_QUEUE.send(jobs.workflowRun(ctx.tenantId, runId), { delaySeconds });
    }
    return;
  }
  if (!isWorkflowId(run.workflowId))
    return finish(ctx, run, token, run.steps, run.output, `Unknown workflow ${run.workflowId}`);
  const definition = WORKFLOWS[run.workflowId];
  const steps = run.steps.map((s) => ({ ...s }));
  const output = { ...run.output };
  for (const step of steps) {
    if (step.status === "succeeded") continue;
    step.status = "running";
    step.startedAt ??= now();
    const config = definition.steps.find((s) => s.id === step.id)?.config ?? {};
    try {
      const fn = STEP_FUNCTIONS[step.action as keyof typeof STEP_FUNCTIONS];
      if (!fn) throw new AppError("internal", `Unknown step action ${step.action}`);
      const outcome = await fn({
        ctx,
        input: run.input as { customerId?: string },
        config,
        state: step.state ?? null,
      });
      output[step.id] = outcome.output;
      if (!outcome.done) {
        step.state = outcome.state;
        if (!(await repo.saveProgress(ctx, runId, token, { steps, output, updatedAt: now() }))) return;
        await ctx.env.JOBS_QUEUE.send(
          jobs.workflowRun(ctx.tenantId, runId, token),
          outcome.delaySeconds ? { delaySeconds: outcome.delaySeconds } : undefined,
        );
        return;
      }
      step.status = "succeeded";
      step.state = null;
      step.completedAt = now();
      if (!(await repo.saveProgress(ctx, runId, token, { steps, output, updatedAt: step.completedAt })))
        return;
    } catch (err) {
      if (!(err instanceof AppError))
        log({ msg: "workflow step failed", runId, step: step.id, err: String(err) });
      step.status = "failed";
      step.completedAt = now();
      step.error = describe(err);
      for (const rest of steps) if (rest.status === "pending") rest.status = "skipped";
      return finish(ctx, run, token, steps, output, `Step ${step.id} failed: ${step.error}`);
    }
  }
  return finish(ctx, run, token, steps, output, null);
}

/**
 * The lease token this consumer executes under, or null. A pending run is taken with a new
 * token (pending -> running); a running run continues under the token its own continuation
 * message carries, or is taken over when its holder has been silent for STALE_RUN_MS (a
 * crashed consumer). Anything else is a duplicate delivery and does nothing.
 */
async function acquire(ctx: TenantContext, run: WorkflowRunRow, lease?: string): Promise<string | null> {
  const now = ctx.clock.now();
  const token = crypto.randomUUID();
  if (run.status === "pending") {
    const at = now.toISOString();
    const moved = await repo.updateRunStatement(
      ctx,
      run.id,
      { status: "pending", lease: run.lease },
      { status: "running", startedAt: at, updatedAt: at, lease: token },
    );
    if (moved.length === 0) return null;
    run.status = "running";
    run.startedAt = at;
    return token;
  }
  if (lease && lease === run.lease) return lease;
  if (now.getTime() - Date.parse(run.updatedAt) < STALE_RUN_MS) return null;
  const taken = await repo.updateRunStatement(
    ctx,
    run.id,
    { status: "running", lease: run.lease },
    { updatedAt: now.toISOString(), lease: token },
  );
  return taken.length > 0 ? token : null;
}

async function finish(
  ctx: TenantContext,
  run: WorkflowRunRow,
  lease: string,
  steps: StoredRunStep[],
  output: Record<string, unknown>,
  error: string | null,
): Promise<void> {
  const completedAt = ctx.clock.now().toISOString();
  const status = error ? "failed" : "succeeded";
  const duration = formatDuration(run.startedAt, completedAt);
  const data = {
    runId: run.id,
    workflowId: run.workflowId,
    workflowName: run.workflowName,
    status,
    duration,
    ...(error ? { error } : {}),
  };
  const [moved] = await ctx.db.batch([
    repo.updateRunStatement(
      ctx,
      run.id,
      { status: "running", lease },
      { status, steps, output, error, completedAt, updatedAt: completedAt, lease: null },
    ),
    terminalEvent(ctx, run.id, status, data, completedAt),
  ]);
  if (moved.length > 0) await notifyOutbox(ctx);
}

/**
 * The run's one terminal event. Its id is the run id, so a duplicate queue message that
 * races to the same end records nothing twice.
 */
function terminalEvent(
  ctx: TenantContext,
  runId: string,
  status: "succeeded" | "failed",
  data: Record<string, unknown>,
  at: string,
) {
  const type: EventType = status === "succeeded" ? "workflow.completed" : "workflow.failed";
  return eventInsertOnce(ctx, runId, type, data, at);
}
