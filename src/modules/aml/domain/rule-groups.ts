import type { AmlRuleDefinition } from "../../detection/domain/aml/rules";
import { mergeThresholds, type Thresholds } from "../../detection/domain/aml/thresholds";
import type { BuiltinConfig } from "../../rules/domain/document";

export interface Group {
  thresholds: Thresholds;
  windowDays: number;
  rules: AmlRuleDefinition[];
}

/**
 * Rules grouped by what their features depend on: the thresholds (shared ones with the rule's
 * own parameters over them) and the window. Usually one group: one feature read.
 */
export function groupRules(
  rules: AmlRuleDefinition[],
  builtins: Readonly<Record<string, BuiltinConfig>>,
  shared: Thresholds,
  windowDays: number,
): Group[] {
  const groups = new Map<string, Group>();
  for (const rule of rules) {
    const config = builtins[rule.ruleId];
    const thresholds = mergeThresholds(shared, config?.parameters);
    const days = config?.windowDays ?? windowDays;
    const key = `${days}:${JSON.stringify(thresholds)}`;
    const group = groups.get(key) ?? { thresholds, windowDays: days, rules: [] };
    // The version's severity is the outcome's risk level.
    group.rules.push(config ? { ...rule, defaultRiskLevel: config.severity } : rule);
    groups.set(key, group);
  }
  return [...groups.values()];
}
