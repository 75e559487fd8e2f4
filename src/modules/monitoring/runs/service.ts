/**
 * Portfolio runs (docs/methodology/monitoring.md#schedule-portfolio-runs): a run screens the entities with
 * activity pending from before it began, in as many job steps as needed, adding each entity's
 * figures in that entity's own batch, then completes once nothing it owns is left.
 */

import type { PageRequest } from "../../../db/keyset";
import type { TenantContext } from "../../../db/tenant-context";
import { jobs } from "../../../jobs/messages";
import { uuidV7 } from "../../../lib/crypto";
import { badRequest, conflict, notFound } from "../../../lib/errors";
import { presentPage } from "../../../lib/pagination";
import { tenantAuditInsert } from "../../audit/service";
import { refreshPeerStatsOrLog } from "../../data/peers/service";
import { eventInsertOnce, notifyOutbox } from "../../events/service";
import { EVENT_LOOKBACK_DAYS } from "../domain/event-time";
import { scanNetwork } from "../network/service";
import { type DrainOptions, drainPending } from "../service";
import { presentRun } from "./present";
import * as repo from "./repo";

/** Entities a rescreen step queues before it drains (kept here: rescreen.ts imports this file). */
export const RESCREEN_PAGE = 500;

export type RunRow = NonNullable<Awaited<ReturnType<typeof repo.findRun>>>;

/** A new running run (no figures yet) for a schedule slot or a manual start. */
export function newRun(
  id: string,
  trigger: "schedule" | "manual" | "rescreen",
  occurrence: string,
  at: Date,
): repo.NewRun {
  return {
    id,
    trigger,
    occurrence,
    status: "running",
    startedAt: at.toISOString(),
    completedAt: null,
    entitiesScreened: 0,
    entitiesSkipped: 0,
    entitiesFailed: 0,
    alertsRaised: 0,
    casesOpened: 0,
    casesAppended: 0,
    steps: 0,
    durationMs: null,
    error: null,
    lookbackFrom: null,
    lookbackTo: null,
    heartbeatAt: null,
  };
}

/** How often a working step renews its run's heartbeat. */
export const RUN_BEAT_MS = 10_000;
/**
 * A running run whose heartbeat is this far behind, with no screener holding its rows, lost its
 * message (the process died, or the send failed): the minute cron sends it again. Four and a half
 * renewals: a live step is never taken for dead; a killed one is resent within 45-105 s.
 */
export const RUN_STALLED_AFTER_MS = 45_000;

/**
 * Keeps the run's heartbeat current while a step works (the peer refresh and the network scan
 * hold no pending row's lease, so without it a live step would look stalled). Returns the stop.
 * A failed renewal is left to the next one.
 */
async function holdRun(ctx: TenantContext, runId: string): Promise<() => void> {
  const now = () => ctx.clock.now().toISOString();
  await repo.beat(ctx, runId, now());
  const timer = setInterval(() => {
    Promise.resolve(repo.beat(ctx, runId, now())).catch(() => undefined);
  }, RUN_BEAT_MS);
  return () => clearInterval(timer);
}

/**
 * POST /v1/monitoring/runs: a run now (occurrence "manual:<id>"), audited in the same batch.
 * Refused while another run of the tenant is in progress (both would share the same entities).
 * A failed send leaves the run for the minute cron, which re-sends a stranded run's message.
 */
export async function startManualRun(ctx: TenantContext, lookback?: { from: Date; to: Date }) {
  const running = await repo.runningRun(ctx);
  if (running) throw conflict(`monitoring run ${running.id} is in progress`);
  const now = ctx.clock.now();
  const range = lookback ? lookbackRange(lookback, now) : null;
  const id = uuidV7(now);
  const run = {
    ...newRun(id, "manual", `manual:${id}`, now),
    lookbackFrom: range?.from ?? null,
    lookbackTo: range?.to ?? null,
  };
  const view = presentRun({ ...run, tenantId: ctx.tenantId });
  const audit = tenantAuditInsert(ctx, {
    action: "monitoring.run_started",
    target: { type: "monitoring_run", id },
    after: view,
  });
  // The lookback's entities, queued as seen just before the run began (so the run owns them).
  if (range)
    await ctx.db.batchSql([repo.queueLookback(ctx, range, new Date(now.getTime() - 1).toISOString())]);
  await ctx.db.batch([repo.insertRun(ctx, run), audit]);
  try {
    await ctx.env.JOBS_QUEUE.send(jobs.monitoringRun(ctx.tenantId, id));
  } catch (err) {
    console.error(JSON.stringify({ msg: "monitoring.run not sent", runId: id, error: String(err) }));
  }
  return view;
}

