import { drain, type Sliced, workMeter } from "../../../../lib/slices";
import { SEARCH_STEP } from "./cycles";
import { addFlows, addRole, type Episode } from "./episode";
import { type Flow, type FlowIndex, firstAfter, type TransferRow } from "./flows";
import { legFloorMinor, scatterLegFloorMinor } from "./scatter-gather";
import { DAY_MS, type NetworkThresholds, PASS_MAX_PERCENT } from "./types";

/** The span within which a hub gathers, in days. */
export const GATHER_SPAN_DAYS = 7;

/**
 * Receipts looked at per window: a hub that takes in more than this many legs within a week is
 * a business's till, and without a bound its windows would cost receipts^2 per week.
 */
export const GATHER_MAX_LEGS = 100;

/**
 * Share of everything the hub received, from GATHER_SPAN_DAYS before the first gathered receipt
 * to the end of the hold, that the gathered legs make up: a till's or an employer's outgoings
 * are paid from all its takings, a hub's from what it gathered; and the last few contributions
 * to a susu pot are not a gathering of their own.
 */
export const GATHER_MIN_SHARE = 0.8;

/**
 * A smaller gather-scatter, of STRANGER_MIN_SIDE or more sources and as many sinks,
 * STRANGER_MIN_PARTIES or more in all, counts when every source and sink is a stranger to the
 * hub (no other flow with it, either way, in the history read) and the hub has a normal: it moved
 * money more than GATHER_SPAN_DAYS before the first gathered receipt or after the episode's last
 * flow (an account whose whole history is the burst is not judged, as for the stranger fans in
 * ../network-fans.ts). A payroll employer pays staff it paid before; a susu's members pay in
 * again and are paid from the pot.
 */
export const STRANGER_MIN_SIDE = 2;
export const STRANGER_MIN_PARTIES = 5;

/**
 * A gather-scatter among strangers, the hub's own business aside (the sets of a simulator whose
 * hubs also live their ordinary lives): STRANGER_MIN_SIDE or more holders that dealt with the hub
 * once in the history read (one flow, either way, from a fifth of networkMinAmount) pay it within
 * MATCHED_GATHER_DAYS, and after the last of them the earliest run of the hub's payments to other
 * such holders (STRANGER_MIN_SIDE or more) passes on [networkPassPercent%, 105%] of that sum
 * within networkMaxHoldDays; MATCHED_MIN_PARTIES or more sources and sinks in all. What the hub
 * receives from and pays to its regular counterparties, cash and outsiders is its own life (pay,
 * rent, cash-outs) and neither counts towards the sum nor hides the scheme; the hub must have such
 * a normal (hasNormal). A payroll employer pays staff it paid before, a susu's members pay in
 * again, and a till's takings are not passed on in full to new payees as soon as they are in.
 */
export const MATCHED_MIN_PARTIES = 4;
/**
 * The largest sink's share of a matched gather-scatter's payouts: the money is scattered. A hub
 * that passes one payer's money on to one payee, with a one-off payment of its own beside it, is
 * a pass-through (a chain's hop: AML-LAY-015), not a gather-scatter.
 */
export const MATCHED_MAX_SINK_SHARE = 2 / 3;
/** The gathering of a matched gather-scatter: it ends before the payouts begin, within this span. */
export const MATCHED_GATHER_DAYS = 10;

/**
 * A hub H receives flows from >= fanMinParticipants distinct holders within GATHER_SPAN_DAYS,
 * then, from the first of them to networkMaxHoldDays after the last, pays out
 * [networkPassPercent%, 105%] of what it gathered (or of all it received meanwhile, when it
 * also spent other money such as its pay), with flows to >= fanMinParticipants distinct
 * holders other than its sources (payments to outsiders and cash count towards the sum, not
 * towards the sinks). Legs count from half networkMinAmount; the gathered sum is at least
 * 2 x networkMinAmount and GATHER_MIN_SHARE of all the hub received around them. One episode
 * per qualifying window (its transfers: the gathered legs and the flows to the sinks), and the
 * matched gather-scatters of strangers (MATCHED_MIN_PARTIES); detect.ts merges a hub's windows.
 */
export function findGatherScatter(index: FlowIndex, t: NetworkThresholds): Episode[] {
  return drain(gatherScatterSteps(index, t));
}

