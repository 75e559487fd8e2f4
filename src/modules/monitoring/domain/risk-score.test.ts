import { describe, expect, it } from "vitest";
import {
  alertScoreOf,
  DEFAULT_ALERT_SCORE,
  priorOf,
  RULE_PRIORS,
  raisesAlert,
  riskScore,
  SEVERITY_PRIORS,
} from "./risk-score";

const fired = (ruleId: string, severity = "medium", kind: "fraud" | "aml" = "aml", weight?: number) => ({
  kind,
  ruleId,
  severity,
  weight,
});

describe("subject risk score", () => {
  it("is 0 with nothing fired and raises nothing", () => {
    expect(riskScore([])).toEqual({ score: 0, reasons: [] });
    expect(raisesAlert(0, 0)).toBe(false);
  });

  it("is one rule's prior alone, as points", () => {
    const prior = RULE_PRIORS["AML-FNO-017"]!;
    const { score, reasons } = riskScore([fired("AML-FNO-017")]);
    expect(score).toBeCloseTo(100 * prior, 2);
    expect(reasons).toEqual([{ kind: "aml", ruleId: "AML-FNO-017", prior, points: score }]);
  });

  it("combines rules like independent evidence, in any order, points summing to the score", () => {
    const a = fired("rapid_pass_through", "high", "fraud");
    const b = fired("AML-RMF-003", "high");
    const pa = RULE_PRIORS.rapid_pass_through!;
    const pb = RULE_PRIORS["AML-RMF-003"]!;
    const both = riskScore([a, b]);
    expect(both.score).toBeCloseTo(100 * (1 - (1 - pa) * (1 - pb)), 2);
    expect(riskScore([b, a])).toEqual(both);
    expect(both.reasons.map((r) => r.ruleId)).toEqual(["rapid_pass_through", "AML-RMF-003"]);
    const sum = both.reasons.reduce((s, r) => s + r.points, 0);
    expect(sum).toBeCloseTo(both.score, 1);
    // corroboration: more than either alone
    expect(both.score).toBeGreaterThan(100 * Math.max(pa, pb));
  });

  it("counts a rule fired twice once", () => {
    expect(riskScore([fired("AML-FIN-008"), fired("AML-FIN-008")]).score).toBe(
      riskScore([fired("AML-FIN-008")]).score,
    );
  });

  it("reads an unmeasured rule by its severity and scales by weight, capped below certainty", () => {
    expect(priorOf(fired("my-own-rule", "high"))).toBe(SEVERITY_PRIORS.high);
    expect(priorOf(fired("my-own-rule", "nonsense"))).toBe(SEVERITY_PRIORS.medium);
    expect(priorOf(fired("AML-FIN-008", "medium", "aml", 0.5))).toBeCloseTo(
      RULE_PRIORS["AML-FIN-008"]! / 2,
      5,
    );
    expect(priorOf(fired("AML-FNO-017", "medium", "aml", 3))).toBe(0.99);
    expect(priorOf(fired("AML-FNO-017", "medium", "aml", 0))).toBe(0);
  });

  it("spends the budget only at or above the alert score (the default when none is set)", () => {
    const weak = riskScore([fired("AML-VEL-004")]).score;
    const strong = riskScore([fired("AML-FNO-017")]).score;
    expect(weak).toBeLessThan(DEFAULT_ALERT_SCORE);
    expect(strong).toBeGreaterThanOrEqual(DEFAULT_ALERT_SCORE);
    expect(raisesAlert(weak, alertScoreOf({}))).toBe(false);
    expect(raisesAlert(strong, alertScoreOf({}))).toBe(true);
    expect(raisesAlert(weak, 0)).toBe(true);
    expect(raisesAlert(strong, 100)).toBe(false);
    expect(raisesAlert(strong, strong)).toBe(true);
    // a reporting rule (cash threshold) is raised whatever its score
    expect(raisesAlert(weak, 100, true)).toBe(true);
  });
});
