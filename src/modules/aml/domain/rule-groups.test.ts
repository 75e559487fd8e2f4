import { describe, expect, it } from "vitest";
import { AML_RULES, ENTITY_RULES } from "../../detection/domain/aml/rules";
import { DEFAULT_THRESHOLDS, mergeThresholds } from "../../detection/domain/aml/thresholds";
import { defaultBuiltins, defaultThresholds } from "../../rules/domain/defaults";
import type { BuiltinConfig } from "../../rules/domain/document";
import { groupRules } from "./rule-groups";

const rules = [...ENTITY_RULES];
const [a, b, c, d] = rules;
const config = (over: Partial<BuiltinConfig> = {}): BuiltinConfig => ({
  enabled: true,
  severity: "high",
  parameters: {},
  weight: 1,
  ...over,
});
const anyThreshold = Object.keys(DEFAULT_THRESHOLDS)[0];

describe("groupRules", () => {
  it("puts rules without parameters of their own in one group over the shared thresholds", () => {
    const shared = { [anyThreshold]: 7 };
    const groups = groupRules([a, b], { [a.ruleId]: config(), [b.ruleId]: config() }, shared, 30);
    expect(groups).toHaveLength(1);
    expect(groups[0].windowDays).toBe(30);
    expect(groups[0].thresholds).toEqual({ ...DEFAULT_THRESHOLDS, [anyThreshold]: 7 });
    expect(groups[0].rules.map((r) => [r.ruleId, r.defaultRiskLevel])).toEqual([
      [a.ruleId, "high"],
      [b.ruleId, "high"],
    ]);
  });

  it("gives a rule with parameters of its own a group, unless they leave the thresholds as shared", () => {
    const shared = mergeThresholds();
    const builtins = {
      [a.ruleId]: config(),
      [b.ruleId]: config({ parameters: { [anyThreshold]: shared[anyThreshold] + 1 } }),
      [c.ruleId]: config({ parameters: { [anyThreshold]: shared[anyThreshold] } }),
      [d.ruleId]: config({ parameters: { [anyThreshold]: shared[anyThreshold] + 1 } }),
    };
    const groups = groupRules([a, b, c, d], builtins, shared, 30);
    expect(groups.map((g) => g.rules.map((r) => r.ruleId))).toEqual([
      [a.ruleId, c.ruleId],
      [b.ruleId, d.ruleId],
    ]);
    expect(groups[1].thresholds[anyThreshold]).toBe(shared[anyThreshold] + 1);
    expect(groups[0].thresholds).toEqual(shared);
  });

  it("splits rules by their window, and gives each group a thresholds object of its own", () => {
    const groups = groupRules([a, b], { [a.ruleId]: config({ windowDays: 90 }) }, {}, 30);
    expect(groups.map((g) => [g.windowDays, g.rules.map((r) => r.ruleId)])).toEqual([
      [90, [a.ruleId]],
      [30, [b.ruleId]],
    ]);
    // A rule with no configuration keeps its catalog severity.
    expect(groups[1].rules[0]).toBe(b);
    expect(groups[0].thresholds).toEqual(groups[1].thresholds);
    expect(groups[0].thresholds).not.toBe(groups[1].thresholds);
  });

  it("groups the default catalog as merging each rule's thresholds one by one does", () => {
    const builtins = defaultBuiltins("aml");
    const shared = mergeThresholds(defaultThresholds());
    const oneByOne = new Map<string, { windowDays: number; thresholds: object; ids: string[] }>();
    for (const rule of AML_RULES) {
      const thresholds = mergeThresholds(shared, builtins[rule.ruleId]?.parameters);
      const key = `30:${JSON.stringify(thresholds)}`;
      const g = oneByOne.get(key) ?? { windowDays: 30, thresholds, ids: [] };
      g.ids.push(rule.ruleId);
      oneByOne.set(key, g);
    }
    const groups = groupRules([...AML_RULES], builtins, shared, 30);
    expect(
      groups.map((g) => ({
        windowDays: g.windowDays,
        thresholds: g.thresholds,
        ids: g.rules.map((r) => r.ruleId),
      })),
    ).toEqual([...oneByOne.values()]);
    // The network typologies' own pass share makes a second group.
    expect(groups.length).toBe(2);
  });
});
