import type { TenantContext } from "../../db/tenant-context";
import { jobs } from "../../jobs/messages";
import { AppError } from "../../lib/errors";
import { round2, roundTo } from "../../lib/numbers";
import { getAgent } from "../data/service";
import { activityFromStore, boundsFor, STANDARD_WINDOW } from "./domain/inputs";
import { type BenchmarkGroup, compareWithPeers } from "./domain/peers";
import { type AhiResult, CALCULATION_VERSION, calculateAhi } from "./domain/score";
import type { AgentActivity } from "./domain/types";
import { type AgentProfile, buildReport, type PeerComparison, presentSummary } from "./present";
import * as repo from "./repo";

/** docs/contract.md#analytics: the capability exists only for tenants with an agent network. */
export function requireAgentNetwork(ctx: TenantContext): void {
  if (!ctx.tenant.features.agentNetwork)
    throw new AppError(
      "not_implemented",
      "Agent health is not enabled for this tenant (agentNetwork feature)",
    );
}

/** Agents per refresh slice: one agent read and one transaction aggregate each. */
const REFRESH_SLICE = 5_000;

const snapshotOf = (
  agent: AgentProfile & { floatBalanceMinor: number },
  activity: AgentActivity,
  result: AhiResult,
  computedAt: string,
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
  windowDays: STANDARD_WINDOW,
  calculationVersion: result.calculationVersion,
  computedAt,
});

const floatScoreOf = (result: AhiResult) => {
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
  for (;;) {
    const agents = await repo.agentsAfter(ctx, after, REFRESH_SLICE, b.now);
    if (agents.length === 0) break;
    const through = agents[agents.length - 1].agent_id;
    const activity = await repo.activityByAgent(
      ctx,
      { kind: "range", afterId: after, throughId: through },
      b,
    );
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
      );
    });
    await repo.upsertSnapshots(
      ctx,
      { windowDays: STANDARD_WINDOW, calculationVersion: CALCULATION_VERSION, computedAt },
      rows,
    );
    refreshed += rows.length;
    after = through;
    if (agents.length < REFRESH_SLICE) break;
  }
  await repo.rebuildBenchmarks(ctx, computedAt);
  return { refreshed, computedAt };
}

/** Portfolio reads need snapshots and benchmarks: the first read of a tenant computes them. */
async function ensureSnapshots(ctx: TenantContext): Promise<void> {
  if (await repo.hasBenchmarks(ctx)) return;
  if (await repo.hasAgents(ctx)) await refreshSnapshots(ctx);
}

function toGroup(dimension: repo.Dimension, row: repo.GroupStatsRow): BenchmarkGroup {
  return {
    groupId: `${dimension}:${row.g}`,
    name: dimension === "tier" ? `${row.g}-tier` : `${row.g} region`,
    sampleSize: row.n,
    metrics: {
      avgTransactionCount30d: round2(row.avg_count),
      avgTransactionVolume30d: round2(row.avg_volume_minor / 100),
      avgFloatUtilization: Math.round((row.avg_float ?? 0) * 10_000) / 10_000,
      avgAHIScore: round2(row.avg_ahi),
    },
    percentiles: { p25: row.p25, p50: row.p50, p75: row.p75 },
    computedAt: row.computed_at,
  };
}

export async function listBenchmarks(ctx: TenantContext) {
  requireAgentNetwork(ctx);
  await ensureSnapshots(ctx);
  const [tiers, regions] = await Promise.all([repo.groupStats(ctx, "tier"), repo.groupStats(ctx, "region")]);
  return {
    tierBenchmarks: Object.fromEntries(tiers.map((r) => [r.g, toGroup("tier", r)])),
    regionalBenchmarks: Object.fromEntries(regions.map((r) => [r.g, toGroup("region", r)])),
  };
}

async function compareInGroup(
  ctx: TenantContext,
  dimension: repo.Dimension,
  value: string | null,
  agentId: string,
  values: repo.PeerValues,
) {
  if (!value) return null;
  const [stats] = await repo.groupStats(ctx, dimension, value);
  if (!stats) return null;
  const c = await repo.peerCounts(ctx, dimension, value, agentId, values);
  if (c.peers === 0) return null;
  return compareWithPeers(
    {
      peers: c.peers,
      below: {
        transactionCount: c.c_lt,
        transactionVolume: c.v_lt,
        floatUtilization: c.f_lt,
        overallHealth: c.a_lt,
      },
      equal: {
        transactionCount: c.c_eq,
        transactionVolume: c.v_eq,
        floatUtilization: c.f_eq,
        overallHealth: c.a_eq,
      },
    },
    toGroup(dimension, stats),
  );
}

/**
 * Rankings against the agent's tier (the main comparison) and region. Counts and volumes
 * are scaled to 30 days first, because the peers' snapshots are 30-day figures.
 */
async function peerComparison(
  ctx: TenantContext,
  profile: AgentProfile,
  activity: AgentActivity,
  result: AhiResult,
  windowDays: number,
): Promise<PeerComparison | null> {
  await ensureSnapshots(ctx);
  const scale = STANDARD_WINDOW / windowDays;
  const values: repo.PeerValues = {
    transactionCount: (activity.transactionCount ?? 0) * scale,
    transactionVolumeMinor: Math.round((activity.transactionVolume ?? 0) * 100 * scale),
    floatScore: floatScoreOf(result) ?? 0,
    ahiScore: result.ahiScore,
  };
  const [tier, region] = await Promise.all([
    compareInGroup(ctx, "tier", profile.agentTier, profile.agentId, values),
    compareInGroup(ctx, "region", profile.region, profile.agentId, values),
  ]);
  if (!tier && !region) return null;
  const main = tier ?? region!;
  return { ...main, regional: tier ? region : null };
}

