import { drain, type Sliced, workMeter } from "../../../../lib/slices";
import { cycleSteps, MIN_CYCLE_HOPS } from "./cycles";
import { addRole, type Episode } from "./episode";
import { FlowIndex, type TransferRow } from "./flows";
import { gatherScatterSteps } from "./gather-scatter";
import { layeringSteps } from "./layering";
import { scatterGatherSteps } from "./scatter-gather";
import {
  DAY_MS,
  days,
  money,
  type NetworkInput,
  type NetworkThresholds,
  type NetworkTypology,
  round2,
  round4,
  type SchemeHit,
  type SchemeRole,
  TYPOLOGY_PRIORITY,
} from "./types";

/** The principal's role per typology. */
const PRINCIPAL_ROLE: Record<NetworkTypology, SchemeRole> = {
  cycle: "origin",
  scatter_gather: "source",
  gather_scatter: "hub",
  layering: "source",
};

/**
 * Every laundering scheme in a tenant's network, sorted by key. Typologies claim transfers in
 * the order cycle > scatter_gather > gather_scatter > layering: an episode half or more of whose
 * transfers a more specific typology already reported is dropped. Episodes of one typology that
 * share a transfer merge into one hit (rotations of a ring, sub-chains of a chain, overlapping
 * windows of one source or hub; fans merge only under the same source or hub).
 */
export function detectNetworkSchemes(input: NetworkInput, thresholds: NetworkThresholds): SchemeHit[] {
  return drain(networkSchemeSteps(input, thresholds));
}

/** Episodes (or their transfers) looked at per step of the claiming and merging below. */
const EPISODE_STEP = 2_000;

/**
 * detectNetworkSchemes in steps (docs/decisions/faults.md#slices-that-yield): the index, each
 * typology's search and the merging each yield every few milliseconds of work.
 */
