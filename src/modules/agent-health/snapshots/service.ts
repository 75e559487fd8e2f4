import type { TenantContext } from "../../../db/tenant-context";
import { notifyOutbox } from "../../events/service";
import { hasBenchmarks, rebuildBenchmarks } from "../benchmarks/repo";
import { activityFromStore, boundsFor, STANDARD_WINDOW } from "../domain/inputs";
import { type AhiResult, CALCULATION_VERSION, calculateAhi } from "../domain/score";
import type { AgentActivity } from "../domain/types";
import { stockoutFlag, withFlag } from "../float/domain/flag";
import { episodeChanges } from "../float/episodes/service";
import {
  type AgentForecast,
  coverDaysOf,
  forecastAgents,
  refreshTenantPool,
  storedTenantPool,
  type TenantPool,
} from "../float/forecast/service";
import type { AgentProfile } from "../present";
import * as repo from "../repo";
import * as runs from "./repo";

/** Agents per refresh slice (one queue message each when queued): a few set-based reads each. */
export const REFRESH_SLICE = 2_500;

const snapshotOf = (
  agent: AgentProfile & { floatBalanceMinor: number },
  activity: AgentActivity,
  result: AhiResult,
  computedAt: string,
  forecast: AgentForecast | undefined,
): repo.SnapshotInsert => ({
  agentId: agent.agentId,
  agentCode: agent.agentCode,
  agentName: agent.agentName,
  agentTier: agent.agentTier,
  agentStatus: agent.agentStatus,
  region: agent.region,
  ahiScore: result.ahiScore,
  ahiBand: result.ahiBand,
  flagCount: result.flags.length,
  criticalFlagCount: result.flags.filter((f) => f.severity === "critical").length,
  floatUtilization: result.floatUtilization,
  floatScore: floatScoreOf(result),
  floatBalanceMinor: agent.floatBalanceMinor,
  transactionCount: activity.transactionCount ?? 0,
  transactionVolumeMinor: Math.round((activity.transactionVolume ?? 0) * 100),
  stockoutHoursP10: forecast?.eFloat.hoursToStockout.p10 ?? null,
  stockoutHoursP50: forecast?.eFloat.hoursToStockout.p50 ?? null,
  stockoutHoursP90: forecast?.eFloat.hoursToStockout.p90 ?? null,
  stockoutProbability24h: forecast?.eFloat.probabilityWithin24h ?? null,
  stockoutProbability72h: forecast?.eFloat.probabilityWithin72h ?? null,
  cashStockoutHoursP50: forecast?.cash?.hoursToStockout.p50 ?? null,
  suggestedRebalanceMinor: forecast?.eFloat.suggestedRebalance ?? null,
  windowDays: STANDARD_WINDOW,
  calculationVersion: result.calculationVersion,
  computedAt,
});

export const floatScoreOf = (result: AhiResult) => {
  const c = result.components.find((x) => x.componentId === "float_utilization");
  return c?.available ? c.score : null;
};

/** A refresh run: one time for every slice, the tenant's demand pool and cover setting. */
export interface RefreshRun {
  now: Date;
  computedAt: string;
  pool: TenantPool;
  coverDays: number;
}

export async function startRun(ctx: TenantContext, computedAt?: string): Promise<RefreshRun> {
  const now = computedAt ? new Date(computedAt) : ctx.clock.now();
  // A continuing run reads the pool its first slice stored; a new run recomputes it.
  const pool = computedAt ? ((await storedTenantPool(ctx)) ?? null) : await refreshTenantPool(ctx, now);
  return { now, computedAt: now.toISOString(), pool, coverDays: coverDaysOf(ctx) };
}

/**
 * One slice of a refresh: the next REFRESH_SLICE agents after `after`, set-based (one agent read
 * with each agent's last transaction by index seek, one GROUP BY over the slice's transactions,
 * the float forecast's three reads, chunked upserts in one batch, the episode batch). Never a
 * query per agent. `through` is null when no agent is left.
 */
