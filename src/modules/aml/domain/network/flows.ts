import { chunks, drain, type Sliced, sortSliced, workMeter } from "../../../../lib/slices";
import { DAY_MS, type ExternalFlow, type NetworkThresholds, PASS_MAX_PERCENT, type Transfer } from "./types";

/** Money from one holder to another: the transfers A->B within networkBurstDays of the first. */
export interface Flow {
  /** The first transfer's id: stable whatever transfers come later. */
  id: string;
  from: string;
  to: string;
  amountMinor: number;
  firstMs: number;
  lastMs: number;
  /** Its transfers by time. */
  rows: TransferRow[];
  /** Flows of the same payer to the same payee in the history read, this one included. */
  pairFlows: number;
}

/**
 * Other flows between the same two holders that make a hop an established relation (a trader's
 * weekly supplier): see FlowIndex.isRegular and docs/methodology/network.md#regular-counterparties.
 */
export const REGULAR_FLOWS = 2;

/** A transfer with its time parsed. */
export interface TransferRow {
  t: Transfer;
  ms: number;
}

/** What arrived at a holder and may be passed on: one flow, or several flows to the same holder. */
export interface Arrival {
  to: string;
  amountMinor: number;
  firstMs: number;
  lastMs: number;
}

/** An arrival passed on: the outflows of the receiver to one holder that sum into the band. */
export interface Link extends Arrival {
  from: string;
  flows: Flow[];
  /** Passed on / received. */
  ratio: number;
  /** From the end of the arrival to the start of the passing on, at least 0. */
  holdMs: number;
}

interface Timed {
  id: string;
  ms: number;
}

interface IndexEvent {
  id: string;
  ms: number;
  t: Transfer | null;
  holder: number;
  to: number;
  amount: number;
}

/** Items indexed (or compared while sorting) per step of FlowIndex.build: a few ms. */
export const INDEX_STEP = 2_000;

const byTime = (a: Timed, b: Timed) => a.ms - b.ms || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The network indexed by holder and time; every list is sorted by (time, id). */
export class FlowIndex {
  readonly flows: Flow[] = [];
  /** Holder ids as small integers, for arrays instead of string-keyed maps on the hot path. */
  private readonly holders = new Map<string, number>();
  private readonly outs: Flow[][] = [];
  private readonly ins: Flow[][] = [];
  /** Every debit of a holder (transfers to holders and external outs), for sums over a span. */
  private readonly debitTimes: number[][] = [];
  private readonly debitCum: number[][] = [];
  /** Every credit of a holder (transfers from holders and external ins). */
  private readonly creditTimes: number[][] = [];
  private readonly creditCum: number[][] = [];
  /** Cash paid in by a holder (external cash credits): where laundered money is placed. */
  private readonly placedTimes: number[][] = [];
  private readonly placedCum: number[][] = [];
  /** What left the network from a holder (external debits, cash or to outsiders): the exit. */
  private readonly exitTimes: number[][] = [];
  private readonly exitCum: number[][] = [];
  /** passLinks of a flow, computed once for every detector (the thresholds are fixed per index). */
  readonly linkCache = new Map<Flow, Link[]>();

  /** Built at once; FlowIndex.build is the same in steps. */
  constructor(transfers?: readonly Transfer[], externalFlows?: readonly ExternalFlow[], burstDays?: number) {
    if (transfers) drain(this.fill(transfers, externalFlows ?? [], burstDays ?? 0));
  }

  /** The index in steps of INDEX_STEP items (docs/decisions/faults.md#slices-that-yield). */
  static *build(
    transfers: readonly Transfer[],
    externalFlows: readonly ExternalFlow[],
    burstDays: number,
  ): Sliced<FlowIndex> {
    const index = new FlowIndex();
    yield* index.fill(transfers, externalFlows, burstDays);
    return index;
  }

