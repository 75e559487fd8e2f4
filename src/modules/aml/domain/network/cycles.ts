import { drain, type Sliced, workMeter } from "../../../../lib/slices";
import { type Episode, pathEpisode } from "./episode";
import { type Arrival, type FlowIndex, type Link, passLinks } from "./flows";
import { DAY_MS, type NetworkThresholds } from "./types";

/**
 * A ring needs 2 holders besides the origin: A->B->A within weeks is a loan and its repayment
 * (or a refund), which families and traders do every day.
 */
export const MIN_CYCLE_HOPS = 3;

/** Expansions allowed per starting flow: bounds the search on dense, busy networks. */
export const SEARCH_BUDGET = 4000;

/**
 * Work per step of a search over every starting flow (cycleSteps, layeringSteps): a starting
 * flow counts 1 and each expansion 1 more (docs/decisions/faults.md#slices-that-yield).
 */
export const SEARCH_STEP = 5_000;

/**
 * Funds that leave an origin and come back to it through MIN_CYCLE_HOPS..cycleMaxHops flows, each
 * hop a pass-through link (amount within the band of the previous hop), every flow at least
 * networkMinAmount, all within cycleMaxHops x networkMaxHoldDays of the first. One episode per
 * rotation found; detect.ts merges rotations of the same ring.
 */
export function findCycles(index: FlowIndex, t: NetworkThresholds): Episode[] {
  return drain(cycleSteps(index, t));
}

/** findCycles in steps of SEARCH_STEP. */
export function* cycleSteps(index: FlowIndex, t: NetworkThresholds): Sliced<Episode[]> {
  const meter = workMeter(SEARCH_STEP);
  const minMinor = t.networkMinAmount * 100;
  const maxHops = Math.max(2, Math.floor(t.cycleMaxHops));
  const spanMs = maxHops * t.networkMaxHoldDays * DAY_MS;
  const out: Episode[] = [];
  for (const first of index.flows) {
    if (meter()) yield;
    if (first.amountMinor < minMinor) continue;
    const origin = first.from;
    const deadline = first.firstMs + spanMs;
    const visited = new Set<string>([origin, first.to]);
    const links: Link[] = [];
    let budget = SEARCH_BUDGET;
    const walk = (arrival: Arrival): void => {
      for (const link of passLinks(index, arrival, t)) {
        if (--budget < 0) return;
        if (link.amountMinor < minMinor || link.firstMs > deadline) continue;
        if (link.to === origin) {
          const hops = links.length + 2;
          if (hops >= MIN_CYCLE_HOPS) {
            const all = [...links, link];
            const smallest = Math.min(first.amountMinor, ...all.map((l) => l.amountMinor));
            const ep = pathEpisode("cycle", first, all, smallest / 100);
            ep.roles.set(origin, "origin");
            for (const l of all) if (l.to !== origin) ep.roles.set(l.to, "intermediary");
            ep.roles.set(first.to, "intermediary");
            out.push(ep);
          }
          continue;
        }
        if (visited.has(link.to) || links.length + 2 >= maxHops) continue;
        visited.add(link.to);
        links.push(link);
        walk(link);
        links.pop();
        visited.delete(link.to);
      }
    };
    walk(first);
    if (meter(SEARCH_BUDGET - Math.max(budget, 0))) yield;
  }
  return out;
}