/**
 * Peers are the tenant's agents, whose snapshots are in the tenant's currency: figures in
 * another currency have no peer group (ranking GHS volumes against NGN ones would mislead).
 */
async function report(
  ctx: TenantContext,
  profile: AgentProfile,
  activity: AgentActivity,
  windowDays: number,
  includePeerComparison: boolean,
  figures: { currency: string; servesRegions: string[] },
) {
  const now = ctx.clock.now();
  const result = calculateAhi({ activity, status: profile.agentStatus, windowDays, now });
  const samePeerCurrency = figures.currency === ctx.tenant.settings.currency;
  const peers =
    includePeerComparison && samePeerCurrency
      ? await peerComparison(ctx, profile, activity, result, windowDays)
      : null;
  if (includePeerComparison && !peers) result.missingDataPoints.push("peerBenchmarks");
  return buildReport(ctx, profile, result, peers, windowDays, now.toISOString(), figures);
}

export async function getAgentHealth(
  ctx: TenantContext,
  agentId: string,
  options: { windowDays: number; includePeerComparison: boolean },
) {
  requireAgentNetwork(ctx);
  const agent = await getAgent(ctx, agentId);
  const b = boundsFor(ctx.clock.now(), options.windowDays);
  const [activity, lastTx] = await Promise.all([
    repo.activityByAgent(ctx, { kind: "one", agentId: agent.agentId }, b),
    repo.lastTransactionOf(ctx, agent.agentId, b.now),
  ]);
  const input = activityFromStore(agent, activity.get(agent.agentId), lastTx, b);
  return report(
    ctx,
    { ...agent, region: agent.region },
    input,
    options.windowDays,
    options.includePeerComparison,
    { currency: ctx.tenant.settings.currency, servesRegions: agent.servesRegions },
  );
}

export interface ProvidedData extends Omit<AgentActivity, "floatBalance" | "floatLimit"> {
  agentId: string;
  agentCode: string;
  agentName?: string;
  agentType: string;
  agentTier: string;
  agentStatus: string;
  floatBalance: number;
  floatLimit: number;
  region?: string;
  /** ISO 4217; default the tenant's currency. */
  currency?: string;
  servesRegions?: string[];
  includePeerComparison: boolean;
}

/** Money in the domain has 2 decimals, as stored figures do: 5e-324 is 0, not a divisor. */
const cents = (amount: number | undefined) => (amount === undefined ? undefined : roundTo(amount, 2));

/** AHI from data the caller provides (30-day figures); reads only peers, stores nothing. */
export async function calculateFromData(ctx: TenantContext, input: ProvidedData) {
  requireAgentNetwork(ctx);
  const { agentId, agentCode, agentName, agentType, agentTier, agentStatus, region, includePeerComparison } =
    input;
  const activity: AgentActivity = {
    floatBalance: roundTo(input.floatBalance, 2),
    floatLimit: roundTo(input.floatLimit, 2),
    transactionCount: input.transactionCount,
    transactionCount7d: input.transactionCount7d,
    previousPeriodCount: input.previousPeriodCount,
    cashInCount: input.cashInCount,
    cashOutCount: input.cashOutCount,
    transactionVolume: cents(input.transactionVolume),
    transactionVolume7d: cents(input.transactionVolume7d),
    previousPeriodVolume: cents(input.previousPeriodVolume),
    cashInVolume: cents(input.cashInVolume),
    cashOutVolume: cents(input.cashOutVolume),
    lastTransactionAt: input.lastTransactionAt,
    activatedAt: input.activatedAt,
    createdAt: input.createdAt,
  };
  const profile: AgentProfile = {
    agentId,
    agentCode,
    agentName: agentName ?? null,
    agentType,
    agentTier,
    agentStatus,
    region: region ?? null,
  };
  return report(ctx, profile, activity, STANDARD_WINDOW, includePeerComparison, {
    currency: input.currency ?? ctx.tenant.settings.currency,
    servesRegions: input.servesRegions ?? [],
  });
}

export async function portfolioSummary(
  ctx: TenantContext,
  filter: repo.SummaryFilter,
  sort: { by: repo.SortBy; order: "asc" | "desc" },
  page: repo.Page,
) {
  requireAgentNetwork(ctx);
  await ensureSnapshots(ctx);
  const { rows, total } = await repo.summaryPage(ctx, filter, sort, page);
  return { agents: rows.map(presentSummary), total };
}

/** Above this many agents an on-demand refresh runs on the jobs queue (202) instead of inline. */
export const INLINE_REFRESH_LIMIT = 20_000;

/** On-demand refresh (the daily cron does the same for every agent-network tenant). */
export async function refreshPortfolio(
  ctx: TenantContext,
): Promise<{ kind: "done"; refreshed: number; computedAt: string } | { kind: "queued"; agents: number }> {
  requireAgentNetwork(ctx);
  const agents = await repo.countAgents(ctx);
  if (agents > INLINE_REFRESH_LIMIT) {
    await ctx.env.JOBS_QUEUE.send(jobs.agentHealthRefresh(ctx.tenantId));
    return { kind: "queued", agents };
  }
  return { kind: "done", ...(await refreshSnapshots(ctx)) };
}
