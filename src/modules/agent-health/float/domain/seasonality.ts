/**
 * The agent's hourly customer net flow (e-float in minus out, minor units) as 168 slots of
 * hour-of-day x day-of-week (UTC), with pooling where the history is thin
 * (docs/methodology/agent-health.md#float-forecast).
 */

export const SLOTS = 168;
/** Pseudo-weeks of the hour-of-day mean mixed into each slot (shrinkage toward the daily shape). */
export const HOUR_OF_DAY_WEIGHT = 4;
/** Customer transactions below which the tenant's typical agent is mixed in. */
export const MIN_OWN_TRANSACTIONS = 60;

/** day-of-week (0 = Sunday) x 24 + hour, in UTC. */
export const slotOf = (d: Date): number => d.getUTCDay() * 24 + d.getUTCHours();

/** Sums over the history's hours with any customer flow, per slot (empty hours count as 0). */
export interface SlotAggregate {
  slot: number;
  sum: number;
  sumSq: number;
}

export interface FlowHistory {
  /** Weeks the history covers (observations per slot, fractional for a short history). */
  weeks: number;
  slots: SlotAggregate[];
  /** Customer transactions in the history. */
  transactions: number;
  /**
   * Observations of each slot when they differ by slot (168 values): hours the agent was out of
   * stock are not observations of demand (domain/in-stock.ts). Absent: `weeks` for every slot.
   */
  observations?: ArrayLike<number>;
}

export type Pooling = "own" | "own_with_tenant" | "tenant" | "none";

export interface SlotModel {
  mean: Float64Array;
  sd: Float64Array;
  pooling: Pooling;
}

/** Observations of each slot (at least a day's worth of history, as a short history counts). */
function countsOf(h: FlowHistory): Float64Array {
  const counts = new Float64Array(SLOTS);
  for (let i = 0; i < SLOTS; i++) counts[i] = h.observations ? h.observations[i] : Math.max(h.weeks, 1 / 7);
  return counts;
}

/**
 * Each slot's first and second moments over its own observations, shrunk toward the same hour's
 * moments over all days (weighted by observations): a slot with n observations keeps
 * n / (n + HOUR_OF_DAY_WEIGHT) of its own value, and a slot never observed takes the daily shape.
 */
function shrunk(h: FlowHistory) {
  const counts = countsOf(h);
  const s1 = new Float64Array(SLOTS);
  const s2 = new Float64Array(SLOTS);
  for (const s of h.slots) {
    s1[s.slot] += s.sum;
    s2[s.slot] += s.sumSq;
  }
  const m1 = new Float64Array(SLOTS);
  const m2 = new Float64Array(SLOTS);
  const k = HOUR_OF_DAY_WEIGHT;
  for (let hour = 0; hour < 24; hour++) {
    let n = 0;
    let a1 = 0;
    let a2 = 0;
    for (let d = 0; d < 7; d++) {
      n += counts[d * 24 + hour];
      a1 += s1[d * 24 + hour];
      a2 += s2[d * 24 + hour];
    }
    if (n > 0) {
      a1 /= n;
      a2 /= n;
    }
    for (let d = 0; d < 7; d++) {
      const i = d * 24 + hour;
      m1[i] = (s1[i] + k * a1) / (counts[i] + k);
      m2[i] = (s2[i] + k * a2) / (counts[i] + k);
    }
  }
  return { m1, m2 };
}

/**
 * The slot model: the agent's own moments (shrunk toward its hour-of-day shape); with fewer
 * than MIN_OWN_TRANSACTIONS customer transactions, mixed with the tenant's typical agent in
 * proportion to the agent's share of that minimum; no data at all: a flat zero model.
 */
export function slotModel(own: FlowHistory, tenant: FlowHistory | null): SlotModel {
  const mine = shrunk(own);
  const ownWeight = Math.min(1, own.transactions / MIN_OWN_TRANSACTIONS);
  let pooling: Pooling = "own";
  let { m1, m2 } = mine;
  if (ownWeight < 1) {
    if (tenant && tenant.transactions > 0) {
      const pool = shrunk(tenant);
      m1 = m1.map((v, i) => ownWeight * v + (1 - ownWeight) * pool.m1[i]);
      m2 = m2.map((v, i) => ownWeight * v + (1 - ownWeight) * pool.m2[i]);
      pooling = ownWeight === 0 ? "tenant" : "own_with_tenant";
    } else if (own.transactions === 0) pooling = "none";
  }
  const sd = m1.map((v, i) => Math.sqrt(Math.max(0, m2[i] - v * v)));
  return { mean: m1, sd, pooling };
}
