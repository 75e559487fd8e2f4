import { describe, expect, it } from "vitest";
import { keptScores } from "./budget.mjs";

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
});
