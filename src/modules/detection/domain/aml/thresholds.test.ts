import { describe, expect, it } from "vitest";
import { DEFAULT_THRESHOLDS, mergeThresholds, validateThresholds } from "./thresholds";

describe("thresholds", () => {
  it("defaults follow the contract", () => {
    expect(DEFAULT_THRESHOLDS).toMatchObject({
      largeCashAmount: 50_000,
      structuringBandPercent: 10,
      structuringMinCount: 3,
      structuringWindowDays: 7,
    });
  });
  it("reports unknown names and bad values, one detail each", () => {
    const problems = validateThresholds({
      nope: 1,
      largeCashAmount: -5,
      structuringMinCount: 2.5,
      velocityWindowHours: "24",
    });
    expect(problems.map((p) => p.path).sort()).toEqual([
      "thresholds.largeCashAmount",
      "thresholds.nope",
      "thresholds.structuringMinCount",
      "thresholds.velocityWindowHours",
    ]);
    expect(validateThresholds({ largeCashAmount: 1000.005 })).toHaveLength(1);
    expect(validateThresholds({ largeCashAmount: 20_000, structuringMinCount: 4 })).toEqual([]);
  });
  it("layers defaults, tenant values and trial values", () => {
    const t = mergeThresholds({ largeCashAmount: 20_000 }, { structuringMinCount: 5 });
    expect(t.largeCashAmount).toBe(20_000);
    expect(t.structuringMinCount).toBe(5);
    expect(t.structuringWindowDays).toBe(7);
  });
});
