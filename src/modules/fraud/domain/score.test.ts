import { describe, expect, it } from "vitest";
import { SIGNALS } from "../../detection/domain/fraud/catalog";
import { evaluateSignals } from "./evaluate";
import { daysAgo, input, NOW, normalActivity, txn } from "./fixtures.test-util";
import { alertSeverity, contribution, overallScore, signalSeverity } from "./score";

describe("score", () => {
  it("is 0 with nothing triggered and stays within 0..100 however many signals trigger", () => {
    expect(overallScore([])).toBe(0);
    expect(overallScore(Array(50).fill(50))).toBeLessThanOrEqual(100);
    expect(overallScore([100, 100])).toBe(100);
    expect(overallScore([-5, 500])).toBe(100);
  });

  it("grows with each extra signal and does not depend on order", () => {
    expect(overallScore([20, 35])).toBeGreaterThan(overallScore([35]));
    expect(overallScore([20, 35, 10])).toBe(overallScore([10, 20, 35]));
  });

  it("weights a contribution by severity, confidence and margin over the threshold", () => {
    expect(contribution("high", 1, 1)).toBe(21);
    expect(contribution("high", 1, 2)).toBe(35);
    expect(contribution("high", 1, 9)).toBe(35);
    expect(contribution("high", 0.5, 2)).toBe(17.5);
    expect(contribution("low", 1, 2)).toBeLessThan(contribution("critical", 1, 2));
  });

  it("raises a signal's severity one level at twice its threshold", () => {
    expect(signalSeverity("medium", 1.5)).toBe("medium");
    expect(signalSeverity("medium", 2)).toBe("high");
    expect(signalSeverity("critical", 5)).toBe("critical");
  });

  it("alert severity is the score band, raised to the highest triggered severity", () => {
    expect(alertSeverity(0, [])).toBe("low");
    expect(alertSeverity(30, [])).toBe("medium");
    expect(alertSeverity(80, ["low"])).toBe("critical");
    expect(alertSeverity(21, ["high"])).toBe("high");
  });
});

describe("evaluation", () => {
  const suspicious = () => [
    ...normalActivity(),
    ...Array.from({ length: 25 }, (_, i) =>
      txn({ at: daysAgo(i % 6), amountMinor: 4_900_000 - i, counterparty: `x-${i}` }),
    ),
  ];

  it("is deterministic for the same data", () => {
    expect(evaluateSignals(input(suspicious()), SIGNALS)).toEqual(
      evaluateSignals(input(suspicious()), SIGNALS),
    );
  });

  it("explains: contributors sorted by contribution, recommendation by severity", () => {
    const r = evaluateSignals(input(suspicious()), SIGNALS);
    expect(r.triggeredSignals.length).toBeGreaterThanOrEqual(3);
    const contributions = r.explainability.topContributors.map((c) => c.contribution);
    expect(contributions).toEqual([...contributions].sort((a, b) => b - a));
    expect(r.overallScore).toBeGreaterThan(50);
    expect(["high", "critical"]).toContain(r.severity);
    expect(r.explainability.recommendation).toMatch(/review/i);
    expect(r.nonTriggeredSignalCount + r.triggeredSignals.length).toBe(SIGNALS.length);
  });

  it("lists quiet signals as mitigating factors", () => {
    const r = evaluateSignals(input(normalActivity()), SIGNALS);
    expect(r.overallScore).toBe(0);
    expect(r.explainability.mitigatingFactors[0]).toMatch(/^Not triggered:/);
    expect(r.explainability.recommendation).toMatch(/no action/i);
    expect(r.windowEnd).toBe(NOW.toISOString());
  });
});