  private *fill(
    transfers: readonly Transfer[],
    externalFlows: readonly ExternalFlow[],
    burstDays: number,
  ): Sliced<void> {
    const burstMs = burstDays * DAY_MS;
    // One sort by (time, id); flows then come out in that order and every list stays sorted.
    let events: IndexEvent[] = [];
    yield* chunks(transfers.length, INDEX_STEP, (from, to) => {
      for (let i = from; i < to; i++) {
        const t = transfers[i];
        const ms = Date.parse(t.at);
        if (t.from !== t.to && t.amountMinor > 0 && Number.isFinite(ms)) {
          events.push({
            id: t.id,
            ms,
            t,
            holder: this.intern(t.from),
            to: this.intern(t.to),
            amount: t.amountMinor,
          });
        }
      }
    });
    let external: { at: number; holder: number; amount: number; exit: boolean }[] = [];
    yield* chunks(externalFlows.length, INDEX_STEP, (from, to) => {
      for (let i = from; i < to; i++) {
        const e = externalFlows[i];
        const ms = Date.parse(e.at);
        if (e.amountMinor <= 0 || !Number.isFinite(ms)) continue;
        const holder = this.intern(e.holderId);
        const [from, to] = e.direction === "out" ? [holder, -1] : [-1, holder];
        events.push({ id: e.id, ms, t: null, holder: from, to, amount: e.amountMinor });
        if (e.direction === "out") external.push({ at: ms, holder, amount: e.amountMinor, exit: true });
        else if (e.kind === "cash") external.push({ at: ms, holder, amount: e.amountMinor, exit: false });
      }
    });
    external = yield* sortSliced(external, (a, b) => a.at - b.at, INDEX_STEP);
    yield* chunks(external.length, INDEX_STEP, (from, to) => {
      for (let i = from; i < to; i++) {
        const x = external[i];
        const [times, cum] = x.exit
          ? [this.exitTimes[x.holder], this.exitCum[x.holder]]
          : [this.placedTimes[x.holder], this.placedCum[x.holder]];
        times.push(x.at);
        cum.push(cum[cum.length - 1] + x.amount);
      }
    });
    events = yield* sortSliced(events, byTime, INDEX_STEP);
    const size = this.holders.size;
    const open = new Map<number, Flow>();
    const pairCount = new Map<number, number>();
    const pairOf: number[] = [];
    yield* chunks(events.length, INDEX_STEP, (from, to) => {
      for (let i = from; i < to; i++) {
        const { t, ms, holder, to, amount } = events[i];
        if (holder >= 0) {
          this.debitTimes[holder].push(ms);
          const cum = this.debitCum[holder];
          cum.push(cum[cum.length - 1] + amount);
        }
        if (to >= 0) {
          this.creditTimes[to].push(ms);
          const cum = this.creditCum[to];
          cum.push(cum[cum.length - 1] + amount);
        }
        if (!t) continue;
        const pair = holder * size + to;
        const cur = open.get(pair);
        if (cur && ms - cur.firstMs <= burstMs) {
          cur.amountMinor += t.amountMinor;
          cur.lastMs = ms;
          cur.rows.push({ t, ms });
          continue;
        }
        const flow: Flow = {
          id: t.id,
          from: t.from,
          to: t.to,
          amountMinor: t.amountMinor,
          firstMs: ms,
          lastMs: ms,
          rows: [{ t, ms }],
          pairFlows: 0,
        };
        open.set(pair, flow);
        this.flows.push(flow);
        pairCount.set(pair, (pairCount.get(pair) ?? 0) + 1);
        pairOf.push(pair);
        this.outs[holder].push(flow);
        this.ins[to].push(flow);
      }
    });
    yield* chunks(this.flows.length, INDEX_STEP, (from, to) => {
      for (let i = from; i < to; i++) this.flows[i].pairFlows = pairCount.get(pairOf[i])!;
    });
  }

  private intern(holder: string): number {
    let i = this.holders.get(holder);
    if (i === undefined) {
      i = this.holders.size;
      this.holders.set(holder, i);
      this.outs.push([]);
      this.ins.push([]);
      this.debitTimes.push([]);
      this.debitCum.push([0]);
      this.creditTimes.push([]);
      this.creditCum.push([0]);
      this.placedTimes.push([]);
      this.placedCum.push([0]);
      this.exitTimes.push([]);
      this.exitCum.push([0]);
    }
    return i;
  }

