import { describe, expect, it } from "vitest";
import { atScore, holderScores, participantWeight, priorsOf, ruleCounts } from "./pool.mjs";

// A run as loadRun builds it: labels per holder, alerts (one screening each unless shared).
const label = (cls, typology) => (typology ? { class: cls, typology } : { class: cls });
const run = (labels, alerts) => {
  const byRule = new Map();
  for (const { holder, alert } of alerts)
    for (const rule of alert.ruleIds) byRule.set(rule, new Set([...(byRule.get(rule) ?? []), holder]));
  return { name: "t", labels: new Map(Object.entries(labels)), alerts, byRule };
};
const alert = (holder, screeningId, ...ruleIds) => ({
  holder,
  alert: { screeningId, entityType: "customer", entityId: holder, ruleIds },
});

const a = run(
  {
    h1: label("laundering", "fan_in"),
    h2: label("laundering", "fan_in"),
    h3: label("lookalike"),
    h4: label("normal"),
    h5: label("fraud", "account_takeover"),
  },
  [
    alert("h1", "s1", "FAN"),
    alert("h2", "s2", "FAN", "WEAK"),
    alert("h3", "s3", "WEAK"),
    alert("h4", "s4", "WEAK"),
    alert("h4", "s5", "AML-LCT-001"),
  ],
);
const b = run({ g1: label("laundering", "cycle"), g2: label("normal") }, [
  alert("g1", "t1", "FAN"),
  alert("g2", "t2", "WEAK"),
]);

describe("pooling the calibration runs", () => {
  it("counts each rule's holders over all runs and smooths the prior", () => {
    const counts = ruleCounts([a, b]);
    expect(counts.get("FAN")).toEqual({ tp: 3, flagged: 3 });
    expect(counts.get("WEAK")).toEqual({ tp: 1, flagged: 4 });
    const priors = priorsOf(counts);
    expect(priors.get("FAN")).toBeCloseTo(4 / 5);
    expect(priors.get("WEAK")).toBeCloseTo(2 / 6);
  });

  it("scores each holder by its best screening, a reporting rule at any score", () => {
    const priors = priorsOf(ruleCounts([a, b]));
    const scores = holderScores(a, priors);
    expect(scores.get("h1").score).toBeCloseTo(80);
    // two rules in one screening combine as independent evidence
    expect(scores.get("h2").score).toBeCloseTo(100 * (1 - (1 - 4 / 5) * (1 - 2 / 6)));
    expect(scores.get("h4").score).toBe(Number.POSITIVE_INFINITY);
    const at = atScore(a, scores, 50);
    // h1, h2 and the reported h4; not h3 (WEAK alone) nor h5 (never flagged)
    expect(at.flagged).toBe(3);
    expect(at.precision).toBeCloseTo(2 / 3);
    expect(at.recall).toBeCloseTo(2 / 3);
    expect(at.f1).toBeCloseTo((2 * 2) / (3 + 3));
    expect(at.lookalikeShare).toBe(0);
    expect(at.byTypology.fan_in.recall).toBe(1);
    expect(at.byTypology.account_takeover.recall).toBe(0);
    // fan_in has 2 participants: under the 5 the goal counts
    expect(at.minLaunderingRecall).toBeNull();
  });

  it("floors an immediate-loss rule and weighs a scheme participant by its share, as the service", () => {
    const scheme = (holder, share, principal) => ({
      holder,
      alert: {
        screeningId: "n1",
        entityType: "customer",
        entityId: holder,
        ruleIds: ["FAN"],
        detail: { share, scheme: { principal, participants: [{}, {}, {}] } },
      },
    });
    const c = run(
      { hub: label("laundering", "fan_in"), feeder: label("laundering", "fan_in"), v: label("fraud", "ato") },
      [scheme("hub", 1, "hub"), scheme("feeder", 0.02, "hub"), alert("v", "d1", "new_payee_drain")],
    );
    const priors = new Map([
      ["FAN", 0.96],
      ["new_payee_drain", 0.7],
    ]);
    const scores = holderScores(c, priors);
    expect(scores.get("hub").score).toBeCloseTo(96);
    expect(participantWeight(false, 0.02, 2)).toBeLessThan(1);
    expect(scores.get("feeder").score).toBeCloseTo(96 * participantWeight(false, 0.02, 2));
    expect(scores.get("feeder").score).toBeLessThan(scores.get("hub").score);
    expect(scores.get("v").score).toBeCloseTo(80);
    // a budget of 90 keeps the hub, drops the feeder and the takeover
    expect(atScore(c, scores, 90).flagged).toBe(1);
  });
});
