import { describe, expect, it } from "vitest";
import { detectNetworkSchemes } from "./detect";
import { Book, mulberry32, plantGatherScatter } from "./fixtures";
import { NETWORK_DEFAULTS } from "./types";

const SEEDS = Array.from({ length: 30 }, (_, i) => i + 1);

describe("gather-scatter", () => {
  it("finds 4 sources gathered at a hub and scattered to 4 sinks, and nothing else", () => {
    for (const seed of SEEDS) {
      const book = new Book(`gs${seed}`);
      const { sources, hub, sinks } = plantGatherScatter(book, mulberry32(seed), "p");
      const hits = detectNetworkSchemes(book, NETWORK_DEFAULTS);
      expect(hits.map((h) => h.typology)).toEqual(["gather_scatter"]);
      const [hit] = hits;
      expect(hit.key).toMatch(new RegExp(`^gather_scatter:${hub}:gs${seed}-t000\\d\\d$`));
      expect(hit.participants).toEqual([
        { holderId: hub, role: "hub" },
        ...sinks.map((holderId) => ({ holderId, role: "sink" })),
        ...sources.map((holderId) => ({ holderId, role: "source" })),
      ]);
      const gathered = book.transfers.filter((t) => t.to === hub).reduce((s, t) => s + t.amountMinor, 0);
      expect(hit.amountMinor).toBe(gathered);
      expect(hit.transferIds).toHaveLength(8);
      expect(hit.measures).toMatchObject({ sources: 4, sinks: 4 });
    }
  });

  const hub = (paid: number[], external = 0) => {
    const book = new Book("h");
    [10_000, 12_000, 8_000].forEach((a, i) => {
      book.pay(`S${i}`, "H", a, i);
    });
    paid.forEach((a, i) => {
      book.pay("H", `K${i}`, a, 4 + i);
    });
    if (external) book.ext("H", "out", "cash", external, 5);
    return detectNetworkSchemes(book, NETWORK_DEFAULTS).filter((h) => h.typology === "gather_scatter");
  };

  it("counts payments outside the network towards the sum, not towards the sinks", () => {
    expect(hub([9_000, 9_000, 9_000])).toHaveLength(1);
    expect(hub([7_000, 7_000, 7_000])).toEqual([]); // 70%
    expect(hub([7_000, 7_000, 7_000], 6_000)[0].measures).toMatchObject({ externalOut: 6_000, sinks: 3 });
    expect(hub([13_500, 13_500], 3_000)).toEqual([]); // 2 sinks
    expect(hub([10_000, 10_000, 10_000, 3_000])).toEqual([]); // 110%
  });

  it("needs the sources within a week", () => {
    const book = new Book("w");
    [10_000, 12_000, 8_000].forEach((a, i) => {
      book.pay(`S${i}`, "H", a, i * 4);
    });
    [9_000, 9_000, 9_000].forEach((a, i) => {
      book.pay("H", `K${i}`, a, 10 + i);
    });
    expect(detectNetworkSchemes(book, NETWORK_DEFAULTS)).toEqual([]);
  });
});

describe("gather-scatter on a busy till", () => {
  it("stays fast and quiet on a merchant with 6,000 receipts a month", () => {
    const book = new Book("till");
    const rng = mulberry32(5);
    for (let i = 0; i < 6000; i++)
      book.pay(`c${i % 3000}`, "M", 2_600 + Math.round(rng() * 2_000), rng() * 30);
    for (let w = 0; w < 4; w++)
      for (let k = 0; k < 40; k++) book.pay("M", `s${k}`, 10_000 + k * 50, w * 7 + 6);
    const started = performance.now();
    const hits = detectNetworkSchemes(book, NETWORK_DEFAULTS);
    const ms = performance.now() - started;
    console.log(`network: busy till, 6,160 transfers: ${ms.toFixed(0)} ms, ${hits.length} hits`);
    expect(ms).toBeLessThan(5_000);
  }, 20_000);
});
