import { describe, expect, it } from "vitest";
import { detectNetworkSchemes } from "./detect";
import { Book, mulberry32, plantScatterGather } from "./fixtures";
import { NETWORK_DEFAULTS } from "./types";

const SEEDS = Array.from({ length: 30 }, (_, i) => i + 1);

describe("scatter-gather", () => {
  it("finds 60,000 split over 5 intermediaries and gathered at one sink, and nothing else", () => {
    for (const seed of SEEDS) {
      const book = new Book(`sg${seed}`);
      const { source, mids, sink } = plantScatterGather(book, mulberry32(seed), "p");
      const hits = detectNetworkSchemes(book, NETWORK_DEFAULTS);
      expect(hits.map((h) => h.typology)).toEqual(["scatter_gather"]);
      const [hit] = hits;
      expect(hit.principal).toBe(source);
      expect(hit.participants).toEqual([
        { holderId: source, role: "source" },
        ...mids.map((holderId) => ({ holderId, role: "intermediary" })),
        { holderId: sink, role: "sink" },
      ]);
      expect(hit.amountMinor).toBe(6_000_000);
      expect(hit.transferIds).toEqual(book.transfers.map((t) => t.id).sort());
      expect(hit.measures.intermediaries).toBe(5);
      expect(hit.reason).toContain("scattered 60,000.00 over 5 intermediaries");
    }
  });

  const fan = (n: number, passed: number, sinkOf: (i: number) => string = () => "T") => {
    const book = new Book("f");
    for (let i = 0; i < n; i++) {
      book.pay("S", `I${i}`, 12_000, i * 0.5);
      book.pay(`I${i}`, sinkOf(i), 12_000 * passed, 2 + i * 0.5);
    }
    return detectNetworkSchemes(book, NETWORK_DEFAULTS).filter((h) => h.typology === "scatter_gather");
  };

  it("needs fanMinParticipants intermediaries passing the band to one sink other than the source", () => {
    expect(fan(3, 0.9)).toHaveLength(1);
    expect(fan(3, 0.8)).toEqual([]);
    expect(fan(4, 0.95, (i) => `T${i}`)).toEqual([]);
    // 2 strangers per sink: two scatter-gathers of 2 (below).
    expect(fan(4, 0.95, (i) => `T${i % 2}`).map((h) => h.measures.intermediaries)).toEqual([2, 2]);
    expect(fan(4, 0.95, () => "S")).toEqual([]);
  });

  // A simulator's split: amounts drawn at random, most of them under half networkMinAmount.
  const uneven = (amounts: number[], passed = 1) => {
    const book = new Book("u");
    amounts.forEach((a, i) => {
      book.pay("S", `I${i}`, a, i * 0.7);
      book.pay(`I${i}`, "T", a * passed, 5 + i * 1.5);
    });
    return detectNetworkSchemes(book, NETWORK_DEFAULTS).filter((h) => h.typology === "scatter_gather");
  };

  it("counts legs from a fifth of networkMinAmount when the legs sum to twice it", () => {
    const [hit] = uneven([1_750, 7_000, 2_400, 7_800, 1_740, 2_840, 1_270]);
    expect(hit.participants.map((p) => p.role)).toEqual(["source", ...Array(7).fill("intermediary"), "sink"]);
    expect(hit.amountMinor).toBe(2_480_000);
    // 3 legs of 1,000 or more, each relayed at 100%, but 4,500 in all: under 2 x 5,000.
    expect(uneven([1_500, 1_500, 1_500])).toEqual([]);
    // Legs under 1,000 are not counted: 2 intermediaries of strangers (below), not 4.
    expect(uneven([900, 900, 6_000, 6_000]).map((h) => h.measures.intermediaries)).toEqual([2]);
    // The same split relayed at 80%: no scheme.
    expect(uneven([1_750, 7_000, 2_400, 7_800, 1_740], 0.8)).toEqual([]);
  });

  describe("of 2 intermediaries", () => {
    /** S splits `amount` over I0 and I1 on days 10-11; each relays it all to T on days 15-16. */
    const two = (amount: number, before: (book: Book) => void = () => {}) => {
      const book = new Book("two");
      before(book);
      book.pay("S", "I0", amount * 0.6, 10);
      book.pay("S", "I1", amount * 0.4, 11);
      book.pay("I0", "T", amount * 0.6, 15);
      book.pay("I1", "T", amount * 0.4, 16);
      return detectNetworkSchemes(book, NETWORK_DEFAULTS).filter((h) => h.typology === "scatter_gather");
    };

    it("fires when none of them dealt with each other at any other time", () => {
      const [hit, ...rest] = two(6_800);
      expect(rest).toEqual([]);
      expect(hit.participants.map((p) => `${p.holderId}:${p.role}`)).toEqual([
        "S:source",
        "I0:intermediary",
        "I1:intermediary",
        "T:sink",
      ]);
      expect(hit.reason).toContain("None of the intermediaries dealt with the source or the sink");
      expect(hit.counterfactual).not.toContain("fanMinParticipants");
    });

    it("is quiet under networkMinAmount in all", () => {
      expect(two(4_900)).toEqual([]);
    });

    it("is quiet when the source paid the sink, or an intermediary dealt with either, before", () => {
      expect(two(6_800, (b) => b.pay("S", "T", 600, 1))).toEqual([]);
      expect(two(6_800, (b) => b.pay("T", "I1", 600, 1))).toEqual([]);
      expect(two(6_800, (b) => b.pay("I0", "S", 600, 1))).toEqual([]);
    });

    it("is quiet on two employees paying the landlord of the flat they share with the pay they got", () => {
      // The employer paid them every month before: not strangers.
      expect(
        two(9_000, (b) => {
          for (const day of [-50, -20]) {
            b.pay("S", "I0", 5_400, day);
            b.pay("S", "I1", 3_600, day);
          }
        }),
      ).toEqual([]);
    });
  });

  it("follows the tenant's thresholds", () => {
    const book = new Book("t");
    plantScatterGather(book, mulberry32(3), "p");
    expect(detectNetworkSchemes(book, { ...NETWORK_DEFAULTS, fanMinParticipants: 5 })).toHaveLength(1);
    // Under fanMinParticipants only strangers count, as these are.
    const [fewer] = detectNetworkSchemes(book, { ...NETWORK_DEFAULTS, fanMinParticipants: 6 });
    expect(fewer.reason).toContain("None of the intermediaries");
    expect(detectNetworkSchemes(book, { ...NETWORK_DEFAULTS, networkMinAmount: 30_001 })).toEqual([]);
    expect(detectNetworkSchemes(book, { ...NETWORK_DEFAULTS, networkMaxHoldDays: 0.25 })).toEqual([]);
  });

  it("says which threshold was closest", () => {
    expect(fan(3, 0.9)[0].counterfactual).toBe(
      "It would not have fired with networkPassPercent above 90.00 (now 85), the closest threshold (5.9% away).",
    );
  });
});
