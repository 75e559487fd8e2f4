/**
 * Laundering schemes over a tenant's network of transfers between its own holders (issue 34).
 * Pure: no I/O, no clock; the same input in any order gives the same hits.
 */

export interface Transfer {
  id: string;
  from: string;
  to: string;
  amountMinor: number;
  /** ISO-8601 UTC */
  at: string;
}

/** Money entering or leaving a holder from outside the network (cash at an agent, an outsider, abroad). */
export interface ExternalFlow {
  id: string;
  holderId: string;
  direction: "in" | "out";
  kind: "cash" | "outside";
  amountMinor: number;
  at: string;
  /** The outsider's account (fans count distinct senders and receivers); absent for cash. */
  counterparty?: string;
}

export interface NetworkInput {
  transfers: Transfer[];
  external: ExternalFlow[];
}

export type NetworkTypology = "cycle" | "scatter_gather" | "gather_scatter" | "layering";
export type SchemeRole = "origin" | "intermediary" | "source" | "sink" | "hub";

/** What every detector of the network scan reports: a scheme of typology T, its holders in roles R. */
export interface Hit<T extends string, R extends string> {
  typology: T;
  /**
   * Deterministic: the same scheme gives the same key whatever the order of input arrays and
   * whatever later transfers are added after it: `${typology}:${principal}:${firstTransferId}`.
   */
  key: string;
  /** Holder id the case is opened on (origin / source / hub). */
  principal: string;
  /** Principal first, then sorted by holderId; each holder once. */
  participants: { holderId: string; role: R }[];
  /** The episode's first and last transfer times. */
  firstAt: string;
  lastAt: string;
  /** Money that went through the scheme (the amount that left the origin / source, or the hub gathered). */
  amountMinor: number;
  /** Sorted. */
  transferIds: string[];
  /** One sentence an analyst reads, with amounts in major units (2 decimals), hop count, days. */
  reason: string;
  /** What would have kept it from firing (the closest threshold and by how much). */
  counterfactual: string;
  /** The numbers behind the decision (hops, holdDaysMax, passThroughRatio, ...). */
  measures: Record<string, number>;
}

export type SchemeHit = Hit<NetworkTypology, SchemeRole>;

/** Major units of money (cedis), like ../thresholds.ts. */
export interface NetworkThresholds {
  /** A flow (money between two holders within networkBurstDays) below this is ignored. */
  networkMinAmount: number;
  /** Transfers from A to B within this many days of the first form one flow. */
  networkBurstDays: number;
  /** An intermediary passes money on within this many days. */
  networkMaxHoldDays: number;
  /** An intermediary passes on at least this % of what it got (and at most 105%). */
  networkPassPercent: number;
  /** Longest cycle, in hops (min 2). */
  cycleMaxHops: number;
  /** Scatter-gather intermediaries / gather-scatter sources and sinks. */
  fanMinParticipants: number;
}

export const NETWORK_DEFAULTS: NetworkThresholds = Object.freeze({
  networkMinAmount: 5000,
  networkBurstDays: 3,
  networkMaxHoldDays: 21,
  networkPassPercent: 85,
  cycleMaxHops: 10,
  fanMinParticipants: 3,
});

export const NETWORK_TYPOLOGY_RULES: Record<NetworkTypology, string> = Object.freeze({
  cycle: "AML-CYC-012",
  scatter_gather: "AML-SGA-013",
  gather_scatter: "AML-GSC-014",
  layering: "AML-LAY-015",
});

/** Most specific first: a set of transfers is reported under the first typology that claims it. */
export const TYPOLOGY_PRIORITY: readonly NetworkTypology[] = [
  "cycle",
  "scatter_gather",
  "gather_scatter",
  "layering",
];

/** Upper end of the pass-through band, in percent of what came in. */
export const PASS_MAX_PERCENT = 105;

export const DAY_MS = 86_400_000;

/** Minor units as major units with 2 decimals and thousands separators: 2500050 -> "25,000.50". */
export function money(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(Math.round(minor));
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${whole}.${String(abs % 100).padStart(2, "0")}`;
}

/** Days with one decimal. */
export const days = (ms: number): string => (ms / DAY_MS).toFixed(1);

export const round2 = (x: number): number => Math.round(x * 100) / 100;
export const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;
