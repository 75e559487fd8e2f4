import type { TenantContext } from "../../../db/tenant-context";
import { daysBefore } from "../../../lib/clock";
import { badRequest } from "../../../lib/errors";
import { fromMinor, fromMinorOrNull, toMinor } from "../../../lib/money";
import { getAgentByRef } from "../../data/service";
import { requireAgentNetwork } from "../service";
import { bucketStart, floatSeries, type Granularity } from "./domain/history";
import * as repo from "./repo";

const MAX_SPAN_DAYS = { hour: 31, day: 366 } as const;
const DEFAULT_SPAN_DAYS = { hour: 7, day: 90 } as const;

/**
 * The agent's e-float per bucket over [from, to]: the opening balance is the latest report at
 * or before the first bucket, else the agent record as of its last update, moved by the flows
 * between it and the first bucket's start; then floatSeries walks the buckets.
 */
export async function floatHistory(
  ctx: TenantContext,
  agentId: string,
  query: { from?: string; to?: string; granularity: Granularity },
) {
  requireAgentNetwork(ctx);
  const agent = await getAgentByRef(ctx, agentId);
  const g = query.granularity;
  const to = query.to ? new Date(query.to) : ctx.clock.now();
  const from = query.from ? new Date(query.from) : daysBefore(to, DEFAULT_SPAN_DAYS[g]);
  if (from > to) throw badRequest("from must not be after to", [{ path: "from", message: "after to" }]);
  if (to.getTime() - from.getTime() > MAX_SPAN_DAYS[g] * 86_400_000)
    throw badRequest(`At most ${MAX_SPAN_DAYS[g]} days at granularity ${g}`, [
      { path: "from", message: `more than ${MAX_SPAN_DAYS[g]} days before to` },
    ]);
  const start = bucketStart(from, g).toISOString();
  const report = await repo.latestReportAtOrBefore(ctx, agent.agentId, start);
  const anchor = report
    ? { source: "report" as const, at: report.reportedAt, balance: report.floatBalance }
    : { source: "agent_record" as const, at: agent.updatedAt, balance: agent.floatBalanceMinor };
  // Flows in (anchor, start) move the anchor forward, or (start, anchor] backward.
  const [forward, backward, buckets, reports] = await Promise.all([
    anchor.at < start ? repo.floatFlowBetween(ctx, agent.agentId, anchor.at, prior(start)) : 0,
    anchor.at >= start ? repo.floatFlowBetween(ctx, agent.agentId, prior(start), anchor.at) : 0,
    repo.flowBuckets(ctx, agent.agentId, { from: start, to: to.toISOString(), granularity: g }),
    repo.reportsBetween(ctx, agent.agentId, start, to.toISOString()),
  ]);
  const opening = anchor.balance + forward - backward;
  const { points, drifts } = floatSeries(opening, { from, to, granularity: g }, buckets, reports);
  return {
    agentId: agent.agentId,
    currency: agent.currency,
    from: from.toISOString(),
    to: to.toISOString(),
    granularity: g,
    anchor: { source: anchor.source, at: anchor.at, floatBalance: fromMinor(anchor.balance) },
    openingBalance: fromMinor(opening),
    points: points.map((p) => ({
      start: p.start,
      cashIn: fromMinor(p.cashIn),
      cashOut: fromMinor(p.cashOut),
      rebalanceIn: fromMinor(p.rebalanceIn),
      rebalanceOut: fromMinor(p.rebalanceOut),
      transactions: p.transactions,
      closingBalance: fromMinor(p.closingBalance),
    })),
    reported: drifts.map((d) => ({
      reportedAt: d.reportedAt,
      floatBalance: fromMinor(d.floatBalance),
      cashBalance: fromMinorOrNull(d.cashBalance),
      derivedBalance: fromMinor(d.derivedBalance),
      drift: fromMinor(d.drift),
    })),
  };
}

/** The instant just before `iso` (flows strictly before the first bucket). */
const prior = (iso: string) => new Date(new Date(iso).getTime() - 1).toISOString();

export interface ReportInput {
  reportedAt: string;
  /** Major units: a decimal string, or a number (still accepted from existing clients). */
  floatBalance: string | number;
  cashBalance?: string | number | null;
}

/** Stores reported balances of one agent (a report at the same instant replaces the earlier send). */
export async function recordFloatReports(ctx: TenantContext, agentId: string, reports: ReportInput[]) {
  requireAgentNetwork(ctx);
  const agent = await getAgentByRef(ctx, agentId);
  const now = ctx.clock.now();
  const points = reports.map((r, i) => {
    const at = new Date(r.reportedAt);
    if (at > now)
      throw badRequest("A reported balance cannot be in the future", [
        { path: `reports.${i}.reportedAt`, message: "after now" },
      ]);
    return {
      reportedAt: at.toISOString(),
      floatBalance: toMinor(r.floatBalance),
      cashBalance: r.cashBalance === undefined || r.cashBalance === null ? null : toMinor(r.cashBalance),
    };
  });
  await ctx.db.batchSql(repo.reportStatements(ctx, agent.agentId, points, now.toISOString()));
  return { recorded: new Set(points.map((p) => p.reportedAt)).size };
}