/** findGatherScatter in steps of SEARCH_STEP (cycles.ts): a hub, a receipt or a payment looked at is 1. */
export function* gatherScatterSteps(index: FlowIndex, t: NetworkThresholds): Sliced<Episode[]> {
  const meter = workMeter(SEARCH_STEP);
  const floor = legFloorMinor(t);
  const spanMs = GATHER_SPAN_DAYS * DAY_MS;
  const holdMs = t.networkMaxHoldDays * DAY_MS;
  const fanMin = Math.max(2, Math.floor(t.fanMinParticipants));
  const inBand = (r: number) => r * 100 >= t.networkPassPercent && r * 100 <= PASS_MAX_PERCENT;
  const sideMin = Math.min(fanMin, STRANGER_MIN_SIDE);
  const out: Episode[] = [];
  for (const hub of yield* index.holdersWithFlows("to")) {
    if (meter()) yield;
    const outs = index.outflows(hub);
    out.push(...(yield* matchedStrangerSteps(index, t, hub, meter)));
    const ins = index.inflows(hub).filter((f) => f.amountMinor >= floor);
    if (ins.length < sideMin) continue;
    // Flows with the hub per counterparty, either way (strangers: all of them in the episode).
    let dealings: Map<string, number> | null = null;
    for (let i = 0; i < ins.length; i++) {
      const sources = new Map<string, number>();
      let gathered = 0;
      let lastMs = 0;
      for (
        let j = i;
        j < ins.length && j - i < GATHER_MAX_LEGS && ins[j].firstMs - ins[i].firstMs <= spanMs;
        j++
      ) {
        if (meter()) yield;
        sources.set(ins[j].from, (sources.get(ins[j].from) ?? 0) + 1);
        gathered += ins[j].amountMinor;
        lastMs = Math.max(lastMs, ins[j].lastMs);
        if (sources.size < sideMin || gathered < 2 * t.networkMinAmount * 100) continue;
        const afterMs = ins[i].firstMs;
        const untilMs = lastMs + holdMs;
        const paid = index.debitedBetween(hub, afterMs, untilMs);
        let ratio = paid / gathered;
        if (!inBand(ratio)) {
          // A hub that also spends its own pay passes on what it gathered and what it earned.
          ratio = paid / index.creditedBetween(hub, afterMs - 1, untilMs);
          if (!inBand(ratio)) continue;
        }
        const received = index.creditedBetween(hub, afterMs - spanMs, untilMs);
        if (gathered < GATHER_MIN_SHARE * received) continue;
        const window: Flow[] = [];
        const sinks = new Set<string>();
        for (let k = firstAfter(outs, afterMs); k < outs.length && outs[k].firstMs <= untilMs; k++) {
          const f = outs[k];
          window.push(f);
          if (f.amountMinor >= floor && !sources.has(f.to)) sinks.add(f.to);
        }
        if (meter(window.length)) yield;
        if (sinks.size < sideMin) continue;
        const inFlows = ins.slice(i, j + 1);
        const sinkFlows = window.filter((f) => sinks.has(f.to));
        if (sources.size < fanMin || sinks.size < fanMin) {
          if (sources.size + sinks.size < STRANGER_MIN_PARTIES) continue;
          dealings ??= countDealings(index, hub);
          const lastFlowMs = Math.max(lastMs, ...sinkFlows.map((f) => f.lastMs));
          if (!allStrangers(dealings, [...inFlows, ...sinkFlows], hub)) continue;
          if (!hasNormal(index, hub, ins[i].firstMs - spanMs, lastFlowMs + spanMs)) continue;
        }
        const transfers = new Map<string, TransferRow>();
        addFlows(transfers, inFlows);
        addFlows(transfers, sinkFlows);
        let externalOut = paid;
        for (const f of window) externalOut -= f.amountMinor;
        const ep: Episode = {
          typology: "gather_scatter",
          principal: hub,
          roles: new Map([[hub, "hub"]]),
          transfers,
          firstMs: ins[i].firstMs,
          lastMs: Math.max(lastMs, ...window.map((f) => f.lastMs)),
          hops: 2,
          holdMsMax: Math.max(0, Math.max(...sinkFlows.map((f) => f.firstMs)) - lastMs),
          ratioMin: ratio,
          minAmountLimit: Math.min(2 * Math.min(...inFlows.map((f) => f.amountMinor)), gathered / 2) / 100,
          fan: Math.min(sources.size, sinks.size),
          externalOutMinor: Math.max(0, externalOut),
          spreadMs: ins[j].firstMs - ins[i].firstMs,
        };
        for (const s of sources.keys()) addRole(ep.roles, s, "source");
        for (const s of sinks) addRole(ep.roles, s, "sink");
        out.push(ep);
      }
    }
  }
  return out;
}

