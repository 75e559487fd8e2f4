import type { TenantContext } from "../../db/tenant-context";
import { startOrJoin } from "../../jobs/dedupe";
import { AGENT_HEALTH_REFRESH_JOB, jobs } from "../../jobs/messages";
import { AppError } from "../../lib/errors";
import { roundTo } from "../../lib/numbers";
import { presentPage } from "../../lib/pagination";
import { getAgentByRef } from "../data/service";
import { benchmarkGroups, peerComparison } from "./benchmarks/service";
import { activityFromStore, boundsFor, STANDARD_WINDOW } from "./domain/inputs";
import { calculateAhi } from "./domain/score";
import type { AgentActivity } from "./domain/types";
import { stockoutFlag, withFlag } from "./float/domain/flag";
import { type AgentForecast, coverDaysOf, forecastAgents } from "./float/forecast/service";
import { presentForecast } from "./float/present";
import { type AgentProfile, buildReport, presentSummary } from "./present";
import * as repo from "./repo";
import { latestRun } from "./snapshots/repo";
import { ensureSnapshots, refreshSnapshots } from "./snapshots/service";

/** docs/contract.md#analytics: the capability exists only for tenants with an agent network. */
export function requireAgentNetwork(ctx: TenantContext): void {
  if (!ctx.tenant.features.agentNetwork)
    throw new AppError(
      "not_implemented",
      "Agent health is not enabled for this tenant (agentNetwork feature)",
    );
}

export async function listBenchmarks(ctx: TenantContext) {
  requireAgentNetwork(ctx);
  await ensureSnapshots(ctx);
  return benchmarkGroups(ctx);
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
  forecast: AgentForecast | null = null,
) {
  const now = ctx.clock.now();
  const result = calculateAhi({ activity, status: profile.agentStatus, windowDays, now });
  if (forecast)
    result.flags = withFlag(result.flags, stockoutFlag(forecast, coverDaysOf(ctx), figures.currency, now));
  const samePeerCurrency = figures.currency === ctx.tenant.settings.currency;
  const peers =
    includePeerComparison && samePeerCurrency
      ? await peerComparison(ctx, profile, activity, result, windowDays)
      : null;
  if (includePeerComparison && !peers) result.missingDataPoints.push("peerBenchmarks");
  const floatForecast = forecast ? presentForecast(forecast) : null;
  return buildReport(ctx, profile, result, peers, windowDays, now.toISOString(), {
    ...figures,
    floatForecast,
  });
}

export async function getAgentHealth(
  ctx: TenantContext,
  agentId: string,
  options: { windowDays: number; includePeerComparison: boolean },
) {
  requireAgentNetwork(ctx);
  const agent = await getAgentByRef(ctx, agentId);
  const b = boundsFor(ctx.clock.now(), options.windowDays);
  const [activity, lastTx, forecasts] = await Promise.all([
    repo.activityByAgent(ctx, { kind: "one", agentId: agent.agentId }, b),
    repo.lastTransactionOf(ctx, agent.agentId, b.now),
    forecastAgents(ctx, { kind: "one", agentId: agent.agentId }, ctx.clock.now()),
  ]);
  const input = activityFromStore(agent, activity.get(agent.agentId), lastTx, b);
  return report(
    ctx,
    { ...agent, region: agent.region },
    input,
    options.windowDays,
    options.includePeerComparison,
    { currency: ctx.tenant.settings.currency, servesRegions: agent.servesRegions },
    forecasts.get(agent.agentId) ?? null,
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
  const { data, page: found } = presentPage(await repo.summaryPage(ctx, filter, sort, page), presentSummary);
  return { agents: data, page: found };
}

/**
 * Above this many agents an on-demand refresh runs on the jobs queue (202), one slice per
 * message, instead of inline: with stock-out forecasts a slice costs ~0.5 ms of CPU per agent.
 */
export const INLINE_REFRESH_LIMIT = 5_000;

/** A refresh queued, or a run last moved, longer ago than this is taken for dead: not joined. */
const QUEUED_REFRESH_MS = 60 * 60_000;

/**
 * Whether the refresh queued at `queuedAt` still counts as in progress: its run is running (and
 * moved within the hour), or no run began since it was queued, under an hour ago (waiting for a slot).
 */
async function refreshInProgress(ctx: TenantContext, queuedAt: string): Promise<true | undefined> {
  const run = await latestRun(ctx);
  const recent = (at: string) => Date.parse(at) > ctx.clock.now().getTime() - QUEUED_REFRESH_MS;
  if (run?.status === "running" && recent(run.updated_at)) return true;
  const waiting = (!run || run.computed_at < queuedAt) && recent(queuedAt);
  return waiting ? true : undefined;
}

/** On-demand refresh (the daily cron does the same for every agent-network tenant). */
export async function refreshPortfolio(
  ctx: TenantContext,
): Promise<
  | { kind: "done"; refreshed: number; computedAt: string }
  | { kind: "queued"; agents: number; joined: boolean }
> {
  requireAgentNetwork(ctx);
  const agents = await repo.countAgents(ctx);
  if (agents > INLINE_REFRESH_LIMIT) {
    const { joined } = await startOrJoin(
      ctx.env,
      { tenantId: ctx.tenantId, key: AGENT_HEALTH_REFRESH_JOB, now: ctx.clock.now() },
      (_, queuedAt) => refreshInProgress(ctx, queuedAt),
      async () => void (await ctx.env.JOBS_QUEUE.send(jobs.agentHealthRefresh(ctx.tenantId))),
    );
    return { kind: "queued", agents, joined };
  }
  return { kind: "done", ...(await refreshSnapshots(ctx)) };
}

/** The tenant's latest refresh run and its progress (null before the first refresh). */
export async function refreshProgress(ctx: TenantContext) {
  requireAgentNetwork(ctx);
  const run = await latestRun(ctx);
  return run
    ? {
        status: run.status,
        computedAt: run.computed_at,
        total: run.total,
        processed: run.processed,
        updatedAt: run.updated_at,
      }
    : null;
}