/** A lookback range as stored: ISO instants, `to` not after now, at most EVENT_LOOKBACK_DAYS long. */
function lookbackRange(range: { from: Date; to: Date }, now: Date) {
  const problem = (path: string, message: string) => badRequest(message, [{ path, message }]);
  if (range.to.getTime() > now.getTime()) throw problem("to", "to must not be in the future");
  if (range.from.getTime() >= range.to.getTime()) throw problem("from", "from must be before to");
  if (range.to.getTime() - range.from.getTime() > EVENT_LOOKBACK_DAYS * 86_400_000)
    throw problem("from", `a lookback spans at most ${EVENT_LOOKBACK_DAYS} days`);
  return { from: range.from.toISOString(), to: range.to.toISOString() };
}

export async function listRuns(ctx: TenantContext, page: PageRequest) {
  return presentPage(await repo.listRuns(ctx, page), presentRun);
}

/** One run; another tenant's is a 404. */
export async function getRun(ctx: TenantContext, runId: string) {
  const row = await repo.findRun(ctx, runId);
  if (!row) throw notFound("Monitoring run");
  return presentRun(row);
}

/**
 * One step of a run (one job invocation): drain the run's entities within the invocation's
 * budget, then either hand over to the next step (returned delay) or complete the run. A step
 * that throws outside one entity (entities have their own retries) fails the run; the entities
 * it did not reach stay pending for the next arrival, run or sweep.
 */
export async function runStep(
  ctx: TenantContext,
  runId: string,
  limits: Pick<DrainOptions, "pageSize" | "wallMs" | "screen"> = {},
): Promise<{ next: { delaySeconds: number } | null }> {
  const run = await repo.findRun(ctx, runId);
  if (run?.status !== "running") return { next: null };
  const rescreen = run.trigger === "rescreen";
  const release = await holdRun(ctx, run.id);
  try {
    // The peers' normal first (docs/methodology/peers.md): skipped when nothing arrived since.
    if (run.steps === 0 && !rescreen) await refreshPeerStatsOrLog(ctx);
    // A rescreen queues the next page of its population first (runs/rescreen.ts).
    const queued = rescreen ? await repo.queueRescreenPage(ctx, run.startedAt, RESCREEN_PAGE) : 0;
    const figures = await drainPending(ctx, {
      ...limits,
      trigger: rescreen ? "rescreen" : run.trigger === "schedule" ? "schedule" : "on_demand",
      runId: run.id,
      seenBefore: run.startedAt,
      ...(run.lookbackTo ? { present: run.lookbackTo } : {}),
      tally: {
        screened: (s) => [repo.addScreened(ctx, run.id, s)],
        deadLettered: () => [repo.addDeadLettered(ctx, run.id)],
      },
    });
    if (figures.next || queued > 0) {
      const next = figures.next ?? { delaySeconds: 0 };
      release();
      await repo.addStep(
        ctx,
        run.id,
        new Date(ctx.clock.now().getTime() + next.delaySeconds * 1000).toISOString(),
      );
      return { next };
    }
    if (rescreen) {
      // The network typologies do not read the rule sets: a rescreen leaves them to their runs.
      await completeRun(ctx, run.id, null);
      return { next: null };
    }
    // The network typologies, judged once per run over the whole history (event time).
    const scan = await scanNetwork(ctx, {
      trigger: run.trigger === "schedule" ? "schedule" : "on_demand",
      runId: run.id,
      force: true,
    });
    if (scan.alerts > 0)
      await ctx.db.batch([
        repo.addScreened(ctx, run.id, {
          screened: 0,
          alerts: scan.alerts,
          casesOpened: scan.casesOpened,
          casesAppended: scan.casesAppended,
        }),
      ]);
  } catch (err) {
    await completeRun(ctx, run.id, err instanceof Error ? err.message : String(err));
    return { next: null };
  } finally {
    release();
  }
  await completeRun(ctx, run.id, null);
  return { next: null };
}

/**
 * Completes (or fails) the run and records monitoring.run_completed in the same batch. Once
 * only: the update needs the run still running, and the event's id is the run's, so a racing
 * second completer writes neither.
 */
async function completeRun(ctx: TenantContext, runId: string, error: string | null) {
  const run = await repo.findRun(ctx, runId);
  if (run?.status !== "running") return;
  const now = ctx.clock.now();
  const end = {
    status: error ? ("failed" as const) : ("completed" as const),
    completedAt: now.toISOString(),
    durationMs: Math.max(0, now.getTime() - Date.parse(run.startedAt)),
    skipped: error ? 0 : await repo.unchangedEntities(ctx, run.startedAt),
    error: error?.slice(0, 1000) ?? null,
  };
  const done = {
    ...run,
    status: end.status,
    completedAt: end.completedAt,
    durationMs: end.durationMs,
    entitiesSkipped: end.skipped,
    steps: run.steps + 1,
    error: end.error,
  };
  const [finished] = (await ctx.db.batch([
    repo.finishRun(ctx, runId, end).returning({ id: repo.runId }),
    eventInsertOnce(ctx, runId, "monitoring.run_completed", presentRun(done), end.completedAt),
  ])) as unknown as [unknown[]];
  if (finished.length > 0) await notifyOutbox(ctx);
}
