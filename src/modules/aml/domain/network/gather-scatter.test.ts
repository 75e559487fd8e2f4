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

describe("a small gather-scatter of strangers", () => {
  const gs = (book: Book) =>
    detectNetworkSchemes(book, NETWORK_DEFAULTS).filter((h) => h.typology === "gather_scatter");
  /** 2 holders pay H 22,000 on days 40-41; H pays 3 others 7,000 each on days 43-45 (95%). */
  const plant = (book: Book, sinks = ["K0", "K1", "K2"]) => {
    book.pay("S0", "H", 12_000, 40);
    book.pay("S1", "H", 10_000, 41);
    sinks.forEach((k, i) => {
      book.pay("H", k, 7_000, 43 + i);
    });
  };
  /** H's normal: its salary from E and its rent to L, a month and more before. */
  const normal = (book: Book) => {
    book.pay("E", "H", 3_000, 0);
    book.pay("H", "L", 1_500, 5);
  };

  it("fires on 2 sources and 3 sinks that deal with the hub at no other time", () => {
    const book = new Book("s");
    normal(book);
    plant(book);
    const hits = gs(book);
    expect(hits).toHaveLength(1);
    expect(hits[0].principal).toBe("H");
    expect(hits[0].measures).toMatchObject({ sources: 2, sinks: 3 });
    expect(hits[0].amountMinor).toBe(2_200_000);
    expect(hits[0].reason).toContain("at any other time");
    expect(hits[0].counterfactual).not.toContain("fanMinParticipants");
  });

  /** 2 strangers pay H 22,000 on days 40-41; H pays 2 others 10,500 each on days 43-44 (95%). */
  const twoAndTwo = (book: Book) => {
    book.pay("S0", "H", 12_000, 40);
    book.pay("S1", "H", 10_000, 41);
    book.pay("H", "K0", 10_500, 43);
    book.pay("H", "K1", 10_500, 44);
  };

  it("fires on 2 sources and 2 sinks (4 in all) whose payouts match what was gathered", () => {
    const book = new Book("s");
    normal(book);
    twoAndTwo(book);
    const [hit, ...rest] = gs(book);
    expect(rest).toEqual([]);
    expect(hit.participants.map((p) => `${p.holderId}:${p.role}`)).toEqual([
      "H:hub",
      "K0:sink",
      "K1:sink",
      "S0:source",
      "S1:source",
    ]);
    expect(hit.measures).toMatchObject({ sources: 2, sinks: 2, passThroughRatio: 0.9545 });
    expect(hit.reason).toContain("at any other time");
    expect(hit.counterfactual).not.toContain("fanMinParticipants");
  });

  it("sets the hub's own business aside: its rent, its pay and its cash in the same days", () => {
    const book = new Book("s");
    normal(book);
    // H pays its landlord and takes its pay as before, and cashes out 30,000 of its own.
    book.pay("H", "L", 14_000, 40.5);
    book.pay("E", "H", 7_400, 42);
    book.ext("H", "out", "cash", 30_000, 42.5);
    twoAndTwo(book);
    expect(gs(book).map((h) => h.measures.sinks)).toEqual([2]);
  });

  it("reads the payouts after the gathering: a stranger paid before the last receipt breaks the match", () => {
    const book = new Book("s");
    normal(book);
    twoAndTwo(book);
    // A third stranger paid 4,000 after the gathering: 25,000 of 22,000 (114%).
    book.pay("H", "K2", 4_000, 42);
    expect(gs(book)).toEqual([]);
  });

  it("is quiet on a chain's hop: one payer's money passed on to one payee, a one-off payment beside it", () => {
    const book = new Book("s");
    normal(book);
    book.pay("A", "H", 80_000, 40);
    book.pay("B", "H", 6_000, 41); // a one-off payer
    book.pay("H", "C", 72_000, 44);
    book.pay("H", "F", 6_000, 45); // a one-off payee: 91% passed on, 92% of it to C
    expect(gs(book)).toEqual([]);
  });

  it("gathers over up to 10 days, not more", () => {
    for (const [day, fires] of [
      [49.5, true],
      [50.5, false],
    ] as const) {
      const book = new Book("s");
      normal(book);
      book.pay("S0", "H", 12_000, 40);
      book.pay("S1", "H", 10_000, day);
      book.pay("H", "K0", 10_500, 52);
      book.pay("H", "K1", 10_500, 53);
      expect(gs(book).length).toBe(fires ? 1 : 0);
    }
  });

  it("is quiet on 2 and 2 when the payouts are under networkPassPercent of what was gathered", () => {
    const book = new Book("s");
    normal(book);
    book.pay("S0", "H", 12_000, 40);
    book.pay("S1", "H", 10_000, 41);
    book.pay("H", "K0", 9_000, 43);
    book.pay("H", "K1", 9_000, 44);
    expect(gs(book)).toEqual([]); // 82%
  });

  it("is quiet on a hub with no other activity", () => {
    const book = new Book("s");
    plant(book);
    expect(gs(book)).toEqual([]);
  });

  it("is quiet when a sink was paid by the hub before", () => {
    const book = new Book("s");
    normal(book);
    book.pay("H", "K1", 2_000, 10);
    plant(book);
    expect(gs(book)).toEqual([]);
  });

  it("is quiet when a source paid the hub before", () => {
    const book = new Book("s");
    normal(book);
    book.pay("S1", "H", 2_000, 10);
    plant(book);
    expect(gs(book)).toEqual([]);
  });

  // With 3 holders it is a gather-scatter of 3 and more, which needs no strangers (unchanged).
  it("is quiet on a payroll employer gathering from 2 holders and paying staff it paid before", () => {
    for (const holders of [2]) {
      const book = new Book("p");
      const staff = ["W0", "W1", "W2", "W3"];
      for (const k of staff) book.pay("H", k, 5_000, 10);
      for (let i = 0; i < holders; i++) book.pay(`S${i}`, "H", 21_000 / holders, 38 + i);
      for (const k of staff) book.pay("H", k, 5_000, 41);
      expect(gs(book)).toEqual([]);
    }
  });

  it("is quiet on a susu pot whose members pay in every week and are paid in turn", () => {
    const book = new Book("u");
    const members = ["M0", "M1", "M2", "M3", "M4"];
    for (let w = 0; w < 5; w++) {
      members.forEach((m, i) => {
        book.pay(m, "P", 6_000, w * 7 + i * 0.1);
      });
      book.pay("P", members[w], 30_000, w * 7 + 2);
    }
    expect(gs(book)).toEqual([]);
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