export async function refreshSlice(
  ctx: TenantContext,
  run: RefreshRun,
  after: string | null,
): Promise<{ refreshed: number; through: string | null; floatAlerts: number }> {
  const { now, computedAt, pool, coverDays } = run;
  const b = boundsFor(now, STANDARD_WINDOW);
  const agents = await repo.agentsAfter(ctx, after, REFRESH_SLICE, b.now);
  if (agents.length === 0) return { refreshed: 0, through: null, floatAlerts: 0 };
  const through = agents[agents.length - 1].agent_id;
  const range = { kind: "range" as const, afterId: after, throughId: through };
  const [activity, forecasts] = await Promise.all([
    repo.activityByAgent(ctx, range, b),
    forecastAgents(ctx, range, now, { pool }),
  ]);
  const rows = agents.map((a) => {
    const input = activityFromStore(
      {
        floatBalanceMinor: a.float_balance_minor,
        floatLimitMinor: a.float_limit_minor,
        activatedAt: a.activated_at,
        createdAt: a.created_at,
        lastTransactionAt: a.last_transaction_at,
      },
      activity.get(a.agent_id),
      a.last_tx,
      b,
    );
    const result = calculateAhi({
      activity: input,
      status: a.agent_status,
      windowDays: STANDARD_WINDOW,
      now,
    });
    const forecast = forecasts.get(a.agent_id);
    if (forecast)
      result.flags = withFlag(
        result.flags,
        stockoutFlag(forecast, coverDays, ctx.tenant.settings.currency, now),
      );
    return snapshotOf(
      {
        agentId: a.agent_id,
        agentCode: a.agent_code,
        agentName: a.agent_name,
        agentType: a.agent_type,
        agentTier: a.agent_tier,
        agentStatus: a.agent_status,
        region: a.region,
        floatBalanceMinor: a.float_balance_minor,
      },
      input,
      result,
      computedAt,
      forecast,
    );
  });
  await repo.upsertSnapshots(
    ctx,
    { windowDays: STANDARD_WINDOW, calculationVersion: CALCULATION_VERSION, computedAt },
    rows,
  );
  const episodes = await episodeChanges(
    ctx,
    range,
    agents.map((a) => ({ agentId: a.agent_id, agentCode: a.agent_code })),
    forecasts,
    computedAt,
  );
  if (episodes.statements.length > 0) await ctx.db.batchSql(episodes.statements);
  return {
    refreshed: rows.length,
    through: agents.length < REFRESH_SLICE ? null : through,
    floatAlerts: episodes.opened,
  };
}

/** After the last slice: benchmarks from the new snapshots, and the outbox nudged for new events. */
async function finishRun(ctx: TenantContext, run: RefreshRun, floatAlerts: number): Promise<void> {
  await rebuildBenchmarks(ctx, run.computedAt);
  if (floatAlerts > 0) await notifyOutbox(ctx);
}

/**
 * One queue message's share of a refresh: starts a run (no cursor) or continues it, does one
 * slice, records progress, and returns where the next message starts (null: done, or a newer
 * run has replaced this one). Each slice is its own invocation, so any portfolio size stays
 * within one invocation's CPU and query limits.
 */
export async function refreshStep(
  ctx: TenantContext,
  cursor?: { computedAt: string; afterId: string },
): Promise<{ computedAt: string; afterId: string } | null> {
  const run = await startRun(ctx, cursor?.computedAt);
  const at = () => ctx.clock.now().toISOString();
  if (!cursor)
    await runs.saveRun(
      ctx,
      { computed_at: run.computedAt, status: "running", total: await repo.countAgents(ctx), processed: 0 },
      at(),
    );
  const current = await runs.latestRun(ctx);
  if (!current || current.computed_at !== run.computedAt) return null;
  const slice = await refreshSlice(ctx, run, cursor?.afterId ?? null);
  if (slice.floatAlerts > 0) await notifyOutbox(ctx);
  // At-least-once delivery may repeat a slice: progress never passes the total.
  const processed = Math.min(current.total, current.processed + slice.refreshed);
  if (slice.through === null) {
    await finishRun(ctx, run, 0);
    await runs.saveRun(ctx, { ...current, status: "completed", processed: current.total }, at());
    return null;
  }
  await runs.saveRun(ctx, { ...current, processed }, at());
  return { computedAt: run.computedAt, afterId: slice.through };
}

/** Recomputes the 30-day snapshot of every agent of the tenant, slice after slice, in this invocation. */
export async function refreshSnapshots(
  ctx: TenantContext,
): Promise<{ refreshed: number; computedAt: string }> {
  const run = await startRun(ctx);
  let after: string | null = null;
  let refreshed = 0;
  let floatAlerts = 0;
  for (;;) {
    const slice = await refreshSlice(ctx, run, after);
    refreshed += slice.refreshed;
    floatAlerts += slice.floatAlerts;
    if (slice.through === null) break;
    after = slice.through;
  }
  await finishRun(ctx, run, floatAlerts);
  await runs.saveRun(
    ctx,
    { computed_at: run.computedAt, status: "completed", total: refreshed, processed: refreshed },
    ctx.clock.now().toISOString(),
  );
  return { refreshed, computedAt: run.computedAt };
}

/** Portfolio reads need snapshots and benchmarks: the first read of a tenant computes them. */
export async function ensureSnapshots(ctx: TenantContext): Promise<void> {
  if (await hasBenchmarks(ctx)) return;
  if (await repo.hasAgents(ctx)) await refreshSnapshots(ctx);
}
