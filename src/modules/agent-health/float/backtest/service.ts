import type { TenantContext } from "../../../../db/tenant-context";
import { badRequest } from "../../../../lib/errors";
import { addCase, type BacktestTally, OUTCOME_HOURS, realisedStockout } from "../domain/backtest";
import { bucketStart } from "../domain/history";
import { hourlyFlows } from "../forecast/repo";
import { forecastAgents, type TenantPool, unpackHours } from "../forecast/service";
import * as repo from "./repo";

const HOUR_MS = 3_600_000;

export interface FloatBacktestInput {
  /** End of the held-out window (an instant at most now; cuts fall on whole hours before it). */
  to: string;
  /** Held-out weeks: cuts from `weeks` weeks before `to` until a week before it. */
  weeks: number;
  /** Hours between cuts. */
  cutEveryHours: number;
}

/** Agents per slice (one statement set per slice and cut), as a portfolio refresh slices. */
export const SLICE_AGENTS = 2_500;

/**
 * The cuts, oldest first: every `cutEveryHours` from `weeks` weeks before the hour of `to` until
 * one horizon (168 h) before it, so every cut's outcome is known by `to`.
 */
export function cutsOf(input: FloatBacktestInput): string[] {
  const end = bucketStart(new Date(input.to), "hour").getTime();
  const last = end - OUTCOME_HOURS * HOUR_MS;
  const cuts: string[] = [];
  for (let t = end - input.weeks * 7 * 24 * HOUR_MS; t <= last; t += input.cutEveryHours * HOUR_MS)
    cuts.push(new Date(t).toISOString());
  return cuts;
}

export function validateInput(
  ctx: TenantContext,
  input: { to?: string; weeks: number; cutEveryHours: number },
) {
  const now = ctx.clock.now();
  const to = input.to ? new Date(input.to) : now;
  if (to.getTime() > now.getTime())
    throw badRequest("The held-out window cannot end in the future", [{ path: "to", message: "after now" }]);
  return { to: to.toISOString(), weeks: input.weeks, cutEveryHours: input.cutEveryHours };
}

export interface SliceResult {
  /** The last agent id of the slice; null: no agent was left after `afterId`. */
  through: string | null;
  agents: number;
  /** Agents with customer transactions in their history at the cut (the scored forecasts). */
  scored: number;
  atRisk: number;
  atRiskCovered: number;
}

/**
 * Forecasts one slice of agents as of `cut` with the method the API serves (forecastAgents,
 * with the tenant pool as of the cut) and adds each forecast and what happened in the next
 * 168 hours to the tally. Agents with no customer transaction in the 8 weeks before the cut have
 * no demand or floor of their own and are not scored.
 */
export async function scoreSlice(
  ctx: TenantContext,
  tally: BacktestTally,
  cut: string,
  afterId: string | null,
  pool: TenantPool,
): Promise<SliceResult> {
  const ids = await repo.agentIdsAfter(ctx, afterId, SLICE_AGENTS);
  if (ids.length === 0) return { through: null, agents: 0, scored: 0, atRisk: 0, atRiskCovered: 0 };
  const through = ids[ids.length - 1];
  const target = { kind: "range" as const, afterId, throughId: through };
  const at = new Date(cut);
  const end = new Date(at.getTime() + OUTCOME_HOURS * HOUR_MS).toISOString();
  const [forecasts, outcomes] = await Promise.all([
    forecastAgents(ctx, target, at, { pool }),
    hourlyFlows(ctx, target, cut, end),
  ]);
  const flowsOf = new Map(outcomes.map((o) => [o.agent_id, o.hours]));
  const result: SliceResult = { through, agents: ids.length, scored: 0, atRisk: 0, atRiskCovered: 0 };
  for (const [agentId, f] of forecasts) {
    if (f.pooling === "tenant" || f.pooling === "none") continue;
    const flows = new Float64Array(OUTCOME_HOURS);
    for (const h of unpackHours(flowsOf.get(agentId), at.getTime()))
      if (h.hour >= 0 && h.hour < OUTCOME_HOURS) flows[h.hour] += h.customer;
    const realised = realisedStockout(f.eFloat.balance, f.eFloat.floor, flows);
    const before = { ...tally.atRisk };
    addCase(tally, f.eFloat, realised);
    result.scored++;
    result.atRisk += tally.atRisk.forecasts - before.forecasts;
    result.atRiskCovered += tally.atRisk.covered - before.covered;
  }
  return result;
}
