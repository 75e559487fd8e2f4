import type { TenantContext } from "../../../../db/tenant-context";
import { daysBefore } from "../../../../lib/clock";
import { DEFAULT_PATHS, type Forecast, forecastStockout, HORIZON_HOURS } from "../domain/forecast";
import { bucketStart } from "../domain/history";
import { type HourFlow, inStockHistory } from "../domain/in-stock";
import {
  type FlowHistory,
  MIN_OWN_TRANSACTIONS,
  type Pooling,
  slotModel,
  slotOf,
} from "../domain/seasonality";
import * as repo from "./repo";

/** Days of history the demand model reads (8 weeks: 8 observations of each hour of the week). */
export const HISTORY_DAYS = 56;
export const DEFAULT_COVER_DAYS = 3;

export interface AgentForecast extends Forecast {
  asOf: string;
  coverDays: number;
  pooling: Pooling;
  historyWeeks: number;
  /** Hours of the history the agent spent below the floor (left out of the demand model). */
  hoursOutOfStock: number;
}

const HOUR_MS = 3_600_000;

/** The packed hours of repo.hourlyFlows as offsets from `startMs` (an hour boundary). */
export function unpackHours(packed: string | undefined, startMs: number): HourFlow[] {
  if (!packed) return [];
  return packed.split(",").map((entry) => {
    const [hour, customer, rebalance] = entry.split("|");
    return {
      hour: Math.round((Date.parse(`${hour}:00:00.000Z`) - startMs) / HOUR_MS),
      customer: Number(customer),
      rebalance: Number(rebalance),
    };
  });
}

export const coverDaysOf = (ctx: TenantContext) =>
  ctx.tenant.settings.agentFloatCoverDays ?? DEFAULT_COVER_DAYS;

export type TenantPool = FlowHistory | null;

/**
 * The tenant's typical agent (slot sums per agent with flow in the window), recomputed and
 * stored by each portfolio refresh; a single agent's read uses the stored one.
 */
export async function refreshTenantPool(ctx: TenantContext, now: Date): Promise<TenantPool> {
  const pool = await tenantPoolAt(ctx, now);
  await repo.storePool(ctx, pool, now.toISOString());
  return pool;
}

/** The tenant's typical agent over the HISTORY_DAYS before `at` (a backtest's cut), not stored. */
export async function tenantPoolAt(ctx: TenantContext, at: Date): Promise<TenantPool> {
  const t = await repo.tenantSlotAggregates(
    ctx,
    daysBefore(at, HISTORY_DAYS).toISOString(),
    at.toISOString(),
  );
  return t.agents === 0
    ? null
    : {
        weeks: HISTORY_DAYS / 7,
        transactions: t.transactions / t.agents,
        slots: t.slots.map((s) => ({ slot: s.slot, sum: s.sum / t.agents, sumSq: s.sumSq / t.agents })),
      };
}

export const storedTenantPool = (ctx: TenantContext) => repo.storedPool(ctx);

const poolFor = async (ctx: TenantContext, now: Date): Promise<TenantPool> =>
  (await repo.storedPool(ctx)) ?? refreshTenantPool(ctx, now);

/**
 * Forecasts for the target's agents at `now`: four set-based reads per call (balances, history
 * stats, slot sums, and the tenant pool only when some agent's history is thin), then the
 * Monte Carlo per agent in memory.
 */
export async function forecastAgents(
  ctx: TenantContext,
  target: repo.Target,
  now: Date,
  options: { paths?: number; pool?: TenantPool } = {},
): Promise<Map<string, AgentForecast>> {
  const to = now.toISOString();
  const from = daysBefore(now, HISTORY_DAYS).toISOString();
  const [balances, stats, hourly] = await Promise.all([
    repo.balancesAt(ctx, target, to),
    repo.historyStats(ctx, target, from, to),
    repo.hourlyFlows(ctx, target, from, to),
  ]);
  const statsOf = new Map(stats.map((s) => [s.agent_id, s]));
  const hoursOf = new Map(hourly.map((h) => [h.agent_id, h.hours]));
  const thin = balances.some((b) => (statsOf.get(b.agent_id)?.n ?? 0) < MIN_OWN_TRANSACTIONS);
  const pool = options.pool !== undefined ? options.pool : thin ? await poolFor(ctx, now) : null;
  const asOf = bucketStart(now, "hour");
  const start = bucketStart(new Date(from), "hour");
  const hours = Math.round((asOf.getTime() - start.getTime()) / HOUR_MS) + 1;
  const coverDays = coverDaysOf(ctx);
  const out = new Map<string, AgentForecast>();
  for (const b of balances) {
    const s = statsOf.get(b.agent_id);
    const spanDays = s ? (now.getTime() - new Date(s.first_tx).getTime()) / 86_400_000 : 0;
    const weeks = Math.min(HISTORY_DAYS / 7, Math.max(1, Math.ceil(spanDays)) / 7);
    const floatFloor = s && s.in_n > 0 ? Math.round(s.in_v / s.in_n) : 0;
    // Demand from the hours the agent could serve a cash-in (domain/in-stock.ts), over the
    // whole days since its first transaction in the window.
    const firstDay = s ? bucketStart(new Date(s.first_tx), "day").getTime() : asOf.getTime();
    const own = inStockHistory({
      hours,
      startSlot: slotOf(start),
      firstHour: Math.round((firstDay - start.getTime()) / HOUR_MS),
      closingBalance: b.float_now,
      level: floatFloor,
      flows: unpackHours(hoursOf.get(b.agent_id), start.getTime()),
    });
    const model = slotModel(
      { weeks, transactions: s?.n ?? 0, slots: own.slots, observations: own.observations },
      pool,
    );
    const f = forecastStockout({
      agentId: b.agent_id,
      asOf,
      model,
      floatBalance: b.float_now,
      cashBalance: b.cash_now,
      floatFloor,
      cashFloor: s && s.out_n > 0 ? Math.round(s.out_v / s.out_n) : 0,
      coverHours: coverDays * 24,
      paths: options.paths ?? DEFAULT_PATHS,
      horizonHours: HORIZON_HOURS,
    });
    out.set(b.agent_id, {
      ...f,
      asOf: asOf.toISOString(),
      coverDays,
      pooling: model.pooling,
      historyWeeks: Math.round(weeks * 100) / 100,
      hoursOutOfStock: own.hoursOutOfStock,
    });
  }
  return out;
}
