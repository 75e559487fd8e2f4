import { describe, expect, it } from "vitest";
import { RUN_ID_COUNTER_BITS, runIds } from "./run-ids";

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("runIds", () => {
  const at = new Date("2026-12-07T08:00:00.123Z");

  it("gives version 7 UUIDs whose first 48 bits are the run's millisecond", () => {
    const next = runIds(at);
    for (let i = 0; i < 3; i++) {
      const id = next();
      expect(id).toMatch(V7);
      expect(Number.parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(at.getTime());
    }
  });

  it("increases in the order asked for, across every byte the counter spans", () => {
    const next = runIds(at);
    // 20,000 ids carry the counter through bytes 9, 8 and 7 (256, 16,384).
    const ids = Array.from({ length: 20_000 }, () => next());
    expect(ids.every((id, i) => i === 0 || (ids[i - 1] as string) < id)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps the last 48 bits random, so two runs of one millisecond differ", () => {
    const a = runIds(at, () => new Uint8Array(6).fill(1))();
    const b = runIds(at, () => new Uint8Array(6).fill(2))();
    expect(a.slice(0, 24)).toBe(b.slice(0, 24));
    expect(a.slice(24)).toBe("010101010101");
    expect(b.slice(24)).toBe("020202020202");
    const real = new Set(Array.from({ length: 100 }, () => runIds(at)()));
    expect(real.size).toBe(100);
  });

  it("refuses more ids than the counter holds instead of repeating one", () => {
    const next = runIds(at, () => new Uint8Array(6), 2 ** RUN_ID_COUNTER_BITS - 2);
    const [a, b] = [next(), next()];
    expect([a.slice(14, 23), b.slice(14, 23)]).toEqual(["7fff-bffe", "7fff-bfff"]);
    expect(() => next()).toThrow(RangeError);
  });
});
