import { shardNumbers } from "../../db/client";
import type { TenantSettings } from "../../db/control-schema";
import { loadTenantContext, type TenantContext } from "../../db/tenant-context";
import { tenantPage, tenantsIn } from "../../db/tenant-directory";
import type { Env } from "../../env";
import { sendJobs } from "../../jobs/enqueue";
import {
  jobs,
  type MonitoringNetworkMessage,
  type MonitoringRescreenMessage,
  type MonitoringRunMessage,
  type MonitoringScreenMessage,
} from "../../jobs/messages";
import { uuidV7 } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { refreshPeerStatsOrLog } from "../data/peers/service";
import { dueOccurrence, effectiveSchedule } from "./domain/schedule";
import { requestNetworkScan, scanNetwork } from "./network/service";
import { rescreenPublished } from "./runs/rescreen/service";
import { RUN_STALLED_AFTER_MS, runStep } from "./runs/service";
import { drainPending } from "./service";
import * as systemRepo from "./system-repo";

/**
 * The arrival screener: drains the tenant's pending entities within this invocation's budget and
 * sends itself again while work remains. A duplicate or retried message finds the rows claimed
 * or gone and does nothing twice (docs/methodology/monitoring.md#idempotency).
 */
export async function monitoringScreenJob(env: Env, message: MonitoringScreenMessage): Promise<void> {
  const ctx = await loadTenantContext(env, message.tenantId, `job:monitoring.screen:${crypto.randomUUID()}`);
  const figures = await drainPending(ctx, { trigger: "arrival", runId: null });
  if (figures.next) await env.JOBS_QUEUE.send(jobs.monitoringScreen(message.tenantId), figures.next);
  // Drained: the network of transfers is judged again over the history that arrived.
  else if (figures.screened > 0) await requestNetworkScan(ctx);
}

/** The tenant's network scan after arrivals; it skips itself when nothing arrived since the last. */
export async function monitoringNetworkJob(env: Env, message: MonitoringNetworkMessage): Promise<void> {
  const ctx = await contextOrNull(env, message.tenantId, `job:monitoring.network:${crypto.randomUUID()}`);
  if (!ctx) return;
  // The peers' normal, for the screenings that follow (docs/methodology/peers.md); each skips
  // itself when no transaction arrived since its last.
  await refreshPeerStatsOrLog(ctx);
  await scanNetwork(ctx, { trigger: "arrival", runId: null });
}

/** A tenant deleted since the message was sent: nothing to do. */
const contextOrNull = (env: Env, tenantId: string, requestId: string): Promise<TenantContext | null> =>
  loadTenantContext(env, tenantId, requestId).catch((err) => {
    if (err instanceof AppError && err.code === "not_found") return null;
    throw err;
  });

/** One step of a portfolio run; the next step is a new message (each within D1's limits). */
export async function monitoringRunJob(env: Env, message: MonitoringRunMessage): Promise<void> {
  const ctx = await contextOrNull(env, message.tenantId, `job:monitoring.run:${crypto.randomUUID()}`);
  if (!ctx) return;
  const { next } = await runStep(ctx, message.runId);
  if (next) await env.JOBS_QUEUE.send(jobs.monitoringRun(message.tenantId, message.runId), next);
}

/** A rule-set version was published: its rescreen starts (once per kind and version). */
export async function monitoringRescreenJob(env: Env, message: MonitoringRescreenMessage): Promise<void> {
  const ctx = await contextOrNull(env, message.tenantId, `job:monitoring.rescreen:${crypto.randomUUID()}`);
  if (!ctx) return;
  await rescreenPublished(ctx, message.kind, message.version);
}

/** Tenants read per control-database page (each page is one statement per shard). */
const TENANT_PAGE = 500;
/** Pending rows first seen this long ago that nobody works on lost their message. */
export const STRANDED_AFTER_MS = 2 * 60_000;

interface TenantSchedule {
  id: string;
  shard: number;
  settings: TenantSettings;
  createdAt: string;
  updatedAt: string;
}

