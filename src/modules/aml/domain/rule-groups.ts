import type { AmlRuleDefinition } from "../../detection/domain/aml/rules";
import { mergeThresholds, type Thresholds } from "../../detection/domain/aml/thresholds";
import type { BuiltinConfig } from "../../rules/domain/document";

export interface Group {
  thresholds: Thresholds;
  windowDays: number;
  rules: AmlRuleDefinition[];
}

/** The key of the shared thresholds' groups (a JSON key is never empty). */
const SHARED = "";

/**
 * Whether a rule's parameters leave the shared thresholds as they are (most rules have none):
 * each a finite number equal to the shared value of a threshold that exists. Anything else is
 * keyed by its merged thresholds' JSON, which says the same for these.
 */
function keepsShared(merged: Thresholds, parameters: Readonly<Record<string, number>> | undefined) {
  for (const name in parameters) {
    const v = parameters[name];
    if (!Number.isFinite(v) || !Object.hasOwn(merged, name) || merged[name] !== v) return false;
  }
  return true;
}

/**
 * Rules grouped by what their features depend on: the thresholds (shared ones with the rule's
 * own parameters over them) and the window. Usually one group: one feature read.
 * Called for each screened entity (its reads and its rules): the shared thresholds are merged
 * once per group, and keyed without JSON, not merged and serialized once per rule (~100 -> ~10
 * us a call for a customer's 11 default rules, in Node; docs/methodology/typologies.md#costs).
 */
export function groupRules(
  rules: AmlRuleDefinition[],
  builtins: Readonly<Record<string, BuiltinConfig>>,
  shared: Thresholds,
  windowDays: number,
): Group[] {
  const groups = new Map<string, Group>();
  let sharedMerged: Thresholds | undefined;
  let sharedJson: string | undefined;
  for (const rule of rules) {
    const config = builtins[rule.ruleId];
    sharedMerged ??= mergeThresholds(shared);
    let thresholds: Thresholds | null = null;
    let key = SHARED;
    if (!keepsShared(sharedMerged, config?.parameters)) {
      thresholds = mergeThresholds(shared, config?.parameters);
      const json = JSON.stringify(thresholds);
      sharedJson ??= JSON.stringify(sharedMerged);
      if (json !== sharedJson) key = json;
    }
    const days = config?.windowDays ?? windowDays;
    const at = `${days}:${key}`;
    // Each group its own thresholds object, as when every rule merged its own.
    const group = groups.get(at) ?? {
      thresholds: key === SHARED ? mergeThresholds(shared) : thresholds!,
      windowDays: days,
      rules: [],
    };
    // The version's severity is the outcome's risk level.
    group.rules.push(config ? { ...rule, defaultRiskLevel: config.severity } : rule);
    groups.set(at, group);
  }
  return [...groups.values()];
}