export function* networkSchemeSteps(input: NetworkInput, thresholds: NetworkThresholds): Sliced<SchemeHit[]> {
  const index = yield* FlowIndex.build(input.transfers, input.external, thresholds.networkBurstDays);
  const found: Record<NetworkTypology, () => Sliced<Episode[]>> = {
    cycle: () => cycleSteps(index, thresholds),
    scatter_gather: () => scatterGatherSteps(index, thresholds),
    gather_scatter: () => gatherScatterSteps(index, thresholds),
    layering: () => layeringSteps(index, thresholds),
  };
  const meter = workMeter(EPISODE_STEP);
  const claimed = new Set<string>();
  const hits: SchemeHit[] = [];
  for (const typology of TYPOLOGY_PRIORITY) {
    const episodes: Episode[] = [];
    for (const e of yield* found[typology]()) {
      let shared = 0;
      for (const id of e.transfers.keys()) if (claimed.has(id)) shared++;
      if (shared * 2 < e.transfers.size) episodes.push(e);
      if (meter(1 + e.transfers.size)) yield;
    }
    const gapMs =
      (typology === "cycle" ? thresholds.cycleMaxHops : 1) * thresholds.networkMaxHoldDays * DAY_MS;
    for (const group of mergeEpisodes(episodes, typology === "cycle" || typology === "layering", gapMs)) {
      const hit = describe(group, thresholds);
      for (const id of hit.transferIds) claimed.add(id);
      hits.push(hit);
      if (meter(group.length + hit.transferIds.length)) yield;
    }
    yield;
  }
  return hits.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * Groups of episodes linked by a shared transfer (and, unless `acrossPrincipals`, one principal),
 * or by the same holders repeating the scheme within `gapMs` of the previous round.
 */
export function mergeEpisodes(
  episodes: readonly Episode[],
  acrossPrincipals: boolean,
  gapMs: number,
): Episode[][] {
  const parent = episodes.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const owner = new Map<string, number>();
  episodes.forEach((e, i) => {
    const scope = acrossPrincipals ? "" : `${e.principal}\u0000`;
    for (const id of e.transfers.keys()) {
      const k = scope + id;
      const j = owner.get(k);
      if (j === undefined) owner.set(k, i);
      else parent[find(i)] = find(j);
    }
  });
  const rounds = new Map<string, number[]>();
  episodes.forEach((e, i) => {
    const k = [...e.roles.keys()].sort().join("\u0000");
    const list = rounds.get(k);
    if (list) list.push(i);
    else rounds.set(k, [i]);
  });
  for (const list of rounds.values()) {
    list.sort((a, b) => episodes[a].firstMs - episodes[b].firstMs || a - b);
    let lastMs = Number.NEGATIVE_INFINITY;
    let prev = -1;
    for (const i of list) {
      if (prev >= 0 && episodes[i].firstMs - lastMs <= gapMs) parent[find(i)] = find(prev);
      lastMs = Math.max(lastMs, episodes[i].lastMs);
      prev = i;
    }
  }
  const groups = new Map<number, Episode[]>();
  episodes.forEach((e, i) => {
    const root = find(i);
    const g = groups.get(root);
    if (g) g.push(e);
    else groups.set(root, [e]);
  });
  return [...groups.values()];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Up to 4 holder ids, then how many more. */
function names(ids: readonly string[]): string {
  return ids.length <= 4 ? ids.join(", ") : `${ids.slice(0, 3).join(", ")} and ${ids.length - 3} more`;
}

interface Margin {
  name: keyof NetworkThresholds;
  distance: number;
  text: string;
}

/** One hit from a group of episodes of one typology. */
function describe(group: readonly Episode[], t: NetworkThresholds): SchemeHit {
  const typology = group[0].typology;
  const rows = new Map<string, TransferRow>();
  for (const e of group) for (const [id, row] of e.transfers) rows.set(id, row);
  const ordered = [...rows.values()].sort(
    (a, b) => a.ms - b.ms || (a.t.id < b.t.id ? -1 : a.t.id > b.t.id ? 1 : 0),
  );
  const first = ordered[0].t;
  const principal = typology === "cycle" || typology === "layering" ? first.from : group[0].principal;

  const roles = new Map<string, SchemeRole>();
  for (const e of group) for (const [holder, role] of e.roles) addRole(roles, holder, role);
  if (typology === "cycle") for (const h of roles.keys()) roles.set(h, "intermediary");
  roles.set(principal, PRINCIPAL_ROLE[typology]);
  const others = [...roles.keys()].filter((h) => h !== principal).sort();
  const participants = [principal, ...others].map((holderId) => ({ holderId, role: roles.get(holderId)! }));

  const firstMs = ordered[0].ms;
  const lastMs = ordered[ordered.length - 1].ms;
  let amountMinor = 0;
  for (const { t: tr } of ordered) {
    if (typology === "gather_scatter" ? tr.to === principal : tr.from === principal)
      amountMinor += tr.amountMinor;
  }
  const hops = Math.max(...group.map((e) => e.hops));
  const holdMsMax = Math.max(...group.map((e) => e.holdMsMax));
  const ratioMin = Math.min(...group.map((e) => e.ratioMin));
  const count = (role: SchemeRole) => participants.filter((p) => p.role === role).length;
  const holders = (role: SchemeRole) =>
    names(participants.filter((p) => p.role === role).map((p) => p.holderId));
  const spanDays = (lastMs - firstMs) / DAY_MS;
  const measures: Record<string, number> = {
    hops,
    holdDaysMax: round2(holdMsMax / DAY_MS),
    passThroughRatio: round4(ratioMin),
    spanDays: round2(spanDays),
    participants: participants.length,
    transfers: ordered.length,
    episodes: group.length,
    amount: round2(amountMinor / 100),
  };
  const pct = (ratioMin * 100).toFixed(1);
  const hold = days(holdMsMax);
  const span = spanDays.toFixed(1);
  const spreadMs = Math.max(...group.map((e) => e.spreadMs));
  let reason: string;
  switch (typology) {
    case "cycle":
      measures.intermediaries = count("intermediary");
      reason =
        `${money(amountMinor)} left ${principal} and came back to it through a ring of ${hops} hops ` +
        `(${holders("intermediary")}) over ${span} days; each holder passed on at least ${pct}% ` +
        `of what it got within ${hold} days.`;
      break;
    case "scatter_gather": {
      measures.intermediaries = count("intermediary");
      measures.scatterDays = round2(spreadMs / DAY_MS);
      const sinks = participants.filter((p) => p.role === "sink").map((p) => p.holderId);
      reason =
        `${principal} scattered ${money(amountMinor)} over ${measures.intermediaries} intermediaries within ` +
        `${days(spreadMs)} days, each of ` +
        `which passed at least ${pct}% of it on to ${names(sinks)} within ${hold} days (2 hops, ` +
        `${span} days in all).` +
        (measures.intermediaries < t.fanMinParticipants
          ? " None of the intermediaries dealt with the source or the sink at any other time, nor the source with the sink."
          : "");
      break;
    }
    case "gather_scatter": {
      measures.sources = count("source");
      measures.sinks = count("sink");
      const external = Math.max(...group.map((e) => e.externalOutMinor));
      measures.externalOut = round2(external / 100);
      measures.gatherDays = round2(spreadMs / DAY_MS);
      reason =
        `${principal} gathered ${money(amountMinor)} from ${measures.sources} holders (${holders("source")}) ` +
        `within ${days(spreadMs)} days and paid ${pct}% of it out to ${measures.sinks} holders ` +
        `(${holders("sink")})` +
        `${external > 0 ? ` and outside the network (${money(external)})` : ""}, the last within ${hold} days ` +
        `of the last receipt (2 hops, ${span} days in all).` +
        (Math.min(measures.sources, measures.sinks) < t.fanMinParticipants
          ? " None of them paid or was paid by the hub at any other time in the history read."
          : "");
      break;
    }
    case "layering": {
      measures.intermediaries = count("intermediary");
      measures.sources = count("source");
      measures.sinks = count("sink");
      const mids = holders("intermediary");
      reason =
        measures.sources > 1
          ? `${mids} passed on money from ${measures.sources} holders (${holders("source")}) to ` +
            `${measures.sinks} (${holders("sink")}) within ${span} days, ` +
            `${money(amountMinor)} of it from ${principal}; each time at least ${pct}% within ${hold} days.`
          : `${money(amountMinor)} moved from ${principal} through ` +
            `${plural(measures.intermediaries, "intermediary", "intermediaries")} (${mids}) to ` +
            `${holders("sink")} in ${hops} hops over ${span} days; each passed on at least ` +
            `${pct}% of what it got within ${hold} days.`;
      break;
    }
  }
  return {
    typology,
    key: `${typology}:${principal}:${first.id}`,
    principal,
    participants,
    firstAt: new Date(firstMs).toISOString(),
    lastAt: new Date(lastMs).toISOString(),
    amountMinor,
    transferIds: [...rows.keys()].sort(),
    reason,
    counterfactual: counterfactual(group, t),
    measures,
  };
}

/**
 * The threshold closest to keeping the hit from firing. The hit survives while any of its
 * episodes does, so each margin is the most robust episode's (its best ratio, shortest hold, ...).
 */
function counterfactual(group: readonly Episode[], t: NetworkThresholds): string {
  const typology = group[0].typology;
  const ratio = Math.max(...group.map((e) => e.ratioMin)) * 100;
  const holdDays = Math.min(...group.map((e) => e.holdMsMax)) / DAY_MS;
  const amountLimit = Math.max(...group.map((e) => e.minAmountLimit));
  const margins: Margin[] = [
    {
      name: "networkPassPercent",
      distance: (ratio - t.networkPassPercent) / t.networkPassPercent,
      text: `networkPassPercent above ${ratio.toFixed(2)} (now ${t.networkPassPercent})`,
    },
    {
      name: "networkMinAmount",
      distance: (amountLimit - t.networkMinAmount) / t.networkMinAmount,
      text: `networkMinAmount above ${amountLimit.toFixed(2)} (now ${t.networkMinAmount.toFixed(2)})`,
    },
  ];
  if (holdDays > 0)
    margins.push({
      name: "networkMaxHoldDays",
      distance: (t.networkMaxHoldDays - holdDays) / t.networkMaxHoldDays,
      text: `networkMaxHoldDays below ${holdDays.toFixed(1)} (now ${t.networkMaxHoldDays})`,
    });
  if (typology === "cycle") {
    const hops = Math.min(...group.map((e) => e.hops));
    if (hops > MIN_CYCLE_HOPS)
      margins.push({
        name: "cycleMaxHops",
        distance: (t.cycleMaxHops - hops + 1) / t.cycleMaxHops,
        text: `cycleMaxHops below ${hops} (now ${t.cycleMaxHops})`,
      });
  }
  if (typology === "scatter_gather" || typology === "gather_scatter") {
    const fan = Math.max(...group.map((e) => e.fan));
    // Below fanMinParticipants only strangers count (gather-scatter.ts): no threshold to move.
    if (fan >= t.fanMinParticipants)
      margins.push({
        name: "fanMinParticipants",
        distance: (fan + 1 - t.fanMinParticipants) / t.fanMinParticipants,
        text: `fanMinParticipants above ${fan} (now ${t.fanMinParticipants})`,
      });
  }
  margins.sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : 1));
  const best = margins[0];
  return `It would not have fired with ${best.text}, the closest threshold (${(best.distance * 100).toFixed(1)}% away).`;
}
