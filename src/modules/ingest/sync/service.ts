import { shardNumbers } from "../../../db/client";
import type { SyncRunRow } from "../../../db/shard/ingest";
import { loadTenantContext, type TenantContext } from "../../../db/tenant-context";
import type { Env } from "../../../env";
import { sendJobs } from "../../../jobs/enqueue";
import { jobs, type SyncContinueMessage } from "../../../jobs/messages";
import { badRequest, conflict, notFound } from "../../../lib/errors";
import * as repo from "./repo";
import { DEFAULT_DEPS, Step, Superseded, type SyncDeps } from "./runner";
import { connectorFor } from "./steps/connector";
import { exportStep } from "./steps/export-files";
import { FineractError, fineractStep } from "./steps/fineract";
import * as systemRepo from "./system-repo";

export const CONNECTOR_TYPES = ["core_banking"] as const;
/** A running run without progress for this long is considered dead and may be replaced. */
const STALE_AFTER_MS = 15 * 60_000;

export function presentRun(run: SyncRunRow) {
  const counts = run.recordsWritten;
  return {
    runId: run.id,
    provider: run.provider as "export" | "fineract",
    status: run.status,
    recordsWritten: {
      customers: counts.customers ?? 0,
      accounts: counts.accounts ?? 0,
      transactions: counts.transactions ?? 0,
      agents: counts.agents ?? 0,
      loans: counts.loans ?? 0,
      loanRepayments: counts.loanRepayments ?? 0,
    },
    errors:
      run.errorCount > run.errors.length
        ? [...run.errors, `... and ${run.errorCount - run.errors.length} more errors`]
        : run.errors,
    filesLoaded: run.filesLoaded,
    startedAt: run.startedAt,
    completedAt: run.completedAt,
  };
}

/**
 * POST /sync/{connectorType}: starts a run, does the first step in this request and, when
 * there is more to load, hands the rest to the jobs queue (one step per message).
 */
export function assertConnectorType(connectorType: string): void {
  if (!(CONNECTOR_TYPES as readonly string[]).includes(connectorType)) {
    throw badRequest(`Unknown connector type "${connectorType}": use core_banking`, [
      { path: "connectorType", message: "must be core_banking" },
    ]);
  }
}

export async function startSync(ctx: TenantContext, connectorType: string, deps: Partial<SyncDeps> = {}) {
  assertConnectorType(connectorType);
  const connector = await connectorFor(ctx.env, ctx.tenantId, connectorType);
  const now = ctx.clock.now();
  const run: SyncRunRow = {
    id: crypto.randomUUID(),
    tenantId: ctx.tenantId,
    connectorType,
    provider: connector.provider,
    status: "running",
    recordsWritten: {},
    errors: [],
    errorCount: 0,
    filesLoaded: [],
    cursor: {},
    version: 0,
    startedAt: now.toISOString(),
    heartbeatAt: now.toISOString(),
    completedAt: null,
  };
  const staleBefore = new Date(now.getTime() - STALE_AFTER_MS).toISOString();
  if (!(await repo.startRun(ctx, run, staleBefore))) {
    const other = await repo.runningRun(ctx, connectorType);
    throw conflict(
      `A ${connectorType} sync is already running for this tenant${other ? ` (run ${other.id})` : ""}`,
    );
  }
  return presentRun(await advance(ctx, run, { ...DEFAULT_DEPS, ...deps }));
}

/** One step of a run; the run is saved after every chunk so any step can resume it. */
export async function advance(ctx: TenantContext, run: SyncRunRow, deps: SyncDeps): Promise<SyncRunRow> {
  const step = new Step(ctx, run, deps, run.version);
  try {
    const connector = await connectorFor(ctx.env, ctx.tenantId, run.connectorType);
    const done =
      connector.provider === "fineract" && run.provider === "fineract"
        ? await fineractStep(step, connector)
        : connector.provider === "export" && run.provider === "export"
          ? await exportStep(step)
          : failWith(step, "the connector's provider changed during the run");
    if (done) {
      run.status = run.status === "failed" ? "failed" : "succeeded";
      run.completedAt = ctx.clock.now().toISOString();
      await step.checkpoint();
    } else {
      await ctx.env.JOBS_QUEUE.send(jobs.syncContinue(ctx.tenantId, run.id));
    }
  } catch (err) {
    if (err instanceof Superseded) return (await repo.findRun(ctx, run.id)) ?? run;
    if (!(err instanceof FineractError)) {
      console.error(JSON.stringify({ level: "error", msg: "sync failed", runId: run.id, err: String(err) }));
    }
    step.error(err instanceof FineractError ? err.message : "internal error; the run stopped");
    run.status = "failed";
    run.completedAt = ctx.clock.now().toISOString();
    await step.checkpoint().catch(() => undefined);
  }
  return run;
}

function failWith(step: Step, message: string): true {
  step.error(message);
  step.run.status = "failed";
  return true;
}

/** JOBS_QUEUE handler: the next step of a run (a redelivered message finds it done). */
export async function continueSync(
  env: Env,
  message: SyncContinueMessage,
  deps: Partial<SyncDeps> = {},
): Promise<void> {
  const ctx = await loadTenantContext(env, message.tenantId, `job:${message.runId}`);
  const run = await repo.findRun(ctx, message.runId);
  if (run?.status !== "running") return;
  await advance(ctx, run, { ...DEFAULT_DEPS, ...deps });
}

export async function getSyncRun(ctx: TenantContext, runId: string) {
  const run = await repo.findRun(ctx, runId);
  if (!run) throw notFound("Sync run");
  return presentRun(run);
}

/** A step hands over within seconds; a running run quiet for this long lost its message. */
const STALLED_AFTER_MS = 2 * 60_000;

/**
 * Cron (every minute): re-sends the continuation of runs whose chain of queue messages broke
 * (a lost message or a crashed step). Duplicates are harmless: steps are versioned.
 */
export async function resumeStalledSyncs(env: Env, now: Date): Promise<void> {
  const before = new Date(now.getTime() - STALLED_AFTER_MS).toISOString();
  for (const shard of shardNumbers(env)) {
    const runs = await systemRepo.stalledRuns(env, shard, before);
    await sendJobs(
      env,
      runs.map((r) => jobs.syncContinue(r.tenantId, r.id)),
    );
  }
}
