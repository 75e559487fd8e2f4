import { drain, type Sliced, workMeter } from "../../../../lib/slices";
import { SEARCH_BUDGET, SEARCH_STEP } from "./cycles";
import { combine, type Episode, pathEpisode } from "./episode";
import { type Arrival, type Flow, type FlowIndex, type Link, passLinks } from "./flows";
import { DAY_MS, type NetworkThresholds, PASS_MAX_PERCENT } from "./types";

/** Longest chain followed, in flows: deeper chains are still reported, cut at this length. */
export const LAYERING_MAX_HOPS = 12;

/**
 * A chain of pass-through links S -> I1 -> ... -> T that does not come back to a holder already
 * on it, starting with a flow of at least 2 x networkMinAmount, each later flow at least
 * networkMinAmount. Chains of 3 or more flows fire. A single chain of 2 flows (one intermediary)
 * is what families and businesses do every day (and what chance makes of random payments: 61 of
 * 200,000 random transfers), so 2-flow chains fire only when the intermediary is a conduit
 * (isConduit) and was one again: at least 2 such chains through the same intermediary, each
 * starting within 2 x networkMaxHoldDays of the previous one, reported as one episode, or when
 * the chain is bracketed by cash placed before it and an exit after it (isPlacedAndExited):
 * cash -> source -> intermediary -> sink -> cash is four legs, the whole of a launderer's path
 * through three holders. Episodes are the maximal chains from each starting flow; detect.ts
 * merges sub-chains.
 */
export function findLayering(index: FlowIndex, t: NetworkThresholds): Episode[] {
  return drain(layeringSteps(index, t));
}

/** findLayering in steps of SEARCH_STEP (cycles.ts). */
export function* layeringSteps(index: FlowIndex, t: NetworkThresholds): Sliced<Episode[]> {
  const meter = workMeter(SEARCH_STEP);
  const minMinor = t.networkMinAmount * 100;
  const out: Episode[] = [];
  const conduits = new Map<string, Episode[]>();
  for (const first of index.flows) {
    if (meter()) yield;
    // A hop along an established relation (a weekly stock purchase) is business, not layering:
    // traders paying their suppliers down a supply chain made 3-hop chains on the benchmark.
    if (first.amountMinor < 2 * minMinor || index.isRegular([first])) continue;
    const visited = new Set<string>([first.from, first.to]);
    const links: Link[] = [];
    let budget = SEARCH_BUDGET;
    const record = () => {
      if (links.length === 0) return;
      const bracketed = links.length === 1 && isPlacedAndExited(index, first, links[0], t);
      if (links.length === 1 && !bracketed && !isConduit(index, first, links[0], t)) return;
      const ep = pathEpisode("layering", first, links, first.amountMinor / 200);
      ep.roles.set(first.from, "source");
      for (const l of links) ep.roles.set(l.from, "intermediary");
      ep.roles.set(links[links.length - 1].to, "sink");
      if (links.length === 1 && !bracketed) push(conduits, first.to, ep);
      else out.push(ep);
    };
    const walk = (arrival: Arrival): void => {
      let extended = false;
      if (links.length + 1 < LAYERING_MAX_HOPS) {
        for (const link of passLinks(index, arrival, t)) {
          if (--budget < 0) break;
          if (link.amountMinor < minMinor || visited.has(link.to)) continue;
          if (index.isRegular(link.flows)) continue;
          extended = true;
          visited.add(link.to);
          links.push(link);
          walk(link);
          links.pop();
          visited.delete(link.to);
        }
      }
      if (!extended) record();
    };
    walk(first);
    if (meter(SEARCH_BUDGET - Math.max(budget, 0))) yield;
  }
  const repeatMs = 2 * t.networkMaxHoldDays * DAY_MS;
  for (const list of conduits.values()) {
    let run: Episode[] = [];
    const flush = () => {
      if (run.length >= 2) out.push(combine(run));
      run = [];
    };
    for (const ep of list) {
      if (run.length > 0 && ep.firstMs - run[run.length - 1].firstMs > repeatMs) flush();
      run.push(ep);
    }
    flush();
  }
  return out;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The 2-flow rule above: fast, nearly whole, and nothing else paid out while it passed. */
export function isConduit(index: FlowIndex, first: Flow, link: Link, t: NetworkThresholds): boolean {
  const tightPercent = (t.networkPassPercent + PASS_MAX_PERCENT) / 2;
  if (link.ratio * 100 < tightPercent) return false;
  if (link.holdMs > t.networkBurstDays * DAY_MS) return false;
  const debited = index.debitedBetween(link.from, first.firstMs, link.lastMs);
  return debited <= (first.amountMinor * PASS_MAX_PERCENT) / 100;
}

/**
 * The other 2-flow rule: the source paid in, as cash, networkPassPercent or more of its first
 * flow within networkMaxHoldDays before it (to its end), and the sink took networkPassPercent
 * or more of what reached it out of the network (cash, outsiders) within networkMaxHoldDays
 * after. Placement and exit around one intermediary: money that came from nowhere the tenant
 * sees and left the same way, passed whole between holders on the way.
 */
export function isPlacedAndExited(index: FlowIndex, first: Flow, link: Link, t: NetworkThresholds): boolean {
  const holdMs = t.networkMaxHoldDays * DAY_MS;
  const share = t.networkPassPercent / 100;
  const placed = index.placedBetween(first.from, first.firstMs - holdMs, first.lastMs);
  if (placed < share * first.amountMinor) return false;
  const exited = index.exitedBetween(link.to, link.firstMs, link.lastMs + holdMs);
  return exited >= share * link.amountMinor;
}
