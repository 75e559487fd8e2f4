/**
 * Peer groups and their robust statistics (issue 34 item 2, docs/methodology/peers.md): what is
 * normal for entities like this one, so a rule on "unusual" fires only when the entity is unusual
 * for its own history AND for its peers. Pure: no Hono, Drizzle or Cloudflare.
 */
import { type Sliced, workMeter } from "../../../lib/slices";

/** The per-entity figures the peer statistics describe (money in minor units). */
export const PEER_FEATURES = [
  /** Non-failed transactions in the 30 days to the as-of. */
  "count30",
  /** Their total amount. */
  "volume30",
  /** The largest single transaction. */
  "maxAmount30",
  /** Distinct counterparties of credits (account, else name). */
  "senders30",
  /** Distinct counterparties of debits. */
  "receivers30",
  /** Cash amount / total amount, 0..1. */
  "cashShare30",
  /** Transactions, amount and distinct counterparties of the last 7 days. */
  "count7",
  "volume7",
  "counterparties7",
] as const;
export type PeerFeature = (typeof PEER_FEATURES)[number];
export type FeatureValues = Record<PeerFeature, number>;

/** One feature's distribution over a group's members. */
export interface PeerStat {
  median: number;
  /** Median absolute deviation from the median (unscaled). */
  mad: number;
  q90: number;
  q95: number;
  q99: number;
}

/** A peer group as stored: its key, member count and each feature's distribution. */
export interface PeerNorm {
  group: string;
  members: number;
  asOf: string;
  stats: Record<PeerFeature, PeerStat>;
}

/** A group needs this many active members before its figures are read as the peers' normal. */
export const MIN_PEERS = 20;
/** 1.4826 x MAD estimates the standard deviation of normally distributed values. */
export const MAD_SCALE = 1.4826;

/** The q-quantile (0..1) of ascending values, interpolated between ranks (Hyndman-Fan type 7). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const h = (sorted.length - 1) * q;
  const low = Math.floor(h);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low] + (h - low) * (sorted[high] - sorted[low]);
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** The robust summary of one feature's values over a group. */
export function summarise(values: readonly number[]): PeerStat {
  const sorted = [...values].sort((a, b) => a - b);
  const median = quantile(sorted, 0.5);
  const deviations = sorted.map((v) => Math.abs(v - median)).sort((a, b) => a - b);
  return {
    median: round4(median),
    mad: round4(quantile(deviations, 0.5)),
    q90: round4(quantile(sorted, 0.9)),
    q95: round4(quantile(sorted, 0.95)),
    q99: round4(quantile(sorted, 0.99)),
  };
}

/** What places an entity among its peers: its type, segment and tier (empty when unknown). */
export interface PeerAttributes {
  entityType: "customer" | "account";
  /** customer: the customer's type; account: the account's type. */
  type: string;
  /** The declared business (vertical) of the customer, lower case. */
  segment: string;
  /** customer: its risk level (the tenant's tier); account: the customer's type. */
  tier: string;
}

/**
 * One part of a group key, as SQL writes it too (data/peers/repo.ts: `coalesce(nullif(lower(trim(x)), ''), '-')`):
 * spaces trimmed and ASCII letters lowered, as SQLite's trim() and lower() do; empty is "-".
 */
const part = (s: string | null | undefined) =>
  (s ?? "").replace(/^ +| +$/g, "").replace(/[A-Z]/g, (c) => c.toLowerCase()) || "-";

/** The entity's groups, finest first: (type, segment, tier), (type, segment), (type). */
export function groupKeys(a: PeerAttributes): string[] {
  const base = `${a.entityType}|${part(a.type)}`;
  const withSegment = `${base}|${part(a.segment)}`;
  return [`${withSegment}|${part(a.tier)}`, withSegment, base];
}

/** The finest of the entity's groups with at least MIN_PEERS members, or null (own history alone). */
export function chooseGroup(keys: readonly string[], norms: ReadonlyMap<string, PeerNorm>): PeerNorm | null {
  for (const key of keys) {
    const norm = norms.get(key);
    if (norm && norm.members >= MIN_PEERS) return norm;
  }
  return null;
}

/**
 * The peers' bar for a feature: the larger of the group's 95th percentile and its median plus k
 * robust standard deviations (k x 1.4826 x MAD). `scale` stretches additive features (counts,
 * amounts) to another window length.
 */
export function peerBar(stat: PeerStat, k: number, scale = 1): number {
  return Math.max(stat.q95, stat.median + k * MAD_SCALE * stat.mad) * scale;
}

/** What a rule's peer condition concludes. */
export interface PeerCheck {
  /** Whether the peer condition holds (true when there is no group or the check is off). */
  holds: boolean;
  /** The bar, or null when not judged against peers. */
  bar: number | null;
  /** One sentence for the explanation. */
  text: string;
}

