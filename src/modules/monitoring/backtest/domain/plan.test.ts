import { describe, expect, it } from "vitest";
import { SIGNALS } from "../../../detection/domain/fraud/catalog";
import { defaultContent } from "../../../rules/domain/defaults";
import { amlBuiltinPlan, fraudBuiltinPlan } from "./plan";

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

  it("runs the fraud signals either version enables that apply to the entity type", () => {
    const live = defaultContent("fraud");
    const draft = defaultContent("fraud");
    draft.builtins.round_amounts = { ...draft.builtins.round_amounts, enabled: false };
    const enabled = SIGNALS.filter((s) => s.isEnabled).map((s) => s.signalId);
    // Disabled by the draft only: still run (it may be no longer hit).
    expect(fraudBuiltinPlan(live, draft, "customer").ids).toEqual(enabled);
    live.builtins.round_amounts = draft.builtins.round_amounts;
    expect(fraudBuiltinPlan(live, draft, "customer").ids).not.toContain("round_amounts");
    const counterparty = fraudBuiltinPlan(live, draft, "counterparty");
    expect(counterparty.ids).toEqual([]);
    expect(counterparty.skipped).toHaveLength(enabled.length - 1);
  });
});
