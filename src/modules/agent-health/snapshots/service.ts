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
} from "../float/forecast/service";
import type { AgentProfile } from "../present";
import * as repo from "../repo";

/** Agents per refresh slice: one agent read and one transaction aggregate each. */
const REFRESH_SLICE = 5_000;

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

/**
 * Recomputes the 30-day snapshot of every agent of the tenant, set-based: per slice of
 * agents one agent read (with each agent's last transaction by index seek) and one GROUP BY
 * over the slice's transactions, then chunked upserts in one batch. Never a query per agent.
 */
export async function refreshSnapshots(
  ctx: TenantContext,
): Promise<{ refreshed: number; computedAt: string }> {
  const now = ctx.clock.now();
  const computedAt = now.toISOString();
  const b = boundsFor(now, STANDARD_WINDOW);
  let after: string | null = null;
  let refreshed = 0;
  let floatAlerts = 0;
  const pool = await refreshTenantPool(ctx, now);
  const coverDays = coverDaysOf(ctx);
  for (;;) {
    const agents = await repo.agentsAfter(ctx, after, REFRESH_SLICE, b.now);
    if (agents.length === 0) break;
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
    floatAlerts += episodes.opened;
    refreshed += rows.length;
    after = through;
    if (agents.length < REFRESH_SLICE) break;
  }
  await rebuildBenchmarks(ctx, computedAt);
  if (floatAlerts > 0) await notifyOutbox(ctx);
  return { refreshed, computedAt };
}

/** Portfolio reads need snapshots and benchmarks: the first read of a tenant computes them. */
export async function ensureSnapshots(ctx: TenantContext): Promise<void> {
  if (await hasBenchmarks(ctx)) return;
  if (await repo.hasAgents(ctx)) await refreshSnapshots(ctx);
}
