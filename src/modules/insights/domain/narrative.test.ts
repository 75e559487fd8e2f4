import { describe, expect, it } from "vitest";
import { type NarrativeInput, portfolioNarrative } from "./narrative";

const input: NarrativeInput = {
  month: "2026-03",
  currency: "GHS",
  mrr: "2100.00",
  growthPercent: -4.5,
  quickRatio: 0.4,
  netRetentionPercent: 91.2,
  revenueHealth: "declining",
  activeCustomers: 3,
  top10SharePercent: 100,
  hhi: 3750,
  concentrationLevel: "high",
  topVertical: { key: "retail", sharePercent: 75 },
  topCountry: { key: "GH", sharePercent: 85 },
  customersAnalysed: 10,
  under3Months: 2,
  under6Months: 4,
  expectedDepletedIn6Months: 3.04,
};

describe("portfolio narrative", () => {
  it("fills fixed sentences with the numbers and raises the threshold insights", () => {
    const n = portfolioNarrative(input);
    expect(n.headline).toBe(
      "2026-03: revenue health declining, concentration high, 2 customers under 3 months of runway",
    );
    expect(n.sections[0].content).toBe(
      "In 2026-03 3 customers brought in GHS 2100.00 of inflow, down 4.50% on the month before; the Quick Ratio is 0.40 (inflow gained per unit lost), and net retention is 91.20%. Revenue health: declining.",
    );
    expect(n.sections[2].content).toContain("about 3.0 are expected to run out of cash within 6 months");
    expect(n.keyInsights).toHaveLength(4); // declining, high HHI, one sector >= 50%, >= 10% under 3 months
    expect(n.evidence).toContainEqual({ metric: "quickRatio", value: "0.4" });
    expect(n.evidence).toContainEqual({ metric: "expectedDepletedIn6Months", value: "3" });
  });

  it("says so when nothing crosses a threshold", () => {
    const calm = portfolioNarrative({
      ...input,
      revenueHealth: "healthy",
      concentrationLevel: "unconcentrated",
      topVertical: { key: "retail", sharePercent: 30 },
      under3Months: 0,
      growthPercent: null,
      quickRatio: null,
    });
    expect(calm.keyInsights).toEqual(["No metric crosses a warning threshold this month."]);
    expect(calm.sections[0].content).toContain(
      "there is no previous month to compare with; no inflow was lost",
    );
    expect(calm.evidence).toContainEqual({ metric: "growthPercent", value: null });
  });
});
