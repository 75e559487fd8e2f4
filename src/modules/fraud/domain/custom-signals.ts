import { round2 } from "../../../lib/numbers";
import type { CustomRuleOutcome as CustomOutcomeLike } from "../../rules/domain/custom/evaluate";
import type { TriggeredSignal } from "./evaluate";
import type { EntityType, Evidence } from "./types";

const text = (v: unknown) => (v === null || v === undefined ? "unknown" : String(v));

function evidenceOf(e: CustomOutcomeLike["evidence"][number]): Evidence {
  const bound = e.compareTo?.find((v) => typeof v === "number" && v !== 0);
  return {
    field: e.path,
    observed: text(e.observed),
    expected: e.comparator ? `${e.comparator} ${(e.compareTo ?? []).map(text).join(" and ")}` : "member",
    threshold: (e.compareTo ?? []).map(text).join(" and ") || "list",
    context: `${e.measure}${e.result ? " (holds)" : " (does not hold)"}`,
    deviation: typeof e.observed === "number" && bound ? round2(e.observed / bound) : e.result ? 1 : 0,
  };
}

/**
 * A tenant's custom rule outcome (rules/custom: evaluateCustomRules), as fraud evaluation
 * shows it beside the built-in signals: category "custom", confidence 1 (the rule decides on
 * exact aggregates), contribution = the score the tenant gave the rule.
 */
export function customSignal(
  o: CustomOutcomeLike,
  at: { computedAt: string; windowStart: string; entityType: EntityType; entityId: string },
): TriggeredSignal {
  return {
    signalId: o.ruleId,
    signalName: o.name,
    category: "custom",
    triggered: o.fired,
    severity: o.severity,
    confidence: 1,
    evidence: o.evidence.map(evidenceOf),
    computedAt: at.computedAt,
    windowStart: at.windowStart,
    windowEnd: at.computedAt,
    entityType: at.entityType,
    entityId: at.entityId,
    explanation: o.fired ? o.reason : `Did not fire: ${o.reason}`,
    counterfactual: o.fired ? o.counterfactual : null,
    contribution: o.fired ? round2(Math.min(100, Math.max(0, o.score))) : 0,
  };
}
