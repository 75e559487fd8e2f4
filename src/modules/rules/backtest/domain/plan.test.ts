import { describe, expect, it } from "vitest";
import { defaultContent } from "../../domain/defaults";
import { amlBuiltinPlan, fraudBuiltinsNotBacktested } from "./plan";

const ctx = { entityType: "customer" as const, hasHighRiskCountries: false, hasHomeCountry: true };

describe("AML built-in plan", () => {
  it("groups enabled rules by the thresholds they read; a per-rule override gets its own group", () => {
    const content = defaultContent("aml");
    const one = amlBuiltinPlan(content, ctx);
    expect(one.groups).toHaveLength(1);
    expect(one.skipped.map((s) => s.ruleId)).toContain("AML-GEO-006");
    content.builtins["AML-LCT-001"] = {
      ...content.builtins["AML-LCT-001"],
      parameters: { largeCashAmount: 10_000 },
    };
    content.builtins["AML-VEL-004"] = { ...content.builtins["AML-VEL-004"], enabled: false };
    const two = amlBuiltinPlan(content, ctx);
    expect(two.groups).toHaveLength(2);
    const own = two.groups.find((g) => g.ruleIds.includes("AML-LCT-001"))!;
    expect(own.ruleIds).toEqual(["AML-LCT-001"]);
    expect(own.thresholds.largeCashAmount).toBe(10_000);
    expect(two.groups.flatMap((g) => g.ruleIds)).not.toContain("AML-VEL-004");
  });

  it("says which fraud signals the draft changes (they are not backtested)", () => {
    const live = defaultContent("fraud");
    const draft = defaultContent("fraud");
    draft.builtins.round_amounts = { ...draft.builtins.round_amounts, enabled: false };
    const skipped = fraudBuiltinsNotBacktested(live, draft);
    expect(skipped.find((s) => s.ruleId === "round_amounts")?.reason).toContain("the draft changes");
    expect(skipped.find((s) => s.ruleId === "velocity_count")?.reason).not.toContain("the draft changes");
  });
});
