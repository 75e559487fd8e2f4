import { describe, expect, it } from "vitest";
import { findCycles } from "./cycles";
import { detectNetworkSchemes } from "./detect";
import { Book, mulberry32, plantCycle } from "./fixtures";
import { FlowIndex } from "./flows";
import { NETWORK_DEFAULTS } from "./types";

const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);

describe("cycles", () => {
  it.each([3, 6])("finds a ring of %i hops run twice as one hit on its first payer", (hops) => {
    for (const seed of SEEDS) {
      const book = new Book(`c${seed}`);
      const ring = plantCycle(book, mulberry32(seed), "r", hops);
      const hits = detectNetworkSchemes(book, NETWORK_DEFAULTS);
      expect(hits).toHaveLength(1);
      const [hit] = hits;
      expect(hit.typology).toBe("cycle");
      expect(hit.key).toBe(`cycle:${ring[0]}:${book.transfers[0].id}`);
      expect(hit.participants).toEqual([
        { holderId: ring[0], role: "origin" },
        ...ring.slice(1).map((holderId) => ({ holderId, role: "intermediary" })),
      ]);
      expect(hit.transferIds).toEqual(book.transfers.map((t) => t.id).sort());
      expect(hit.amountMinor).toBe(5_000_000);
      expect(hit.measures.hops).toBe(hops);
      expect(hit.firstAt).toBe(book.transfers[0].at);
      expect(hit.lastAt).toBe(book.transfers[book.transfers.length - 1].at);
      expect(hit.reason).toMatch(new RegExp(`^50,000\\.00 left ${ring[0]} .* ring of ${hops} hops`));
      expect(hit.counterfactual).toMatch(
        /^It would not have fired with \w+ (above|below) [\d.,]+ \(now [\d.]+\)/,
      );
    }
  });

  it("merges the rotations of a ring that keeps going round into one hit on the first payer", () => {
    const book = new Book("rot");
    for (let k = 0; k < 6; k++) book.pay(`h${(k + 1) % 3}`, `h${(k + 2) % 3}`, 25_000 - 500 * k, 1 + 2 * k);
    const index = new FlowIndex(book.transfers, book.external, NETWORK_DEFAULTS.networkBurstDays);
    const origins = new Set(findCycles(index, NETWORK_DEFAULTS).map((e) => e.principal));
    expect([...origins].sort()).toEqual(["h0", "h1", "h2"]);
    const hits = detectNetworkSchemes(book, NETWORK_DEFAULTS);
    expect(hits.map((h) => [h.key, h.participants.map((p) => p.role).join()])).toEqual([
      ["cycle:h1:rot-t00001", "origin,intermediary,intermediary"],
    ]);
    expect(hits[0].transferIds).toHaveLength(6);
  });

  it("leaves a loan and its repayment (2 hops) alone", () => {
    const book = new Book("loan");
    book.pay("A", "B", 20_000, 0);
    book.pay("B", "A", 20_000, 14);
    expect(detectNetworkSchemes(book, NETWORK_DEFAULTS)).toEqual([]);
  });

  it("needs each hop to pass on the band, within the hold, above the floor, within cycleMaxHops", () => {
    const ring = (amounts: number[], gaps: number[]) => {
      const book = new Book("x");
      let day = 0;
      amounts.forEach((a, i) => {
        book.pay(`h${i}`, `h${(i + 1) % amounts.length}`, a, day);
        day += gaps[i] ?? 1;
      });
      return detectNetworkSchemes(book, NETWORK_DEFAULTS).filter((h) => h.typology === "cycle");
    };
    expect(ring([25_000, 24_000, 23_000], [1, 1])).toHaveLength(1);
    expect(ring([25_000, 20_000, 19_000], [1, 1])).toEqual([]); // 80% at h1
    expect(ring([25_000, 24_000, 23_000], [1, 22])).toEqual([]); // h2 held 22 days
    expect(ring([4_900, 4_800, 4_700], [1, 1])).toEqual([]); // below networkMinAmount
    // An AMLSim-style ring of 10 members (the simulator's largest) is found; 11 hops is over.
    const hops = (n: number) => Array.from({ length: n }, (_, i) => 25_000 - 100 * i);
    expect(ring(hops(10), Array(9).fill(1))).toHaveLength(1);
    expect(ring(hops(11), Array(10).fill(1))).toEqual([]);
    const seven = (cycleMaxHops: number) =>
      detectNetworkSchemes(
        (() => {
          const b = new Book("y");
          for (let i = 0; i < 7; i++) b.pay(`h${i}`, `h${(i + 1) % 7}`, 25_000, i);
          return b;
        })(),
        { ...NETWORK_DEFAULTS, cycleMaxHops },
      ).map((h) => h.typology);
    expect(seven(7)).toEqual(["cycle"]);
    expect(seven(6)).toEqual(["layering"]); // too long for a ring: a chain
  });
});
