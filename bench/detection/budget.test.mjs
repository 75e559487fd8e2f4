import { describe, expect, it } from "vitest";
import { keptScores } from "./budget.mjs";
import { participantWeight } from "./pool.mjs";

const row = (holder, ruleIds, risk) => ({ holder, alert: { ruleIds, risk } });

describe("the budget above a run's alert score", () => {
  it("keeps each holder's best score, a reporting rule or an unscored alert at any score", () => {
    const kept = keptScores({
      alerts: [
        row("a", ["AML-FNI-016"], { score: 81.6 }),
        row("a", ["AML-FNI-016"], { score: 96 }),
        row("b", ["AML-LCT-001"], { score: 50 }),
        row("c", ["x"], null),
      ],
    });
    expect(kept.get("a").score).toBe(96);
    expect(kept.get("b").score).toBe(Number.POSITIVE_INFINITY);
    expect(kept.get("c").score).toBe(Number.POSITIVE_INFINITY);
  });

  it("re-weighs a scheme participant from its principal's prior and its share", () => {
    const scheme = { key: "k", principal: "hub", participants: [{}, {}, {}] };
    const alert = (holder, share, prior) => ({
      holder,
      alert: {
        entityId: holder,
        ruleIds: ["AML-FNI-016"],
        detail: { share, scheme },
        risk: { score: 100 * prior, reasons: [{ prior }] },
      },
    });
    const kept = keptScores({
      alerts: [alert("hub", 1, 0.96), alert("f1", 0.5, 0.9), alert("f2", 0.01, 0.9)],
    });
    expect(kept.get("hub").score).toBeCloseTo(96);
    // half the hub's money beside one other feeder: a whole participant, whatever the dump kept
    expect(kept.get("f1").score).toBeCloseTo(96);
    expect(kept.get("f2").score).toBeCloseTo(96 * participantWeight(false, 0.01, 2));
  });
});
