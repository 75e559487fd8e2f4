import { describe, expect, it } from "vitest";
import { deferralDelaySeconds, deferralsOf } from "./fairness";

describe("deferral delays", () => {
  it("double from 10 s with each deferral and stop growing at 120 s", () => {
    const none = () => 0;
    expect([0, 1, 2, 3, 4, 5, 40].map((n) => deferralDelaySeconds(n, none))).toEqual([
      10, 20, 40, 80, 120, 120, 120,
    ]);
  });

  it("add up to half again at random, so deferred messages spread out", () => {
    expect(deferralDelaySeconds(0, () => 0.999)).toBe(15);
    expect(deferralDelaySeconds(5, () => 0.5)).toBe(150);
  });

  it("read the count a re-sent message carries, treating anything else as none", () => {
    expect(deferralsOf({ type: "aml.backtest", deferrals: 3 })).toBe(3);
    for (const bad of [{}, { deferrals: -1 }, { deferrals: "2" }, { deferrals: 1.5 }, null, "x"])
      expect(deferralsOf(bad)).toBe(0);
  });
});
