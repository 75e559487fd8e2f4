import { describe, expect, it } from "vitest";
import { cdf, quantile } from "../../../lib/normal";
import { concentrationLevel, hhi, hhiFromSums, sharePercent } from "./concentration";
import { lastCompleteMonth, monthIndexOf, monthLabel, monthStartIso } from "./months";
import { depletionProbability, expectedRunway, meanAndSd, runwayQuantile, runwayStatus } from "./runway";
import { compoundMonthlyGrowth, type MonthMovements, revenueHealth, saasMetrics } from "./saas";
import { churnCount, project, projectMonths } from "./what-if";

const movements = (m: Partial<MonthMovements>): MonthMovements => ({
  month: 0,
  mrrMinor: 0,
  previousMrrMinor: 0,
  activeCustomers: 0,
  newMinor: 0,
  expansionMinor: 0,
  contractionMinor: 0,
  churnedMinor: 0,
  newCustomers: 0,
  churnedCustomers: 0,
  ...m,
});

describe("months", () => {
  it("indexes, labels and bounds calendar months in UTC", () => {
    const i = monthIndexOf(new Date("2026-03-15T10:00:00Z"));
    expect(monthLabel(i)).toBe("2026-03");
    expect(monthLabel(i - 3)).toBe("2025-12");
    expect(monthStartIso(i + 10)).toBe("2027-01-01T00:00:00.000Z");
    expect(monthLabel(lastCompleteMonth(new Date("2026-01-01T00:00:00Z")))).toBe("2025-12");
  });
});

describe("saas metrics", () => {
  it("computes growth, Quick Ratio and retention from month-over-month movements", () => {
    // 1000 last month: 50 contraction, 150 churned, 100 expansion, 300 new -> 1200 this month
    const m = saasMetrics(
      movements({
        mrrMinor: 1200,
        previousMrrMinor: 1000,
        activeCustomers: 4,
        newMinor: 300,
        expansionMinor: 100,
        contractionMinor: 50,
        churnedMinor: 150,
      }),
    );
    expect(m.growthPercent).toBe(20);
    expect(m.quickRatio).toBe(2);
    expect(m.grossRetentionPercent).toBe(80);
    expect(m.netRetentionPercent).toBe(90);
    expect(m.averageInflowPerCustomerMinor).toBe(300);
    expect(m.revenueHealth).toBe("healthy");
  });

  it("labels health by Quick Ratio bands", () => {
    expect(
      revenueHealth(movements({ mrrMinor: 1, previousMrrMinor: 1, newMinor: 400, contractionMinor: 100 })),
    ).toBe("strong");
    expect(
      revenueHealth(movements({ mrrMinor: 1, previousMrrMinor: 1, newMinor: 60, contractionMinor: 100 })),
    ).toBe("at_risk");
    expect(
      revenueHealth(movements({ mrrMinor: 1, previousMrrMinor: 1, newMinor: 40, churnedMinor: 100 })),
    ).toBe("declining");
    expect(revenueHealth(movements({ mrrMinor: 5, newMinor: 5 }))).toBe("strong");
    expect(revenueHealth(movements({}))).toBe("insufficient_data");
  });

  it("has no ratio or retention without a previous month or without losses", () => {
    const m = saasMetrics(movements({ mrrMinor: 500, newMinor: 500, activeCustomers: 1 }));
    expect(m.growthPercent).toBeNull();
    expect(m.quickRatio).toBeNull();
    expect(m.grossRetentionPercent).toBeNull();
  });

  it("compound monthly growth from the first month with inflow, clamped", () => {
    expect(compoundMonthlyGrowth([100, 110, 121])).toBeCloseTo(0.1, 10);
    expect(compoundMonthlyGrowth([0, 0, 100, 110, 121])).toBeCloseTo(0.1, 10);
    expect(compoundMonthlyGrowth([100])).toBe(0);
    expect(compoundMonthlyGrowth([100, 1000])).toBe(0.5);
    expect(compoundMonthlyGrowth([100, 0])).toBe(-0.5);
  });
});

describe("normal distribution", () => {
  it("matches table values", () => {
    expect(cdf(0)).toBeCloseTo(0.5, 7);
    expect(cdf(1.96)).toBeCloseTo(0.975, 4);
    expect(cdf(-2)).toBeCloseTo(0.02275, 5);
    expect(quantile(0.9)).toBeCloseTo(1.28155, 4);
    expect(quantile(0.1)).toBeCloseTo(-1.28155, 4);
  });
});

