/**
 * Stock-out episodes: agent.float_low fires when an agent's forecast crosses into risk and not
 * again until the forecast has recovered (docs/methodology/agent-health.md#float). The event id
 * is fixed per (tenant, agent, episode), so two refreshes racing to the same episode cannot
 * both record it: the second batch fails on the outbox key and is retried.
 */
import type { SQL } from "drizzle-orm";
import type { TenantContext } from "../../../../db/tenant-context";
import { sha256Hex } from "../../../../lib/crypto";
import { fromMinor } from "../../../../lib/money";
import { eventStatements, type NewEvent } from "../../../events/service";
import { atRisk, recovered } from "../domain/flag";
import type { Target } from "../forecast/repo";
import type { AgentForecast } from "../forecast/service";
import * as repo from "./repo";

async function eventId(tenantId: string, agentId: string, seq: number): Promise<string> {
  const h = await sha256Hex(`agent.float_low|${tenantId}|${agentId}|${seq}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const floatLowData = (
  agent: { agentId: string; agentCode: string },
  f: AgentForecast,
  seq: number,
  currency: string,
) => ({
  agentId: agent.agentId,
  agentCode: agent.agentCode,
  episode: seq,
  currency,
  floatBalance: fromMinor(f.eFloat.balance),
  hoursToStockout: f.eFloat.hoursToStockout,
  probabilityWithin24h: f.eFloat.probabilityWithin24h,
  probabilityWithin72h: f.eFloat.probabilityWithin72h,
  suggestedRebalance: fromMinor(f.eFloat.suggestedRebalance),
  coverDays: f.coverDays,
  forecastAsOf: f.asOf,
});

/** Statements that open and close episodes for these forecasts, with their events; none when nothing changes. */
export async function episodeChanges(
  ctx: TenantContext,
  target: Target,
  agents: { agentId: string; agentCode: string }[],
  forecasts: Map<string, AgentForecast>,
  at: string,
): Promise<{ statements: SQL[]; opened: number }> {
  const current = new Map((await repo.episodesOf(ctx, target)).map((e) => [e.agent_id, e]));
  const opens: { agentId: string; seq: number }[] = [];
  const closes: string[] = [];
  const events: NewEvent[] = [];
  for (const agent of agents) {
    const f = forecasts.get(agent.agentId);
    if (!f) continue;
    const episode = current.get(agent.agentId);
    const open = episode !== undefined && episode.closed_at === null;
    if (!open && atRisk(f)) {
      const seq = (episode?.seq ?? 0) + 1;
      opens.push({ agentId: agent.agentId, seq });
      events.push({
        id: await eventId(ctx.tenantId, agent.agentId, seq),
        type: "agent.float_low",
        data: floatLowData(agent, f, seq, ctx.tenant.settings.currency),
      });
    } else if (open && recovered(f)) closes.push(agent.agentId);
  }
  if (opens.length === 0 && closes.length === 0) return { statements: [], opened: 0 };
  return {
    statements: [...repo.episodeStatements(ctx, opens, closes, at), ...eventStatements(ctx, events, at)],
    opened: events.length,
  };
}