/** The matched gather-scatters of strangers at `hub` (MATCHED_MIN_PARTIES): one episode per window. */
function* matchedStrangerSteps(
  index: FlowIndex,
  t: NetworkThresholds,
  hub: string,
  meter: (n?: number) => boolean,
): Sliced<Episode[]> {
  const floor = scatterLegFloorMinor(t);
  const dealings = countDealings(index, hub);
  const once = (f: Flow) => f.amountMinor >= floor && dealings.get(f.from === hub ? f.to : f.from) === 1;
  const ins = index.inflows(hub).filter(once);
  if (ins.length < STRANGER_MIN_SIDE) return [];
  const outs = index.outflows(hub).filter(once);
  if (outs.length < STRANGER_MIN_SIDE) return [];
  const spanMs = MATCHED_GATHER_DAYS * DAY_MS;
  const holdMs = t.networkMaxHoldDays * DAY_MS;
  const found: Episode[] = [];
  for (let i = 0; i < ins.length; i++) {
    let gathered = 0;
    let lastMs = 0;
    for (
      let j = i;
      j < ins.length && j - i < GATHER_MAX_LEGS && ins[j].firstMs - ins[i].firstMs <= spanMs;
      j++
    ) {
      if (meter()) yield;
      gathered += ins[j].amountMinor;
      lastMs = Math.max(lastMs, ins[j].lastMs);
      if (j - i + 1 < STRANGER_MIN_SIDE || gathered < 2 * t.networkMinAmount * 100) continue;
      // The earliest run of payouts to strangers after the last receipt that passes the sum on.
      const untilMs = lastMs + holdMs;
      const sinkFlows: Flow[] = [];
      let paid = 0;
      let ratio = 0;
      for (let k = firstAfter(outs, lastMs); k < outs.length && outs[k].firstMs <= untilMs; k++) {
        sinkFlows.push(outs[k]);
        paid += outs[k].amountMinor;
        ratio = paid / gathered;
        if (ratio * 100 >= t.networkPassPercent) break;
      }
      if (meter(sinkFlows.length)) yield;
      if (ratio * 100 < t.networkPassPercent || ratio * 100 > PASS_MAX_PERCENT) continue;
      const parties = j - i + 1 + sinkFlows.length;
      if (sinkFlows.length < STRANGER_MIN_SIDE || parties < MATCHED_MIN_PARTIES) continue;
      if (Math.max(...sinkFlows.map((f) => f.amountMinor)) > MATCHED_MAX_SINK_SHARE * paid) continue;
      const lastFlowMs = Math.max(lastMs, ...sinkFlows.map((f) => f.lastMs));
      if (!hasNormal(index, hub, ins[i].firstMs - spanMs, lastFlowMs + spanMs)) continue;
      const inFlows = ins.slice(i, j + 1);
      const transfers = new Map<string, TransferRow>();
      addFlows(transfers, inFlows);
      addFlows(transfers, sinkFlows);
      const ep: Episode = {
        typology: "gather_scatter",
        principal: hub,
        roles: new Map([[hub, "hub"]]),
        transfers,
        firstMs: ins[i].firstMs,
        lastMs: lastFlowMs,
        hops: 2,
        holdMsMax: Math.max(0, Math.max(...sinkFlows.map((f) => f.firstMs)) - lastMs),
        ratioMin: ratio,
        minAmountLimit: Math.min(5 * Math.min(...inFlows.map((f) => f.amountMinor)), gathered / 2) / 100,
        // No fanMinParticipants keeps it from firing (detect.ts names no such threshold).
        fan: 0,
        externalOutMinor: 0,
        spreadMs: ins[j].firstMs - ins[i].firstMs,
      };
      for (const f of inFlows) addRole(ep.roles, f.from, "source");
      for (const f of sinkFlows) addRole(ep.roles, f.to, "sink");
      found.push(ep);
    }
  }
  return found;
}

function countDealings(index: FlowIndex, hub: string): Map<string, number> {
  const n = new Map<string, number>();
  for (const f of index.inflows(hub)) n.set(f.from, (n.get(f.from) ?? 0) + 1);
  for (const f of index.outflows(hub)) n.set(f.to, (n.get(f.to) ?? 0) + 1);
  return n;
}

/** Every counterparty of the flows deals with the hub in these flows alone. */
function allStrangers(dealings: Map<string, number>, flows: readonly Flow[], hub: string): boolean {
  const here = new Map<string, number>();
  for (const f of flows) {
    const party = f.from === hub ? f.to : f.from;
    here.set(party, (here.get(party) ?? 0) + 1);
  }
  for (const [party, n] of here) if ((dealings.get(party) ?? 0) !== n) return false;
  return true;
}

/** The hub paid or received anything (holders, cash, outsiders) at or before beforeMs or after afterMs. */
function hasNormal(index: FlowIndex, hub: string, beforeMs: number, afterMs: number): boolean {
  const early =
    index.creditedBetween(hub, -Infinity, beforeMs) + index.debitedBetween(hub, -Infinity, beforeMs);
  const late = index.creditedBetween(hub, afterMs, Infinity) + index.debitedBetween(hub, afterMs, Infinity);
  return early + late > 0;
}
