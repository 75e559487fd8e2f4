import { describe, expect, it } from "vitest";
import { combineOutcomes, customOutcome } from "./custom-outcomes";
import type { RuleOutcome } from "./evaluate";

const at = "2026-11-24T00:00:00.000Z";
const builtin = (ruleId: string, triggered: boolean): RuleOutcome => ({
  ruleId,
  ruleName: ruleId,
  triggered,
  riskLevel: "medium",
  evidence: [],
  explanation: `${ruleId} explained.`,
  counterfactual: null,
  triggeredAt: triggered ? at : null,
});
const custom = (ruleId: string, fired: boolean) => ({
  ruleId,
  name: ruleId,
  fired,
  severity: "high" as const,
  score: 10,
  reason: "why",
  counterfactual: "would not fire if",
  evidence: [],
});

describe("combineOutcomes", () => {
  it("orders built-ins by the catalog, appends custom rules, and moves allowlisted hits aside", () => {
    const { outcomes, suppressedRules } = combineOutcomes({
      builtin: [builtin("B", true), builtin("A", true), builtin("C", false)],
      custom: [custom("X", true), custom("Y", false)],
      catalogOrder: ["A", "B", "C"],
      at,
      allowlisted: (ruleId) => ruleId === "B" || ruleId === "C" || ruleId === "X",
    });
    // C is allowlisted but did not fire: it stays (nothing to suppress).
    expect(outcomes.map((o) => [o.ruleId, o.source])).toEqual([
      ["A", "builtin"],
      ["C", "builtin"],
      ["Y", "custom"],
    ]);
    expect(suppressedRules.map((s) => s.ruleId)).toEqual(["B", "X"]);
    expect(suppressedRules[0].explanation).toBe(
      "B explained. Suppressed: the entity is on an allowlist for this rule.",
    );
    expect(outcomes[2]).toEqual({ ...customOutcome(custom("Y", false), at), source: "custom" });
  });
});
