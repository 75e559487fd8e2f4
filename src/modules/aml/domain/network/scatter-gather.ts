import { drain, type Sliced, workMeter } from "../../../../lib/slices";
import { SEARCH_STEP } from "./cycles";
import { addFlows, addRole, type Episode } from "./episode";
import { type Flow, type FlowIndex, type Link, passLinks, type TransferRow } from "./flows";
import { DAY_MS, type NetworkThresholds } from "./types";

/** A gather-scatter leg (source to hub, hub to sink) counts from half networkMinAmount. */
export const legFloorMinor = (t: NetworkThresholds): number => (t.networkMinAmount * 100) / 2;

/**
 * A scatter-gather leg (source to intermediary) counts from a fifth of networkMinAmount, the fans'
 * smallest counted leg: a launderer splits unevenly, and an intermediary that relayed 1,700 of the
 * source's money to the sink took part like one that relayed 7,000. The shape itself (several
 * intermediaries each passing one source's money to one sink in the band) and the sum (2 x
 * networkMinAmount) keep chance relays out.
 */
export const scatterLegFloorMinor = (t: NetworkThresholds): number => (t.networkMinAmount * 100) / 5;

/**
 * A smaller scatter-gather, of SMALL_MIN_INTERMEDIARIES or more intermediaries (under
 * fanMinParticipants) and networkMinAmount or more in all, counts when its holders are strangers:
 * each intermediary dealt with the source in its leg alone and with the sink in its relay alone,
 * and the source never dealt with the sink (relaysOfStrangers). A source that splits a payment
 * over two holders it never otherwise paid, each relaying it in full to one same holder it never
 * paid itself, hides who pays whom; a family's or a business's payments go to people it knows.
 */
export const SMALL_MIN_INTERMEDIARIES = 2;

/**
 * A source S sends flows to >= fanMinParticipants distinct intermediaries within
 * 2 x networkBurstDays; each intermediary passes [networkPassPercent%, 105%] of what it got to the
 * same sink T (T != S) within networkMaxHoldDays. Each leg is at least a fifth of networkMinAmount and
 * the legs together at least 2 x networkMinAmount; or fewer intermediaries of strangers
 * (SMALL_MIN_INTERMEDIARIES). One episode per qualifying window; detect.ts
 * merges the overlapping windows of one source.
 */
export function findScatterGather(index: FlowIndex, t: NetworkThresholds): Episode[] {
  return drain(scatterGatherSteps(index, t));
}

/** findScatterGather in steps of SEARCH_STEP (cycles.ts): a leg or a leg of a window is 1. */
export function* scatterGatherSteps(index: FlowIndex, t: NetworkThresholds): Sliced<Episode[]> {
  const meter = workMeter(SEARCH_STEP);
  const floor = scatterLegFloorMinor(t);
  const windowMs = 2 * t.networkBurstDays * DAY_MS;
  const fanMin = Math.max(2, Math.floor(t.fanMinParticipants));
  const out: Episode[] = [];
  for (const source of yield* index.holdersWithFlows("from")) {
    const legs: { leg: Flow; sinks: Map<string, Link> }[] = [];
    for (const leg of index.outflows(source)) {
      if (meter()) yield;
      if (leg.amountMinor < floor) continue;
      const sinks = new Map<string, Link>();
      for (const link of passLinks(index, leg, t)) if (link.to !== source) sinks.set(link.to, link);
      if (sinks.size > 0) legs.push({ leg, sinks });
    }
    if (legs.length < SMALL_MIN_INTERMEDIARIES) continue;
    for (let i = 0; i < legs.length; i++) {
      const end = legs[i].leg.firstMs + windowMs;
      const bySink = new Map<string, { leg: Flow; link: Link }[]>();
      for (let j = i; j < legs.length && legs[j].leg.firstMs <= end; j++) {
        if (meter()) yield;
        for (const [sink, link] of legs[j].sinks) {
          const list = bySink.get(sink) ?? [];
          list.push({ leg: legs[j].leg, link });
          bySink.set(sink, list);
        }
      }
      for (const [sink, pairs] of bySink) {
        const intermediaries = new Set(pairs.map((p) => p.leg.to));
        const total = pairs.reduce((s, p) => s + p.leg.amountMinor, 0);
        if (intermediaries.size >= fanMin) {
          if (total < 2 * t.networkMinAmount * 100) continue;
        } else if (
          intermediaries.size < SMALL_MIN_INTERMEDIARIES ||
          total < t.networkMinAmount * 100 ||
          !relaysOfStrangers(index, source, sink, pairs)
        )
          continue;
        const transfers = new Map<string, TransferRow>();
        const ep: Episode = {
          typology: "scatter_gather",
          principal: source,
          roles: new Map([[source, "source"]]),
          transfers,
          firstMs: Math.min(...pairs.map((p) => p.leg.firstMs)),
          lastMs: Math.max(...pairs.map((p) => p.link.lastMs)),
          hops: 2,
          holdMsMax: Math.max(...pairs.map((p) => p.link.holdMs)),
          ratioMin: Math.min(...pairs.map((p) => p.link.ratio)),
          minAmountLimit:
            Math.min(
              5 * Math.min(...pairs.map((p) => p.leg.amountMinor)),
              intermediaries.size >= fanMin ? total / 2 : total,
            ) / 100,
          fan: intermediaries.size,
          externalOutMinor: 0,
          spreadMs:
            Math.max(...pairs.map((p) => p.leg.firstMs)) - Math.min(...pairs.map((p) => p.leg.firstMs)),
        };
        for (const p of pairs) {
          addFlows(transfers, [p.leg, ...p.link.flows]);
          addRole(ep.roles, p.leg.to, "intermediary");
        }
        addRole(ep.roles, sink, "sink");
        out.push(ep);
      }
    }
  }
  return out;
}

/** Flows between a and b, either way, in the history read. */
function flowsBetween(index: FlowIndex, a: string, b: string): number {
  let n = 0;
  for (const f of index.outflows(a)) if (f.to === b) n++;
  for (const f of index.inflows(a)) if (f.from === b) n++;
  return n;
}

/**
 * Each intermediary dealt with the source in its leg alone and with the sink in its relay alone,
 * and the source never dealt with the sink.
 */
function relaysOfStrangers(
  index: FlowIndex,
  source: string,
  sink: string,
  pairs: readonly { leg: Flow; link: Link }[],
): boolean {
  if (flowsBetween(index, source, sink) > 0) return false;
  const legs = new Map<string, number>();
  const relays = new Map<string, number>();
  for (const p of pairs) {
    legs.set(p.leg.to, (legs.get(p.leg.to) ?? 0) + 1);
    relays.set(p.leg.to, (relays.get(p.leg.to) ?? 0) + p.link.flows.length);
  }
  for (const [mid, n] of legs) {
    if (flowsBetween(index, source, mid) !== n) return false;
    if (flowsBetween(index, mid, sink) !== relays.get(mid)) return false;
  }
  return true;
}