  /**
   * Whether `flows` (of one payer to one payee) run along an established relation: the payer
   * paid the payee in REGULAR_FLOWS or more other flows of the history read (before or after).
   */
  isRegular(flows: readonly Flow[]): boolean {
    return flows.length > 0 && flows[0].pairFlows - flows.length >= REGULAR_FLOWS;
  }

  /** The holders that paid (`"from"`) or received (`"to"`) a flow, sorted, in steps. */
  *holdersWithFlows(side: "from" | "to"): Sliced<string[]> {
    const lists = side === "from" ? this.outs : this.ins;
    const found: string[] = [];
    const meter = workMeter(INDEX_STEP);
    for (const [holder, i] of this.holders) {
      if (lists[i].length > 0) found.push(holder);
      if (meter()) yield;
    }
    return yield* sortSliced(found, (a, b) => (a < b ? -1 : a > b ? 1 : 0), INDEX_STEP);
  }

  outflows(holder: string): readonly Flow[] {
    const i = this.holders.get(holder);
    return i === undefined ? EMPTY : this.outs[i];
  }

  inflows(holder: string): readonly Flow[] {
    const i = this.holders.get(holder);
    return i === undefined ? EMPTY : this.ins[i];
  }

  /** Everything the holder paid out (to holders, cash, outsiders) with afterMs < time <= untilMs. */
  debitedBetween(holder: string, afterMs: number, untilMs: number): number {
    const i = this.holders.get(holder);
    return i === undefined ? 0 : sumBetween(this.debitTimes[i], this.debitCum[i], afterMs, untilMs);
  }

  /** Cash the holder paid in with afterMs < time <= untilMs. */
  placedBetween(holder: string, afterMs: number, untilMs: number): number {
    const i = this.holders.get(holder);
    return i === undefined ? 0 : sumBetween(this.placedTimes[i], this.placedCum[i], afterMs, untilMs);
  }

  /** What left the network from the holder (cash out, to outsiders) with afterMs < time <= untilMs. */
  exitedBetween(holder: string, afterMs: number, untilMs: number): number {
    const i = this.holders.get(holder);
    return i === undefined ? 0 : sumBetween(this.exitTimes[i], this.exitCum[i], afterMs, untilMs);
  }

  /** Everything the holder received (from holders, cash, outsiders) with afterMs < time <= untilMs. */
  creditedBetween(holder: string, afterMs: number, untilMs: number): number {
    const i = this.holders.get(holder);
    return i === undefined ? 0 : sumBetween(this.creditTimes[i], this.creditCum[i], afterMs, untilMs);
  }
}

function sumBetween(
  times: readonly number[],
  cum: readonly number[],
  afterMs: number,
  untilMs: number,
): number {
  const lo = upperBound(times, afterMs);
  const hi = upperBound(times, untilMs);
  return hi > lo ? cum[hi] - cum[lo] : 0;
}

const EMPTY: readonly Flow[] = Object.freeze([]);

