import type { PeerNorm } from "../../data/domain/peer-stats";
import type { AmlRuleDefinition, RiskLevel } from "../../detection/domain/aml/rules";
import { riskRank } from "../../detection/domain/aml/rules";
import type { Thresholds } from "../../detection/domain/aml/thresholds";
import type { Decide, RuleOutcome } from "./decision";
import { AMOUNT_DECISIONS } from "./decisions-amount";
import { PATTERN_DECISIONS } from "./decisions-pattern";
import type { EntityFeatures } from "./features";

export type { Counterfactual, Evidence, RuleOutcome } from "./decision";

/** Every AML rule's decision, by rule id (decisions-amount.ts, decisions-pattern.ts). */
const DECISIONS: Record<string, Decide> = { ...AMOUNT_DECISIONS, ...PATTERN_DECISIONS };

/** Evaluates the given rules for one entity's features; deterministic for the same inputs. */
export function evaluateRules(
  features: EntityFeatures,
  rules: readonly AmlRuleDefinition[],
  thresholds: Thresholds,
  options: { highRiskCountries: string[]; at: string; peer?: PeerNorm | null },
): RuleOutcome[] {
  return rules.map((rule) => {
    const decision = DECISIONS[rule.ruleId](features, thresholds, options);
    return {
      ruleId: rule.ruleId,
      ruleName: rule.name,
      triggered: decision.triggered,
      riskLevel: rule.defaultRiskLevel,
      evidence: decision.evidence,
      explanation: decision.explanation,
      counterfactual: decision.counterfactual,
      triggeredAt: decision.triggered ? options.at : null,
    };
  });
}

export function highestRiskLevel(outcomes: readonly RuleOutcome[]): RiskLevel | null {
  let best: RiskLevel | null = null;
  for (const o of outcomes)
    if (o.triggered && (best === null || riskRank(o.riskLevel) > riskRank(best))) best = o.riskLevel;
  return best;
}

export const hasDecision = (ruleId: string): boolean => ruleId in DECISIONS;