/**
 * Whether `observed` exceeds the peers' normal of `feature` (at or above the bar). Off (holds) when
 * k is 0 or the entity has no group with enough members: the entity's own history then decides.
 */
export function peerCheck(
  observed: number,
  norm: PeerNorm | null | undefined,
  feature: PeerFeature,
  k: number,
  format: (n: number) => string,
  scale = 1,
): PeerCheck {
  if (!(k > 0)) return { holds: true, bar: null, text: "" };
  if (!norm)
    return {
      holds: true,
      bar: null,
      text: `No peer group of ${MIN_PEERS} or more active members: own history alone.`,
    };
  const stat = norm.stats[feature];
  const bar = Math.ceil(peerBar(stat, k, scale) - 1e-9);
  const holds = observed >= bar;
  return {
    holds,
    bar,
    text: `${holds ? "Above" : "Within"} the normal of its ${norm.members} peers (${norm.group}): ${format(observed)} against ${format(bar)}, the larger of their 95th percentile ${format(stat.q95 * scale)} and median ${format(stat.median * scale)} + ${k} x 1.4826 x MAD ${format(stat.mad * scale)}.`,
  };
}

/**
 * Collects each entity's features under each of its groups; `norms` then summarises the groups
 * with at least MIN_PEERS members. Values are kept per feature in growing arrays.
 */
export class PeerAccumulator {
  private readonly groups = new Map<string, { members: number; values: Record<PeerFeature, number[]> }>();

  add(attributes: PeerAttributes, values: FeatureValues): void {
    for (const key of groupKeys(attributes)) {
      let g = this.groups.get(key);
      if (!g) {
        g = {
          members: 0,
          values: Object.fromEntries(PEER_FEATURES.map((f) => [f, [] as number[]])) as Record<
            PeerFeature,
            number[]
          >,
        };
        this.groups.set(key, g);
      }
      g.members++;
      for (const f of PEER_FEATURES) g.values[f].push(values[f]);
    }
  }

  get size(): number {
    return this.groups.size;
  }

  /** The keys of the groups with enough members, in key order. */
  eligible(): string[] {
    return [...this.groups]
      .filter(([, g]) => g.members >= MIN_PEERS)
      .map(([key]) => key)
      .sort();
  }

  /** One group summarised (asOf: the end of the features' windows). */
  normOf(group: string, asOf: string): PeerNorm {
    const g = this.groups.get(group);
    if (!g) throw new Error(`no peer group ${group}`);
    const stats = Object.fromEntries(PEER_FEATURES.map((f) => [f, summarise(g.values[f])])) as Record<
      PeerFeature,
      PeerStat
    >;
    return { group, members: g.members, asOf, stats };
  }

  /** Every eligible group summarised, in key order. */
  norms(asOf: string): PeerNorm[] {
    return this.eligible().map((group) => this.normOf(group, asOf));
  }

  /**
   * `norms` in steps of about `valuesPerStep` values summarised (a feature's values of one group
   * are one unit of work; docs/decisions/faults.md#slices-that-yield): a group's size is its
   * members, so a count of groups bounds nothing (one refresh summarising a few large groups was
   * one 53-64 ms slice). Same norms, same order.
   */
  *normsInSteps(asOf: string, valuesPerStep: number): Sliced<PeerNorm[]> {
    const meter = workMeter(valuesPerStep);
    const out: PeerNorm[] = [];
    for (const group of this.eligible()) {
      const g = this.groups.get(group);
      if (!g) continue;
      const stats = {} as Record<PeerFeature, PeerStat>;
      for (const f of PEER_FEATURES) {
        stats[f] = summarise(g.values[f]);
        if (meter(g.members)) yield;
      }
      out.push({ group, members: g.members, asOf, stats });
    }
    return out;
  }
}

/**
 * A refresh page's size in entities (docs/methodology/peers.md#cost): a page statement reads the
 * window's transactions of its entities, so its cost follows those rows, not the entity count.
 * Each page is sized from the one before to read about `PEER_PAGE_ROWS` rows (about 20-30 ms of
 * local D1 CPU at 6-9 µs a row), growing at most 4 times a page, between `PEER_PAGE_MIN` and
 * `PEER_PAGE_MAX` entities.
 */
export const PEER_PAGE_ROWS = 3_000;
export const PEER_PAGE_MIN = 50;
export const PEER_PAGE_MAX = 1_000;
/** The first page's size, before any density is known. */
export const PEER_PAGE_FIRST = 250;

/** The next page's size after a page of `size` entities that read `rows` transactions. */
export function nextPeerPageSize(size: number, rows: number): number {
  const grown = Math.min(PEER_PAGE_MAX, size * 4);
  const fitted = rows > 0 ? Math.floor((size * PEER_PAGE_ROWS) / rows) : grown;
  return Math.max(PEER_PAGE_MIN, Math.min(grown, fitted));
}
