import { describe, expect, it } from "vitest";
import { drain } from "../../../lib/slices";
import {
  chooseGroup,
  type FeatureValues,
  groupKeys,
  MIN_PEERS,
  nextPeerPageSize,
  PEER_FEATURES,
  PEER_PAGE_FIRST,
  PEER_PAGE_MAX,
  PEER_PAGE_MIN,
  PEER_PAGE_ROWS,
  PeerAccumulator,
  type PeerNorm,
  peerBar,
  peerCheck,
  quantile,
  summarise,
} from "./peer-stats";

const same = (v: number): FeatureValues =>
  Object.fromEntries(PEER_FEATURES.map((f) => [f, v])) as FeatureValues;

describe("peer statistics", () => {
  it("quantiles interpolate between ranks", () => {
    const s = [10, 20, 30, 40, 50];
    expect(quantile(s, 0.5)).toBe(30);
    expect(quantile(s, 0.25)).toBe(20);
    // rank (5 - 1) x 0.9 = 3.6: 40 + 0.6 x (50 - 40)
    expect(quantile(s, 0.9)).toBeCloseTo(46, 9);
    expect(quantile([], 0.5)).toBe(0);
  });

  it("median and MAD resist one outlier", () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1_000_000];
    const st = summarise(values);
    // median of 1..9 and the outlier: (5 + 6) / 2
    expect(st.median).toBe(5.5);
    // |v - 5.5| sorted: 0.5 0.5 1.5 1.5 2.5 2.5 3.5 3.5 4.5 999994.5 -> median (2.5 + 2.5) / 2
    expect(st.mad).toBe(2.5);
    expect(st.q99).toBeGreaterThan(900_000);
  });

  it("the bar is the larger of q95 and median + k robust deviations", () => {
    const st = { median: 100, mad: 10, q90: 120, q95: 130, q99: 160 };
    expect(peerBar(st, 3)).toBeCloseTo(100 + 3 * 1.4826 * 10, 9);
    expect(peerBar(st, 1)).toBe(130);
    expect(peerBar(st, 1, 2)).toBe(260);
  });

  it("groups run from (type, segment, tier) to type; the finest with enough members is chosen", () => {
    const keys = groupKeys({
      entityType: "customer",
      type: "Business",
      segment: " Market trading ",
      tier: "",
    });
    expect(keys).toEqual([
      "customer|business|market trading|-",
      "customer|business|market trading",
      "customer|business",
    ]);
    const norm = (group: string, members: number): PeerNorm => ({
      group,
      members,
      asOf: "2026-01-01T00:00:00.000Z",
      stats: Object.fromEntries(PEER_FEATURES.map((f) => [f, summarise([1])])) as PeerNorm["stats"],
    });
    const norms = new Map([
      [keys[0], norm(keys[0], MIN_PEERS - 1)],
      [keys[1], norm(keys[1], MIN_PEERS)],
      [keys[2], norm(keys[2], 500)],
    ]);
    expect(chooseGroup(keys, norms)?.group).toBe(keys[1]);
    expect(chooseGroup(["nobody"], norms)).toBeNull();
  });

  it("the accumulator keeps only groups of MIN_PEERS or more and summarises each feature", () => {
    const acc = new PeerAccumulator();
    const trader = { entityType: "customer" as const, type: "business", segment: "trading", tier: "" };
    const salaried = { entityType: "customer" as const, type: "individual", segment: "", tier: "" };
    for (let i = 1; i <= MIN_PEERS; i++) acc.add(trader, same(i));
    for (let i = 1; i < MIN_PEERS; i++) acc.add(salaried, same(i));
    const norms = acc.norms("2026-01-01T00:00:00.000Z");
    // the trader's three levels; the salaried group has one member too few at every level
    expect(norms.map((n) => n.group)).toEqual([
      "customer|business",
      "customer|business|trading",
      "customer|business|trading|-",
    ]);
    const values = Array.from({ length: MIN_PEERS }, (_, i) => i + 1);
    expect(norms[0].stats.count30).toEqual(summarise(values));
    expect(norms[0].members).toBe(MIN_PEERS);
  });

  it("normsInSteps gives the same norms as norms, a step per valuesPerStep values summarised", () => {
    const acc = new PeerAccumulator();
    const trader = { entityType: "customer" as const, type: "business", segment: "trading", tier: "" };
    for (let i = 1; i <= 3 * MIN_PEERS; i++) acc.add(trader, same(i * 7));
    const asOf = "2026-01-01T00:00:00.000Z";
    const steps = acc.normsInSteps(asOf, 2 * 3 * MIN_PEERS);
    let pauses = 0;
    let next = steps.next();
    for (; !next.done; next = steps.next()) pauses++;
    expect(next.value).toEqual(acc.norms(asOf));
    // three groups of 3 x MIN_PEERS members, one unit per member and feature: a pause every
    // two features summarised, the last feature of the last group ends the work without one
    const units = 3 * PEER_FEATURES.length;
    expect(pauses).toBe(Math.floor(units / 2));
    expect(drain(acc.normsInSteps(asOf, 1))).toEqual(acc.norms(asOf));
  });

  it("the peer check holds above the bar, and without a group or with k = 0", () => {
    const values = Array.from({ length: 40 }, (_, i) => 100 + i);
    const norm: PeerNorm = {
      group: "customer|individual",
      members: 40,
      asOf: "x",
      stats: Object.fromEntries(PEER_FEATURES.map((f) => [f, summarise(values)])) as PeerNorm["stats"],
    };
    const st = summarise(values);
    const bar = Math.ceil(Math.max(st.q95, st.median + 3 * 1.4826 * st.mad));
    const fmt = String;
    expect(peerCheck(bar, norm, "count30", 3, fmt)).toMatchObject({ holds: true, bar });
    expect(peerCheck(bar - 1, norm, "count30", 3, fmt)).toMatchObject({ holds: false, bar });
    expect(peerCheck(0, null, "count30", 3, fmt)).toMatchObject({ holds: true, bar: null });
    expect(peerCheck(0, norm, "count30", 0, fmt)).toMatchObject({ holds: true, bar: null });
  });
});

describe("refresh page sizes", () => {
  it("fit the next page to the rows the last one read", () => {
    // 250 entities read 15,000 rows (60 each): 3,000 rows is 50 entities.
    expect(nextPeerPageSize(250, 15_000)).toBe(Math.floor((250 * PEER_PAGE_ROWS) / 15_000));
    expect(nextPeerPageSize(250, 15_000)).toBe(50);
    // 250 read 1,500 (6 each): 500 entities read 3,000.
    expect(nextPeerPageSize(250, 1_500)).toBe(500);
  });

  it("grow at most 4 times a page, up to the maximum, and never below the minimum", () => {
    expect(nextPeerPageSize(100, 0)).toBe(400);
    expect(nextPeerPageSize(100, 10)).toBe(400);
    expect(nextPeerPageSize(PEER_PAGE_FIRST, 0)).toBe(PEER_PAGE_MAX);
    expect(nextPeerPageSize(PEER_PAGE_MAX, 1)).toBe(PEER_PAGE_MAX);
    expect(nextPeerPageSize(PEER_PAGE_MIN, 1_000_000)).toBe(PEER_PAGE_MIN);
  });
});
