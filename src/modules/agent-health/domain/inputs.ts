import { daysBefore } from "../../../lib/clock";
import type { ActivityRow, AgentActivity, Bounds } from "./types";

/** The snapshot window (days): benchmarks and the portfolio summary are 30-day figures. */
export const STANDARD_WINDOW = 30;

export function boundsFor(now: Date, windowDays: number): Bounds {
  return {
    now: now.toISOString(),
    windowStart: daysBefore(now, windowDays).toISOString(),
    previousStart: daysBefore(now, 2 * windowDays).toISOString(),
    sevenDayStart: daysBefore(now, 7).toISOString(),
  };
}

export interface StoredAgent {
  floatBalanceMinor: number;
  floatLimitMinor: number;
  activatedAt: string | null;
  createdAt: string;
  lastTransactionAt: string | null;
}

const later = (a: string | null, b: string | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/**
 * AHI inputs from stored data. The previous period counts only when the agent was already
 * active at its start (a new agent's empty previous period is not a decline or a surge);
 * the last transaction is the later of the transactions table and the agent record, never
 * after `now`.
 */
export function activityFromStore(
  agent: StoredAgent,
  row: ActivityRow | undefined,
  lastTx: string | null,
  b: Bounds,
): AgentActivity {
  const r = row ?? {
    n_cur: 0,
    n_7: 0,
    n_prev: 0,
    v_cur: 0,
    v_7: 0,
    v_prev: 0,
    in_n: 0,
    out_n: 0,
    in_v: 0,
    out_v: 0,
  };
  const since = agent.activatedAt ?? agent.createdAt;
  const coversPrevious = !since || since <= b.previousStart;
  const recorded =
    agent.lastTransactionAt && agent.lastTransactionAt <= b.now ? agent.lastTransactionAt : null;
  const last = later(lastTx, recorded);
  return {
    floatBalance: agent.floatBalanceMinor / 100,
    floatLimit: agent.floatLimitMinor / 100,
    transactionCount: r.n_cur,
    transactionCount7d: r.n_7,
    ...(coversPrevious ? { previousPeriodCount: r.n_prev, previousPeriodVolume: r.v_prev / 100 } : {}),
    cashInCount: r.in_n,
    cashOutCount: r.out_n,
    transactionVolume: r.v_cur / 100,
    transactionVolume7d: r.v_7 / 100,
    cashInVolume: r.in_v / 100,
    cashOutVolume: r.out_v / 100,
    ...(last ? { lastTransactionAt: last } : {}),
    ...(agent.activatedAt ? { activatedAt: agent.activatedAt } : {}),
    createdAt: agent.createdAt,
  };
}
