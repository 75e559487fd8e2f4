import type { Flow, Link, TransferRow } from "./flows";
import type { NetworkTypology, SchemeRole } from "./types";

/** One detected episode before merging: what a detector found and the margins it found it by. */
export interface Episode {
  typology: NetworkTypology;
  principal: string;
  roles: Map<string, SchemeRole>;
  /** Its transfers by id. */
  transfers: Map<string, TransferRow>;
  firstMs: number;
  lastMs: number;
  /** Flows along the longest path (cycle and layering), 2 for fans. */
  hops: number;
  holdMsMax: number;
  ratioMin: number;
  /** networkMinAmount (major units) at or above which this episode would no longer fire. */
  minAmountLimit: number;
  /** Scatter-gather: intermediaries; gather-scatter: the fewer of sources and sinks; else 0. */
  fan: number;
  /** Minor units held back or paid out beside the scheme (gather-scatter: external outs). */
  externalOutMinor: number;
  /** Scatter-gather: from the first leg to the last; gather-scatter: from the first receipt to the last. */
  spreadMs: number;
}

export const ROLE_RANK: Record<SchemeRole, number> = {
  origin: 5,
  hub: 4,
  intermediary: 3,
  source: 2,
  sink: 1,
};

/** Set a role unless the holder already has a stronger one. */
export function addRole(roles: Map<string, SchemeRole>, holderId: string, role: SchemeRole): void {
  const had = roles.get(holderId);
  if (!had || ROLE_RANK[role] > ROLE_RANK[had]) roles.set(holderId, role);
}

export function addFlows(transfers: Map<string, TransferRow>, flows: readonly Flow[]): void {
  for (const f of flows) for (const row of f.rows) transfers.set(row.t.id, row);
}

/** A path of flows (first flow then links), as cycle and layering see it. */
export function pathEpisode(
  typology: NetworkTypology,
  first: Flow,
  links: readonly Link[],
  minAmountLimit: number,
): Episode {
  const transfers = new Map<string, TransferRow>();
  addFlows(transfers, [first]);
  for (const l of links) addFlows(transfers, l.flows);
  return {
    typology,
    principal: first.from,
    roles: new Map(),
    transfers,
    firstMs: first.firstMs,
    lastMs: Math.max(first.lastMs, ...links.map((l) => l.lastMs)),
    hops: links.length + 1,
    holdMsMax: Math.max(0, ...links.map((l) => l.holdMs)),
    ratioMin: Math.min(...links.map((l) => l.ratio)),
    minAmountLimit,
    fan: 0,
    externalOutMinor: 0,
    spreadMs: 0,
  };
}

/** Several episodes of one typology as one (the same conduit used again, ...). */
export function combine(episodes: readonly Episode[]): Episode {
  const [head] = episodes;
  const roles = new Map<string, SchemeRole>();
  const transfers = new Map<string, TransferRow>();
  for (const e of episodes) {
    for (const [h, r] of e.roles) addRole(roles, h, r);
    for (const [id, row] of e.transfers) transfers.set(id, row);
  }
  return {
    typology: head.typology,
    principal: head.principal,
    roles,
    transfers,
    firstMs: Math.min(...episodes.map((e) => e.firstMs)),
    lastMs: Math.max(...episodes.map((e) => e.lastMs)),
    hops: Math.max(...episodes.map((e) => e.hops)),
    holdMsMax: Math.max(...episodes.map((e) => e.holdMsMax)),
    ratioMin: Math.min(...episodes.map((e) => e.ratioMin)),
    minAmountLimit: Math.min(...episodes.map((e) => e.minAmountLimit)),
    fan: Math.max(...episodes.map((e) => e.fan)),
    externalOutMinor: episodes.reduce((s, e) => s + e.externalOutMinor, 0),
    spreadMs: Math.max(...episodes.map((e) => e.spreadMs)),
  };
}
