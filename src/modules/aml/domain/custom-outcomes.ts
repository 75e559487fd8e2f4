import { round4 } from "../../../lib/numbers";
import type { CustomRuleOutcome as CustomOutcomeLike } from "../../rules/domain/custom/evaluate";
import type { RuleOutcome } from "./evaluate";

const text = (v: unknown) => (v === null || v === undefined ? "unknown" : String(v));

/**
 * A custom rule as an AML rule result: its severity is the risk level, its reason the
 * explanation; its counterfactual is the tenant's sentence (no single threshold to move).
 */
export function customOutcome(
  o: CustomOutcomeLike,
  at: string,
): RuleOutcome & { source: "custom"; counterfactualStatement: string } {
  return {
    ruleId: o.ruleId,
    ruleName: o.name,
    triggered: o.fired,
    riskLevel: o.severity,
    evidence: o.evidence.map((e) => {
      const bound = e.compareTo?.find((v): v is number => typeof v === "number");
      return {
        field: e.path,
        observed: text(e.observed),
        threshold: (e.compareTo ?? []).map(text).join(" and ") || "list",
        context: e.measure,
        deviation:
          typeof e.observed === "number" && bound !== undefined
            ? bound === 0
              ? round4(e.observed)
              : round4((e.observed - bound) / bound)
            : 0,
      };
    }),
    explanation: o.fired ? o.reason : `Did not fire: ${o.reason}`,
    counterfactual: null,
    counterfactualStatement: o.counterfactual,
    source: "custom",
    triggeredAt: o.fired ? at : null,
  };
}

/** The geography rule's countries: the tenant's stored lists united with the request's (sorted, once each). */
export const unionCountries = (
  stored: readonly string[],
  requested: readonly string[] | undefined,
): string[] => [...new Set([...stored, ...(requested ?? [])].map((c) => c.toUpperCase()))].sort();

export type SourcedOutcome = RuleOutcome & { source: "builtin" | "custom"; counterfactualStatement?: string };

/**
 * One evaluation's outcomes: built-ins in catalog order, then custom rules; a triggered rule
 * the entity is allowlisted for moves to `suppressedRules` and counts for nothing.
 */
export function combineOutcomes(input: {
  builtin: RuleOutcome[];
  custom: CustomOutcomeLike[];
  catalogOrder: readonly string[];
  at: string;
  allowlisted: (ruleId: string) => boolean;
}) {
  const order = new Map(input.catalogOrder.map((id, i) => [id, i]));
  const all: SourcedOutcome[] = [
    ...[...input.builtin]
      .sort((a, b) => order.get(a.ruleId)! - order.get(b.ruleId)!)
      .map((o) => ({ ...o, source: "builtin" as const })),
    ...input.custom.map((o) => customOutcome(o, input.at)),
  ];
  const cleared = (o: RuleOutcome) => o.triggered && input.allowlisted(o.ruleId);
  return {
    outcomes: all.filter((o) => !cleared(o)),
    suppressedRules: all.filter(cleared).map((o) => ({
      ruleId: o.ruleId,
      explanation: `${o.explanation} Suppressed: the entity is on an allowlist for this rule.`,
      suppressedBy: "allowlist" as const,
    })),
  };
}
