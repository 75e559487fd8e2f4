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

export interface Tally {
  confirmed: number;
  cleared: number;
  inconclusive: number;
  /** Closed cases that count: confirmed + cleared. */
  sampleSize: number;
  /** null until a case of the rule closed as confirmed or cleared. */
  precision: number | null;
}

/** One version's share of a rule's feedback; version null: cases opened before stamping, or by hand. */
export interface VersionPrecision extends Tally {
  version: number | null;
}

export interface RulePrecision extends Tally {
  ruleId: string;
  /** The same counts per rule-set version that opened the cases, oldest first. */
  versions: VersionPrecision[];
}

export interface OutcomeRow {
  ruleId: string;
  version: number | null;
  status: string;
  n: number;
}

const emptyTally = (): Tally => ({
  confirmed: 0,
  cleared: 0,
  inconclusive: 0,
  sampleSize: 0,
  precision: null,
});

function close(tally: Tally) {
  tally.sampleSize = tally.confirmed + tally.cleared;
  tally.precision = tally.sampleSize
    ? Math.round((tally.confirmed / tally.sampleSize) * 10_000) / 10_000
    : null;
}

/** Folds (rule, version, status, count) rows into precision per rule and per version, sorted by rule id. */
export function precisionByRule(kind: RuleSetKind, rows: ReadonlyArray<OutcomeRow>): RulePrecision[] {
  const out = new Map<string, { rule: RulePrecision; byVersion: Map<number | null, VersionPrecision> }>();
  for (const { ruleId, version, status, n } of rows) {
    const outcome = CASE_OUTCOMES[kind][status];
    if (!outcome) continue;
    const entry = out.get(ruleId) ?? {
      rule: { ruleId, ...emptyTally(), versions: [] },
      byVersion: new Map(),
    };
    const perVersion = entry.byVersion.get(version) ?? { version, ...emptyTally() };
    entry.rule[outcome] += n;
    perVersion[outcome] += n;
    entry.byVersion.set(version, perVersion);
    out.set(ruleId, entry);
  }
  const byVersionOrder = (a: VersionPrecision, b: VersionPrecision) => (a.version ?? -1) - (b.version ?? -1);
  return [...out.values()]
    .map(({ rule, byVersion }) => {
      close(rule);
      rule.versions = [...byVersion.values()].sort(byVersionOrder);
      for (const v of rule.versions) close(v);
      return rule;
    })
    .sort((a, b) => (a.ruleId < b.ruleId ? -1 : 1));
}

export const closedStatuses = (kind: RuleSetKind): string[] => Object.keys(CASE_OUTCOMES[kind]);
