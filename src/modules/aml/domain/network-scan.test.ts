import { describe, expect, it } from "vitest";
import { drain, drainSliced, type Sliced } from "../../../lib/slices";
import { mergeThresholds } from "../../detection/domain/aml/thresholds";
import { networkSchemeSteps } from "./network/detect";
import {
  Book,
  background,
  mulberry32,
  plantCycle,
  plantGatherScatter,
  plantLayering,
} from "./network/fixtures";
import { NETWORK_DEFAULTS } from "./network/types";
import { holderTransfers } from "./network-input";
import { scanSteps } from "./network-scan";

/** A random book with planted schemes, as the legs a scan reads (both sides of each transfer). */
function book() {
  const b = new Book("s");
  const rng = mulberry32(11);
  background(b, rng, 1_000, 8_000, 120);
  plantCycle(b, rng, "c", 4, 10);
  plantGatherScatter(b, rng, "g", 30);
  plantLayering(b, rng, "l", 60);
  const legs = b.transfers.flatMap((t) => [
    {
      id: `${t.id}d`,
      customerId: t.from,
      type: "debit" as const,
      amountMinor: t.amountMinor,
      at: t.at,
      counterpartyAccount: `a-${t.to}`,
    },
    {
      id: `${t.id}c`,
      customerId: t.to,
      type: "credit" as const,
      amountMinor: t.amountMinor,
      at: t.at,
      counterpartyAccount: `a-${t.from}`,
    },
  ]);
  const holderOf = new Map(
    [...new Set(b.transfers.flatMap((t) => [t.from, t.to]))].map((h) => [`a-${h}`, h] as const),
  );
  return { b, legs, holderOf };
}

/** Steps a pass takes, and its value. */
function count<T>(work: Sliced<T>): { steps: number; value: T } {
  let steps = 0;
  for (;;) {
    const step = work.next();
    steps++;
    if (step.done) return { steps, value: step.value };
  }
}

describe("the network scan in steps", () => {
  const { b, legs, holderOf } = book();
  const thresholds = mergeThresholds();
  const groups = [
    { typologies: ["cycle", "gather_scatter", "layering", "fan_in", "fan_out"] as const, thresholds },
  ];

  it("takes many steps over 16,000 legs and finds what the passes find one after another", () => {
    const { steps, value } = count(
      scanSteps(
        legs,
        holderOf,
        groups.map((g) => ({ ...g, typologies: [...g.typologies] })),
        0,
      ),
    );
    expect(steps).toBeGreaterThan(20);
    // Both legs of each transfer pair into one transfer, so the typologies see the book itself.
    expect(value.view.transfers).toHaveLength(holderTransfers(legs, holderOf).length);
    expect(value.view.transfers).toHaveLength(b.transfers.length);
    const shapes = drain(
      networkSchemeSteps(value.view, {
        networkMinAmount: thresholds.networkMinAmount!,
        networkBurstDays: thresholds.networkBurstDays!,
        networkMaxHoldDays: thresholds.networkMaxHoldDays!,
        networkPassPercent: thresholds.networkPassPercent!,
        cycleMaxHops: thresholds.cycleMaxHops!,
        fanMinParticipants: thresholds.fanMinParticipants!,
      }),
    );
    expect(value.hits.filter((h) => h.typology !== "fan_in" && h.typology !== "fan_out")).toEqual(
      shapes.filter((h) => h.typology !== "scatter_gather"),
    );
    // The planted schemes are among them.
    expect(value.hits.map((h) => h.typology)).toEqual(
      expect.arrayContaining(["cycle", "gather_scatter", "layering"]),
    );
  });

  it("lets a timer run between its steps when drained with yields, with the same hits", async () => {
    let fired = -1;
    let steps = 0;
    function* watched(): Sliced<unknown> {
      const work = networkSchemeSteps(b, NETWORK_DEFAULTS);
      for (;;) {
        const step = work.next();
        steps++;
        if (step.done) return step.value;
        yield;
      }
    }
    setTimeout(() => {
      fired = steps;
    }, 0);
    const hits = await drainSliced(watched());
    expect(fired).toBeGreaterThan(0);
    expect(fired).toBeLessThan(steps);
    expect(hits).toEqual(drain(networkSchemeSteps(b, NETWORK_DEFAULTS)));
  });
});
