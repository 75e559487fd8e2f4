import { type NbaAction, type NbaFacts, type NbaResult, PRIORITIES } from "./facts";
import { NBA_RULES, type NbaRule } from "./rules";

/** Confidence is lower when the BHI was given by the caller or is absent (docs/methodology/nba.md). */
const SOURCE_FACTOR: Record<NbaFacts["bhiSource"], number> = { stored: 1, override: 0.9, none: 0.8 };

/**
 * Runs every rule of the catalog over one customer's facts. Deterministic: the same facts
 * give the same actions, ids and order (priority, then catalog order).
 */
export function recommend(facts: NbaFacts, rules: readonly NbaRule[] = NBA_RULES): NbaResult {
  const actions: NbaAction[] = [];
  for (const rule of rules) {
    const match = rule.evaluate(facts);
    if (!match) continue;
    const { baseConfidence, ...rest } = match;
    actions.push({
      id: `${rule.id}:${facts.customerId}`,
      ruleId: rule.id,
      ...rest,
      confidence: Math.round(baseConfidence * SOURCE_FACTOR[facts.bhiSource] * 100) / 100,
    });
  }
  const rank = (a: NbaAction) => PRIORITIES.indexOf(a.priority);
  const order = new Map(rules.map((r, i) => [r.id, i]));
  actions.sort((a, b) => rank(a) - rank(b) || (order.get(a.ruleId) ?? 0) - (order.get(b.ruleId) ?? 0));
  return { actions, evaluatedRules: rules.length, matchedRules: actions.length };
}
