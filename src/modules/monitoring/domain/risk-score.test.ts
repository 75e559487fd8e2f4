import { describe, expect, it } from "vitest";
import {
  alertScoreOf,
  DEFAULT_ALERT_SCORE,
  FULL_SHARE,
  IMMEDIATE_LOSS_RULES,
  PERIPHERAL_WEIGHT,
  participantScore,
  participantWeight,
  priorOf,
  RULE_PRIORS,
  raisesAlert,
  riskScore,
  SEVERITY_PRIORS,
  SHARED_EVIDENCE,
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

  it("counts rules that read the same movements once, at the stronger, and still corroborates with others", () => {
    const structuring = fired("AML-STR-002", "high");
    const underThreshold = fired("just_under_threshold", "medium", "fraud");
    expect(SHARED_EVIDENCE.some((g) => g.has("AML-STR-002") && g.has("just_under_threshold"))).toBe(true);
    const stronger = Math.max(RULE_PRIORS["AML-STR-002"]!, RULE_PRIORS.just_under_threshold!);
    const both = riskScore([underThreshold, structuring]);
    expect(both.score).toBeCloseTo(100 * stronger, 2);
    // An agent's float just under the threshold, read by both, stays under the default alert score.
    expect(raisesAlert(both.score, DEFAULT_ALERT_SCORE)).toBe(false);
    // A rule reading other movements still adds to it as independent evidence.
    const withOther = riskScore([underThreshold, structuring, fired("AML-RMF-003", "high")]);
    const other = RULE_PRIORS["AML-RMF-003"]!;
    expect(withOther.score).toBeCloseTo(100 * (1 - (1 - stronger) * (1 - other)), 2);
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

  it("raises an account takeover alone at the default, not its look-alike signals", () => {
    // new_payee_drain's measured prior is below what raises alone; its floor lifts it there.
    expect(RULE_PRIORS.new_payee_drain!).toBeLessThan(DEFAULT_ALERT_SCORE / 100);
    expect(IMMEDIATE_LOSS_RULES.has("new_payee_drain")).toBe(true);
    const drain = riskScore([fired("new_payee_drain", "high", "fraud")]).score;
    expect(raisesAlert(drain, alertScoreOf({}))).toBe(true);
    // the floor is only the default's: a higher alert score holds it back again ...
    expect(raisesAlert(drain, 90)).toBe(false);
    // ... and so does the tenant's weight below 1
    const damped = riskScore([fired("new_payee_drain", "high", "fraud", 0.9)]).score;
    expect(damped).toBeCloseTo(0.9 * DEFAULT_ALERT_SCORE, 2);
    expect(raisesAlert(damped, alertScoreOf({}))).toBe(false);
    // a pass-through signal with as low a measured prior is not floored (no immediate loss)
    expect(IMMEDIATE_LOSS_RULES.has("rapid_pass_through")).toBe(false);
    expect(
      raisesAlert(riskScore([fired("rapid_pass_through", "high", "fraud")]).score, alertScoreOf({})),
    ).toBe(false);
  });
});

describe("a scheme participant's score", () => {
  const scheme = fired("AML-FNI-016", "high");
  const prior = RULE_PRIORS["AML-FNI-016"]!;

  it("keeps the scheme's prior for the principal and for a participant carrying its even share", () => {
    expect(participantWeight(true, 0)).toBe(1);
    expect(participantWeight(false, FULL_SHARE)).toBe(1);
    expect(participantWeight(false, 1)).toBe(1);
    // nine feeders each carrying a ninth of the hub's money are whole participants
    expect(participantWeight(false, 1 / 9, 9)).toBe(1);
    expect(participantScore(scheme, { principal: true, share: 0.01 }).score).toBeCloseTo(100 * prior, 2);
    expect(participantScore(scheme, { principal: false, share: 0.9 }).score).toBeCloseTo(100 * prior, 2);
  });

  it("falls with a feeder's share of its even split down to the peripheral weight", () => {
    expect(participantWeight(false, 0, 9)).toBe(PERIPHERAL_WEIGHT);
    expect(participantWeight(false, FULL_SHARE / 2)).toBeCloseTo((1 + PERIPHERAL_WEIGHT) / 2, 10);
    // a trickle beside nine others: 1% of the hub's money, a tenth of an even split
    expect(participantWeight(false, 0.01, 10)).toBeCloseTo(
      PERIPHERAL_WEIGHT + (1 - PERIPHERAL_WEIGHT) * 0.2,
      10,
    );
    const trickle = participantScore(scheme, { principal: false, share: 0.01, others: 10 }).score;
    const feeder = participantScore(scheme, { principal: false, share: 0.03, others: 10 }).score;
    const hub = participantScore(scheme, { principal: true, share: 1, others: 10 }).score;
    expect(trickle).toBeLessThan(feeder);
    expect(feeder).toBeLessThan(hub);
    // a budget between them drops the trickle first
    expect(raisesAlert(trickle, (trickle + feeder) / 2)).toBe(false);
    expect(raisesAlert(feeder, (trickle + feeder) / 2)).toBe(true);
  });

  it("still raises every participant of every network rule alone at the default", () => {
    for (const id of [
      "AML-FNO-017",
      "AML-SGA-013",
      "AML-GSC-014",
      "AML-CYC-012",
      "AML-LAY-015",
      "AML-FNI-016",
      "AML-SMF-018",
    ]) {
      const least = participantScore(fired(id, "high"), { principal: false, share: 0 }).score;
      expect(raisesAlert(least, DEFAULT_ALERT_SCORE), id).toBe(true);
    }
  });

  it("counts the participant's own rules beside the scheme's, and the rule set's weight", () => {
    const own = [fired("AML-FIN-008", "medium")];
    const alone = participantScore(scheme, { principal: false, share: 0 }).score;
    const withOwn = participantScore(scheme, { principal: false, share: 0 }, own).score;
    const p = prior * PERIPHERAL_WEIGHT;
    expect(alone).toBeCloseTo(100 * p, 2);
    expect(withOwn).toBeCloseTo(100 * (1 - (1 - p) * (1 - RULE_PRIORS["AML-FIN-008"]!)), 2);
    const halved = participantScore(fired("AML-FNI-016", "high", "aml", 0.5), { principal: false, share: 0 });
    expect(halved.score).toBeCloseTo(100 * prior * 0.5 * PERIPHERAL_WEIGHT, 2);
  });
});
