import { describe, expect, it } from "vitest";
import { detectNetworkSchemes } from "./detect";
import {
  Book,
  background,
  collectorSusu,
  familySupport,
  marketTrader,
  mulberry32,
  payroll,
  plantCycle,
  plantGatherScatter,
  plantLayering,
  plantScatterGather,
  type Rng,
  rotatingSusu,
  seasonal,
  shuffled,
  uniform,
} from "./fixtures";
import { NETWORK_DEFAULTS, NETWORK_TYPOLOGY_RULES, type SchemeHit } from "./types";

const SEEDS = Array.from({ length: 40 }, (_, i) => i + 1);

const LOOK_ALIKES: Record<string, (book: Book, rng: Rng, p: string, start: number) => string[]> = {
  "rotating susu": rotatingSusu,
  "collector susu": collectorSusu,
  payroll,
  "market trader": marketTrader,
  "family support": (book, _rng, p, start) => familySupport(book, p, 3000, start),
  "seasonal business": seasonal,
};

/** Every look-alike and every planted scheme in one book, 400 background transfers around them. */
function mixed(seed: number) {
  const rng = mulberry32(seed);
  const book = new Book(`mx${seed}`);
  const legit = new Set<string>();
  Object.entries(LOOK_ALIKES).forEach(([, make], i) => {
    for (const h of make(book, rng, `L${i}`, i * 10)) legit.add(h);
  });
  const c3 = plantCycle(book, rng, "C3", 3, 5);
  const c6 = plantCycle(book, rng, "C6", 6, 40);
  const sg = plantScatterGather(book, rng, "SG", 15);
  const gs = plantGatherScatter(book, rng, "GS", 25);
  const ly = plantLayering(book, rng, "LY", 30);
  background(book, rng, 300, 400, 120);
  return { book, legit, c3, c6, sg, gs, ly };
}

const summary = (hits: SchemeHit[]) =>
  hits.map((h) => `${h.typology} ${h.participants.map((p) => `${p.holderId}:${p.role}`).join(" ")}`);

describe("legitimate look-alikes do not fire", () => {
  it.each(Object.keys(LOOK_ALIKES))("%s", (name) => {
    for (const seed of SEEDS) {
      const book = new Book(`${seed}`);
      LOOK_ALIKES[name](book, mulberry32(seed), "x", 0);
      expect(detectNetworkSchemes(book, NETWORK_DEFAULTS), `seed ${seed}`).toEqual([]);
    }
  });
});

describe("look-alikes stay quiet when a tenant lowers networkMinAmount", () => {
  it.each([50, 500, 2000])("to %i", (networkMinAmount) => {
    for (const seed of SEEDS.slice(0, 15)) {
      for (const [name, make] of Object.entries(LOOK_ALIKES)) {
        const book = new Book(`${seed}`);
        make(book, mulberry32(seed), "x", 0);
        expect(
          detectNetworkSchemes(book, { ...NETWORK_DEFAULTS, networkMinAmount }),
          `${name} ${seed}`,
        ).toEqual([]);
      }
    }
  });
});

