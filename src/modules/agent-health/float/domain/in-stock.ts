/**
 * Censored demand: an agent out of e-float turns cash-in customers away and the refusals leave
 * no transaction, so an hour spent below the floor records less demand than there was. Those
 * hours are not observations of demand; the slot model is fitted on in-stock hours only
 * (docs/methodology/agent-health.md#forecast-method).
 */
import { SLOTS, type SlotAggregate } from "./seasonality";

/** One hour of the history with any transaction (minor units). */
export interface HourFlow {
  /** Offset from the history's first hour. */
  hour: number;
  /** Customer net e-float flow: cash-out in, cash-in out. */
  customer: number;
  /** Rebalancing net e-float flow (top-ups in, sweeps out). */
  rebalance: number;
}

/**
 * Below this share of in-stock hours the walk is not trusted and every hour counts: an agent
 * "out of stock" most of the time more likely has a wrong anchor (a balance that does not
 * reconcile with its transactions) than no demand, and masking would erase its demand.
 */
export const MIN_IN_STOCK_SHARE = 0.25;

export interface InStockInput {
  /** Hours in the history, the last one ending at the balance below. */
  hours: number;
  /** Slot of the week (seasonality.slotOf) of hour 0. */
  startSlot: number;
  /** Hours before this one precede the agent's history (not observations). */
  firstHour: number;
  /** E-float at the close of the last hour. */
  closingBalance: number;
  /** Below this at an hour's start the agent is out of stock (the forecast's floor). */
  level: number;
  flows: HourFlow[];
}

export interface InStockHistory {
  slots: SlotAggregate[];
  /** In-stock hours of each slot (168 values). */
  observations: Float64Array;
  /** Hours of the history spent below the level. */
  hoursOutOfStock: number;
  /** false: fewer than MIN_IN_STOCK_SHARE of the hours were in stock, so all hours counted. */
  masked: boolean;
}

/**
 * Walks the history backwards from the closing balance (each hour opened at its close minus its
 * customer and rebalancing flows) and keeps the hours that opened at or above the level: per
 * slot, their count and the sums of their customer flow (empty in-stock hours count as zero).
 * Hours after a stock-out are still in the model once a top-up or cash-out refills the float.
 */
export function inStockHistory(input: InStockInput): InStockHistory {
  const customer = new Float64Array(input.hours);
  const moved = new Float64Array(input.hours);
  for (const f of input.flows) {
    if (f.hour < 0 || f.hour >= input.hours) continue;
    customer[f.hour] += f.customer;
    moved[f.hour] += f.customer + f.rebalance;
  }
  const first = Math.max(0, input.firstHour);
  const inStock = new Uint8Array(input.hours);
  let balance = input.closingBalance;
  let hoursOutOfStock = 0;
  for (let h = input.hours - 1; h >= first; h--) {
    balance -= moved[h]; // now the hour's opening balance
    if (balance >= input.level) inStock[h] = 1;
    else hoursOutOfStock++;
  }
  const masked = input.hours - first - hoursOutOfStock >= MIN_IN_STOCK_SHARE * (input.hours - first);
  const observations = new Float64Array(SLOTS);
  const sum = new Float64Array(SLOTS);
  const sumSq = new Float64Array(SLOTS);
  for (let h = first; h < input.hours; h++) {
    if (masked && !inStock[h]) continue;
    const slot = (input.startSlot + h) % SLOTS;
    observations[slot]++;
    sum[slot] += customer[h];
    sumSq[slot] += customer[h] * customer[h];
  }
  const slots: SlotAggregate[] = [];
  for (let s = 0; s < SLOTS; s++)
    if (sum[s] !== 0 || sumSq[s] !== 0) slots.push({ slot: s, sum: sum[s], sumSq: sumSq[s] });
  return { slots, observations, hoursOutOfStock, masked };
}