/** The slot due for each tenant of a page now, by shard (null: none due). */
function candidatesByShard(page: TenantSchedule[], now: Date) {
  const byShard = new Map<number, systemRepo.ScheduleCandidate[]>();
  for (const tenant of page) {
    const schedule = effectiveSchedule(tenant.settings.monitoring?.schedule, tenant.settings.timeZone);
    // A schedule applies from when the tenant's settings were last written (dueOccurrence).
    const due = dueOccurrence(schedule, now, new Date(tenant.updatedAt ?? tenant.createdAt));
    const list = byShard.get(tenant.shard) ?? [];
    list.push({ tenantId: tenant.id, occurrence: due?.key ?? null });
    byShard.set(tenant.shard, list);
  }
  return byShard;
}

export interface ScheduleOutcome {
  /** Runs this call inserted (once per slot, whoever else calls at the same time). */
  started: { tenantId: string; runId: string }[];
  /** Running runs nobody works on, whose step message was sent again. */
  resumed: { tenantId: string; runId: string }[];
}

/**
 * Minute cron: every tenant whose latest schedule slot has no run yet gets one (inserted with
 * ON CONFLICT DO NOTHING on (tenant, occurrence), so two crons racing start it once) and a
 * `monitoring.run` message. A tenant with a run in progress waits for it to end; a running run
 * whose heartbeat is 45 s behind (RUN_STALLED_AFTER_MS) with no screener holding its rows gets
 * its message again.
 */
export async function scheduleMonitoringRuns(env: Env, now: Date): Promise<ScheduleOutcome> {
  const outcome: ScheduleOutcome = { started: [], resumed: [] };
  const stuckBefore = new Date(now.getTime() - RUN_STALLED_AFTER_MS).toISOString();
  for (let after = ""; ; ) {
    const page = await tenantPage(env, after, TENANT_PAGE);
    for (const [shard, candidates] of candidatesByShard(page, now)) {
      const states = await systemRepo.scheduleState(env, shard, candidates, now.toISOString());
      const due: systemRepo.DueRun[] = [];
      for (const s of states) {
        if (s.latestStatus === "running") {
          // Its heartbeat (renewed while a step works, pushed past a handover's delay), else its start.
          if ((s.latestHeartbeatAt ?? s.latestStartedAt!) < stuckBefore && !s.working)
            outcome.resumed.push({ tenantId: s.tenantId, runId: s.latestId! });
        } else if (s.occurrence && !s.hasRun) {
          const at = new Date();
          due.push({
            id: uuidV7(at),
            tenantId: s.tenantId,
            occurrence: s.occurrence,
            startedAt: at.toISOString(),
          });
        }
      }
      const inserted = await systemRepo.insertDueRuns(env, shard, due);
      outcome.started.push(...inserted.map((r) => ({ tenantId: r.tenantId, runId: r.id })));
    }
    if (page.length < TENANT_PAGE) break;
    after = page[page.length - 1].id;
  }
  await sendJobs(
    env,
    [...outcome.started, ...outcome.resumed].map((r) => jobs.monitoringRun(r.tenantId, r.runId)),
  );
  return outcome;
}

/** Tenants per shard one sweep re-sends a screen job for. */
const SWEEP_PER_SHARD = 50;

/**
 * Minute cron: pending rows nobody works on (no live lease, not dead-lettered, first seen over
 * 2 minutes ago), and deferred hits nobody settles, get one `monitoring.screen` per tenant, so a
 * lost arrival message is never a lost screening nor a deferred alert left without its case.
 * Tenants with monitoring.onArrival false are left to their schedule.
 * Answers the tenants it sent a message for.
 */
export async function sweepStrandedPending(env: Env, now: Date): Promise<string[]> {
  const before = new Date(now.getTime() - STRANDED_AFTER_MS).toISOString();
  const stranded: string[] = [];
  for (const shard of shardNumbers(env))
    stranded.push(
      ...(await systemRepo.strandedPendingTenants(env, shard, before, now.toISOString(), SWEEP_PER_SHARD)),
    );
  const onArrival = (await tenantsIn(env, stranded))
    .filter((t) => t.settings.monitoring?.onArrival !== false)
    .map((t) => t.id);
  await sendJobs(
    env,
    onArrival.map((id) => jobs.monitoringScreen(id)),
  );
  return onArrival;
}