/** First index whose value is > x in an ascending array. */
export function upperBound(values: readonly number[], x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index of a flow starting after ms. */
export function firstAfter(flows: readonly Flow[], ms: number): number {
  let lo = 0;
  let hi = flows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (flows[mid].firstMs <= ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The pass-through links at `arrival.to` (none when the arrival is under ARRIVAL_MIN_SHARE of
 * what the receiver took in around it): for each holder the receiver paid after the arrival
 * began and within networkMaxHoldDays of its end, the earliest run of consecutive flows to that
 * holder whose sum is within [networkPassPercent%, 105%] of the arrival. One link per holder.
 */
export function passLinks(index: FlowIndex, arrival: Arrival | Link | Flow, t: NetworkThresholds): Link[] {
  const flow =
    "rows" in arrival ? arrival : "flows" in arrival && arrival.flows.length === 1 ? arrival.flows[0] : null;
  if (!flow) return computeLinks(index, arrival, t);
  const cached = index.linkCache.get(flow);
  if (cached) return cached;
  const links = computeLinks(index, flow, t);
  index.linkCache.set(flow, links);
  return links;
}

/**
 * Share of what the receiver took in around an arrival (networkBurstDays either side) that the
 * arrival must be for its passing on to be a pass-through, when the arrival is one of equal
 * contributions (EQUAL_CONTRIBUTIONS): a susu recipient takes 11 equal contributions in a day
 * and pays one out next week, which is no pass-through of any of them.
 */
export const ARRIVAL_MIN_SHARE = 1 / 3;

/**
 * Other flows of the same size (within EQUAL_TOLERANCE) that the receiver took in around an
 * arrival for it to be one of a pot's contributions. A busy holder's other credits (pay, sales,
 * a hub's ordinary payers) are of any size and do not hide a sum it relays.
 */
export const EQUAL_CONTRIBUTIONS = 2;
export const EQUAL_TOLERANCE = 0.05;

/**
 * Whether the receiver took in EQUAL_CONTRIBUTIONS or more other flows, from other payers, of
 * the arrival's size within EQUAL_TOLERANCE, between afterMs and untilMs: a pot's contributions.
 */
function isContribution(
  index: FlowIndex,
  arrival: Arrival,
  own: ReadonlySet<Flow>,
  afterMs: number,
  untilMs: number,
) {
  const ins = index.inflows(arrival.to);
  const lo = arrival.amountMinor * (1 - EQUAL_TOLERANCE);
  const hi = arrival.amountMinor * (1 + EQUAL_TOLERANCE);
  const payers = new Set<string>();
  for (let i = firstAfter(ins, afterMs); i < ins.length && ins[i].firstMs <= untilMs; i++) {
    const f = ins[i];
    if (own.has(f) || f.amountMinor < lo || f.amountMinor > hi) continue;
    payers.add(f.from);
    if (payers.size >= EQUAL_CONTRIBUTIONS) return true;
  }
  return false;
}

function computeLinks(index: FlowIndex, arrival: Arrival, t: NetworkThresholds): Link[] {
  const holder = arrival.to;
  const aroundMs = t.networkBurstDays * DAY_MS;
  const afterMs = arrival.firstMs - aroundMs;
  const aroundUntilMs = arrival.lastMs + aroundMs;
  const received = index.creditedBetween(holder, afterMs, aroundUntilMs);
  if (arrival.amountMinor < ARRIVAL_MIN_SHARE * received) {
    const own = new Set<Flow>(
      "rows" in arrival ? [arrival as Flow] : "flows" in arrival ? (arrival as Link).flows : [],
    );
    if (isContribution(index, arrival, own, afterMs, aroundUntilMs)) return [];
  }
  const outs = index.outflows(holder);
  const start = firstAfter(outs, arrival.firstMs);
  const untilMs = arrival.lastMs + t.networkMaxHoldDays * DAY_MS;
  const lo = (arrival.amountMinor * t.networkPassPercent) / 100;
  const hi = (arrival.amountMinor * PASS_MAX_PERCENT) / 100;
  const byTo = new Map<string, Flow[]>();
  for (let i = start; i < outs.length && outs[i].firstMs <= untilMs; i++) {
    const f = outs[i];
    if (f.amountMinor > hi) continue;
    const list = byTo.get(f.to);
    if (list) list.push(f);
    else byTo.set(f.to, [f]);
  }
  const links: Link[] = [];
  for (const [to, list] of byTo) {
    found: for (let i = 0; i < list.length; i++) {
      let sum = 0;
      for (let j = i; j < list.length; j++) {
        sum += list[j].amountMinor;
        if (sum > hi) break;
        if (sum >= lo) {
          const flows = list.slice(i, j + 1);
          links.push({
            from: holder,
            to,
            flows,
            amountMinor: sum,
            firstMs: flows[0].firstMs,
            lastMs: flows[flows.length - 1].lastMs,
            ratio: sum / arrival.amountMinor,
            holdMs: Math.max(0, flows[0].firstMs - arrival.lastMs),
          });
          break found;
        }
      }
    }
  }
  return links;
}
