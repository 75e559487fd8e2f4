import { describe, expect, it } from "vitest";
import { featuresFromRows } from "./feature-rows";
import { emptyFeatures } from "./features";

const aggregate = {
  tx_count: 3,
  volume: 900,
  max_cash: 500,
  large_cash_count: 1,
  cash_volume: 700,
  profile_cash: 0,
  profile_volume: 0,
  prior_cash: 0,
  prior_volume: 0,
  geo_count: 1,
  geo_volume: 200,
  geo_countries: "KP,IR",
  round_eligible: 2,
  round_count: 1,
  fan_in: 2,
  fan_in_volume: 400,
  fan_out: 1,
  fan_out_volume: 100,
  fan_in_prior: 1,
  fan_out_prior: 0,
  xb_max: null,
  xb_count: 0,
  xb_countries: null,
  declared: "retail",
};

describe("featuresFromRows", () => {
  it("lays every family onto the entity the aggregates named, and ignores a family row for another", () => {
    const out = featuresFromRows([
      { family: "velocity", entityId: "e1", data: { n: 7, ts: 1_700_000_000 } },
      { family: "aggregates", entityId: "e1", data: aggregate },
      { family: "structuring", entityId: "e1", data: { n: 4, s: 19_000, ts: 1_700_000_000 } },
      {
        family: "rapid",
        entityId: "ghost",
        data: { ratio: 95, credits: 1, forwarded: 1, day: "2026-01-01" },
      },
    ]);
    expect([...out.keys()]).toEqual(["e1"]);
    expect(out.get("e1")).toMatchObject({
      txCount: 3,
      highRiskCountries: ["IR", "KP"],
      crossBorderCountries: [],
      velocityMaxCount: 7,
      velocityWindowStart: new Date(1_700_000_000_000).toISOString(),
      structuringMaxCount: 4,
      structuringSumMinor: 19_000,
      rapidRatioPercent: null,
      declaredBusiness: "retail",
    });
  });

  it("a re-run resets the re-queried families on copies of the base and keeps the rest", () => {
    const base = new Map([
      ["e1", { ...emptyFeatures("e1"), txCount: 3, velocityMaxCount: 9, rapidDay: "2026-01-02" }],
    ]);
    const out = featuresFromRows([], { base, families: ["velocity"] });
    expect(out.get("e1")).toMatchObject({ txCount: 3, velocityMaxCount: 0, rapidDay: "2026-01-02" });
    expect(base.get("e1")?.velocityMaxCount).toBe(9);
  });
});