describe("runway", () => {
  it("is balance / burn without volatility", () => {
    const s = { balanceMinor: 1000, meanNetMinor: -100, sdNetMinor: 0 };
    expect(expectedRunway(s)).toBe(10);
    expect(runwayQuantile(s, 0.1)).toBe(10);
    expect(depletionProbability(s, 9.9)).toBe(0);
    expect(depletionProbability(s, 10)).toBe(1);
    expect(runwayStatus(s)).toBe("watch");
  });

  it("first-passage probability matches the inverse Gaussian by hand (m = 1, lambda = 1)", () => {
    // B = 100, mu = -100, sigma = 100: F(1) = Phi(0) + e^2 Phi(-2) = 0.5 + 7.38906 * 0.02275 = 0.66810
    expect(depletionProbability({ balanceMinor: 100, meanNetMinor: -100, sdNetMinor: 100 }, 1)).toBeCloseTo(
      0.6681,
      3,
    );
    // no drift: reflection principle, 2 Phi(-B / (sigma sqrt t)) = 2 Phi(-1) = 0.31731
    expect(depletionProbability({ balanceMinor: 100, meanNetMinor: 0, sdNetMinor: 100 }, 1)).toBeCloseTo(
      0.3173,
      3,
    );
  });

  it("stays finite for tiny volatility (no overflow) and orders its quantiles", () => {
    const s = { balanceMinor: 1_000_000, meanNetMinor: -100_000, sdNetMinor: 10 };
    expect(depletionProbability(s, 9.9)).toBeLessThan(0.01);
    expect(depletionProbability(s, 10.1)).toBeGreaterThan(0.99);
    const noisy = { balanceMinor: 600_000, meanNetMinor: -100_000, sdNetMinor: 150_000 };
    const [p10, p50, p90] = [0.1, 0.5, 0.9].map((p) => runwayQuantile(noisy, p) as number);
    expect(p10).toBeLessThan(p50);
    expect(p50).toBeLessThan(p90);
    expect(depletionProbability(noisy, p50)).toBeCloseTo(0.5, 6);
  });

  it("growing customers may never deplete: quantiles beyond the horizon are null", () => {
    const s = { balanceMinor: 100_000, meanNetMinor: 50_000, sdNetMinor: 10_000 };
    expect(runwayQuantile(s, 0.1)).toBeNull();
    expect(runwayStatus(s)).toBe("not_burning");
    expect(runwayStatus({ balanceMinor: 0, meanNetMinor: 1, sdNetMinor: 0 })).toBe("depleted");
    expect(runwayQuantile({ balanceMinor: -5, meanNetMinor: 1, sdNetMinor: 1 }, 0.5)).toBe(0);
  });

  it("mean and sample standard deviation", () => {
    expect(meanAndSd([2, 4, 4, 4, 5, 5, 7, 9])).toEqual({ mean: 5, sd: Math.sqrt(32 / 7) });
    expect(meanAndSd([])).toEqual({ mean: 0, sd: 0 });
  });
});

describe("concentration", () => {
  it("HHI is the sum of squared percentage shares", () => {
    expect(hhi([50, 30, 20])).toBe(3800);
    expect(hhiFromSums(50 * 50 + 50 * 50, 100)).toBe(5000);
    expect(hhi([])).toBe(0);
    expect(sharePercent(1, 3)).toBe(33.33);
    expect(concentrationLevel(3800)).toBe("high");
    expect(concentrationLevel(1500)).toBe("moderate");
    expect(concentrationLevel(1499)).toBe("unconcentrated");
  });
});

describe("what-if projection", () => {
  it("compounds monthly and sums the horizon", () => {
    expect(project({ startMrrMinor: 1000, monthlyGrowthRate: 0.1, horizonMonths: 2 })).toEqual({
      endMrrMinor: 1210,
      cumulativeInflowMinor: 2310,
    });
  });
  it("lists each projected month", () => {
    expect(projectMonths({ startMrrMinor: 1000, monthlyGrowthRate: -0.5, horizonMonths: 3 })).toEqual([
      500, 250, 125,
    ]);
    expect(
      project({ startMrrMinor: 1000, monthlyGrowthRate: 0, horizonMonths: 12 }).cumulativeInflowMinor,
    ).toBe(12_000);
  });
  it("rounds the churn count half up", () => {
    expect(churnCount(10, 25)).toBe(3);
    expect(churnCount(10, 24)).toBe(2);
    expect(churnCount(3, 100)).toBe(3);
    expect(churnCount(0, 50)).toBe(0);
  });
});
