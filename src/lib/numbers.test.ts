import { describe, expect, it } from "vitest";
import { clamp, round1, round2, round4, roundTo } from "./numbers";

describe("roundTo: half away from zero on the decimal value", () => {
  it("rounds the halves that binary floats store just below", () => {
    // 1.005 is stored as 1.00499999999999989..., 2.675 as 2.67499999999999982...
    expect(round2(1.005)).toBe(1.01);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round1(0.15)).toBe(0.2);
    expect(round4(1.00005)).toBe(1.0001);
  });

  it("leaves values that are not halves where ordinary rounding puts them", () => {
    for (const x of [0, 1, 1.004, 1.006, 123456.789, -0.001, 99.994999]) {
      expect(round2(x)).toBe(Math.sign(x) * (Math.round(Math.abs(x) * 100) / 100) || 0);
    }
    expect(Object.is(round2(-0.001), 0)).toBe(true);
  });

  it("passes non-finite values through and clamps into a range", () => {
    expect(roundTo(Number.POSITIVE_INFINITY, 2)).toBe(Number.POSITIVE_INFINITY);
    expect(Number.isNaN(roundTo(Number.NaN, 2))).toBe(true);
    expect(clamp(120)).toBe(100);
    expect(clamp(-3)).toBe(0);
    expect(clamp(5, 10, 20)).toBe(10);
  });
});