describe("detectNetworkSchemes", () => {
  it("finds each planted scheme once, with its roles, among look-alikes and background", () => {
    for (const seed of SEEDS.slice(0, 15)) {
      const { book, legit, c3, c6, sg, gs, ly } = mixed(seed);
      const hits = detectNetworkSchemes(book, NETWORK_DEFAULTS);
      const planted = hits.filter((h) => !h.principal.startsWith("bg"));
      expect(summary(planted).sort(), `seed ${seed}`).toEqual(
        [
          `cycle ${c3[0]}:origin ${c3
            .slice(1)
            .map((h) => `${h}:intermediary`)
            .join(" ")}`,
          `cycle ${c6[0]}:origin ${c6
            .slice(1)
            .map((h) => `${h}:intermediary`)
            .join(" ")}`,
          `scatter_gather ${sg.source}:source ${sg.mids.map((h) => `${h}:intermediary`).join(" ")} ${sg.sink}:sink`,
          `gather_scatter ${gs.hub}:hub ${gs.sinks.map((h) => `${h}:sink`).join(" ")} ${gs.sources.map((h) => `${h}:source`).join(" ")}`,
          `layering ${ly[0]}:source ${ly[1]}:intermediary ${ly[2]}:intermediary ${ly[3]}:sink`,
        ].sort(),
      );
      for (const h of hits) for (const p of h.participants) expect(legit.has(p.holderId)).toBe(false);
    }
  });

  it("finds the planted schemes when their holders also have pay, cash-outs and family", () => {
    const found: Record<string, number> = {};
    for (const seed of SEEDS) {
      const { book, c3, c6, sg, gs, ly } = mixed(seed);
      const rng = mulberry32(seed + 500);
      const holders = [
        ...c3,
        ...c6,
        sg.source,
        ...sg.mids,
        sg.sink,
        gs.hub,
        ...gs.sources,
        ...gs.sinks,
        ...ly,
      ];
      for (const h of holders) {
        const pay = uniform(rng, 3000, 15_000);
        for (let month = 0; month < 3; month++) {
          const day = month * 30 + uniform(rng, 0, 30);
          book.pay(`employer${Math.floor(rng() * 5)}`, h, pay, day);
          book.ext(h, "out", "cash", pay * uniform(rng, 0.2, 0.6), day + uniform(rng, 0, 10));
          book.pay(
            h,
            `family${Math.floor(rng() * 50)}`,
            pay * uniform(rng, 0.05, 0.15),
            day + uniform(rng, 0, 10),
          );
        }
      }
      for (const h of detectNetworkSchemes(book, NETWORK_DEFAULTS)) {
        const scheme = h.key.slice(0, h.key.lastIndexOf(":"));
        found[scheme] = (found[scheme] ?? 0) + 1;
        expect(h.principal).not.toMatch(/^(employer|family)/);
      }
    }
    console.log(`network: planted among ordinary lives, ${SEEDS.length} books: ${JSON.stringify(found)}`);
    expect(found["cycle:C3r00"]).toBe(SEEDS.length);
    expect(found["cycle:C6r00"]).toBe(SEEDS.length);
    expect(found["scatter_gather:SGsrc"]).toBe(SEEDS.length);
    expect(found["layering:LYc00"]).toBe(SEEDS.length);
    expect(found["gather_scatter:GShub"]).toBeGreaterThanOrEqual(SEEDS.length * 0.85);
  });

  it("gives the same hits whatever the order of the input", () => {
    for (const seed of SEEDS.slice(0, 8)) {
      const { book } = mixed(seed);
      const rng = mulberry32(seed * 31);
      const once = detectNetworkSchemes(book, NETWORK_DEFAULTS);
      const again = detectNetworkSchemes(
        { transfers: shuffled(book.transfers, rng), external: shuffled(book.external, rng) },
        NETWORK_DEFAULTS,
      );
      expect(again).toEqual(once);
      expect(once.map((h) => h.key)).toEqual(once.map((h) => h.key).sort());
    }
  });

  it("keeps an existing hit's key when later transfers arrive", () => {
    for (const seed of SEEDS.slice(0, 8)) {
      const { book } = mixed(seed);
      const before = detectNetworkSchemes(book, NETWORK_DEFAULTS);
      const rng = mulberry32(seed + 1000);
      const last = Math.max(...before.map((h) => Date.parse(h.lastAt)));
      const later = new Book(`later${seed}`);
      const offset = (last - Date.parse("2026-01-05T08:00:00.000Z")) / 86_400_000 + 1;
      background(later, rng, 300, 400, 60);
      plantCycle(later, rng, "C3", 3, 10); // the same ring again, later
      for (const t of later.transfers) t.at = new Date(Date.parse(t.at) + offset * 86_400_000).toISOString();
      const after = detectNetworkSchemes(
        { transfers: [...book.transfers, ...later.transfers], external: book.external },
        NETWORK_DEFAULTS,
      );
      const keys = new Set(after.map((h) => h.key));
      for (const h of before) expect(keys.has(h.key), h.key).toBe(true);
    }
  });

  it("lists the principal first, then each holder once; sorted transfer ids between participants", () => {
    for (const seed of SEEDS.slice(0, 8)) {
      const { book } = mixed(seed);
      const byId = new Map(book.transfers.map((t) => [t.id, t]));
      for (const h of detectNetworkSchemes(book, NETWORK_DEFAULTS)) {
        const ids = h.participants.map((p) => p.holderId);
        expect(ids[0]).toBe(h.principal);
        expect(ids.slice(1)).toEqual([...ids.slice(1)].sort());
        expect(new Set(ids).size).toBe(ids.length);
        expect(h.transferIds).toEqual([...h.transferIds].sort());
        for (const id of h.transferIds) {
          const t = byId.get(id)!;
          expect(ids.includes(t.from) && ids.includes(t.to), `${h.key} ${id}`).toBe(true);
        }
        expect(h.key.startsWith(`${h.typology}:${h.principal}:`)).toBe(true);
        expect(h.firstAt <= h.lastAt).toBe(true);
      }
    }
  });

  it("maps each typology to its catalog rule", () => {
    expect(NETWORK_TYPOLOGY_RULES).toEqual({
      cycle: "AML-CYC-012",
      scatter_gather: "AML-SGA-013",
      gather_scatter: "AML-GSC-014",
      layering: "AML-LAY-015",
    });
  });

  it("finds next to nothing in random transfers (chance alone)", () => {
    // Speed is bench/monitoring.mjs's (network scan figures), not a timed test's.
    const book = new Book("bg");
    background(book, mulberry32(7), 5_000, 50_000);
    const hits = detectNetworkSchemes(book, NETWORK_DEFAULTS);
    // Chance alone, in random data: about 0.5 per 1,000 holders.
    expect(hits.length).toBeLessThan(25);
  });
});
