import type { RuleSetKind } from "../../domain/document";

/**
 * How a closed case counts as feedback on the rule that opened it
 * (docs/methodology/rules.md#case-feedback). Precision = confirmed / (confirmed + cleared).
 * - AML: closed_reported (a suspicious transaction report was filed) confirms the rule;
 *   closed_false_positive clears it; closed_no_action (looked at, nothing to report, not
 *   called a false positive) is inconclusive and counted apart.
 * - Fraud: closed_suspicious and closed_reported confirm; closed_cleared clears.
 * Open cases are not feedback yet.
 */
export type Outcome = "confirmed" | "cleared" | "inconclusive";

export const CASE_OUTCOMES: Record<RuleSetKind, Record<string, Outcome>> = {
  aml: {
    closed_reported: "confirmed",
    closed_false_positive: "cleared",
    closed_no_action: "inconclusive",
  },
  fraud: {
    closed_suspicious: "confirmed",
    closed_reported: "confirmed",
    closed_cleared: "cleared",
  },
};

export interface RulePrecision {
  ruleId: string;
  confirmed: number;
  cleared: number;
  inconclusive: number;
  /** Closed cases that count: confirmed + cleared. */
  sampleSize: number;
  /** null until a case of the rule closed as confirmed or cleared. */
  precision: number | null;
}

/** Folds (rule, status, count) rows into one precision per rule, sorted by rule id. */
export function precisionByRule(
  kind: RuleSetKind,
  rows: ReadonlyArray<{ ruleId: string; status: string; n: number }>,
): RulePrecision[] {
  const out = new Map<string, RulePrecision>();
  for (const { ruleId, status, n } of rows) {
    const outcome = CASE_OUTCOMES[kind][status];
    if (!outcome) continue;
    const entry = out.get(ruleId) ?? {
      ruleId,
      confirmed: 0,
      cleared: 0,
      inconclusive: 0,
      sampleSize: 0,
      precision: null,
    };
    entry[outcome] += n;
    out.set(ruleId, entry);
  }
  for (const e of out.values()) {
    e.sampleSize = e.confirmed + e.cleared;
    e.precision = e.sampleSize ? Math.round((e.confirmed / e.sampleSize) * 10_000) / 10_000 : null;
  }
  return [...out.values()].sort((a, b) => (a.ruleId < b.ruleId ? -1 : 1));
}

export const closedStatuses = (kind: RuleSetKind): string[] => Object.keys(CASE_OUTCOMES[kind]);
