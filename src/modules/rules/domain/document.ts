import type { CustomRule, RuleSeverity } from "./custom/tree";

/**
 * A rule set's content: what one version of a tenant's fraud or AML rules says. Versions are
 * immutable once published; this object is what is content-hashed (canonical JSON, keys
 * sorted) and what evaluation reads (docs/methodology/rules.md#versioning).
 */
export const RULE_SET_KINDS = ["fraud", "aml"] as const;
export type RuleSetKind = (typeof RULE_SET_KINDS)[number];

/** How one built-in rule (fraud signal or AML rule) runs under a version. */
export interface BuiltinConfig {
  enabled: boolean;
  severity: RuleSeverity;
  /**
   * The rule's numeric parameters (fraud: the signal's parameters, money in minor units of the
   * tenant currency; AML: the thresholds the rule reads, money in major units).
   */
  parameters: Record<string, number>;
  /** Look-back window in days where the rule has one; absent: the request's window. */
  windowDays?: number;
  /** Multiplies the rule's score contribution (1 = as built). */
  weight: number;
  /** AML only: whether a hit opens (or adds to) a case; absent: true (docs/methodology/monitoring.md). */
  opensCase?: boolean;
}

export interface RuleSetContent {
  /** Every built-in of the kind, by its stable id (signalId or ruleId). */
  builtins: Record<string, BuiltinConfig>;
  /** AML only: the named thresholds (major units of the tenant currency for money). */
  thresholds?: Record<string, number>;
  /** The tenant's own rules, ids stable across versions. */
  custom: CustomRule[];
  /**
   * Fraud only: the overall score (0-100) from which monitoring opens a case; absent: 30, the
   * evaluate-and-create default (docs/methodology/monitoring.md).
   */
  createCaseThreshold?: number;
}

/** The rule set evaluation runs: version 0 is the built-in defaults of a tenant that published none. */
export interface LiveRuleSet {
  kind: RuleSetKind;
  version: number;
  /** sha256 (hex) of the canonical JSON of `content`. */
  hash: string;
  content: RuleSetContent;
  /** Set when this is a tenant's draft (evaluated on request, never persisted): version is its base. */
  draft?: DraftMark;
}

export interface DraftMark {
  draftId: string;
  revision: number;
}

/** Which rule set an evaluation runs: the live version (default) or the tenant's draft. */
export const RULE_SET_CHOICES = ["live", "draft"] as const;
export type RuleSetChoice = (typeof RULE_SET_CHOICES)[number];

/** Stamped on every alert, evaluation, case and backtest a version produced. */
export interface RuleSetStamp {
  kind: RuleSetKind;
  version: number;
  hash: string;
  draft?: DraftMark;
}

export const stampOf = (set: LiveRuleSet): RuleSetStamp => ({
  kind: set.kind,
  version: set.version,
  hash: set.hash,
  ...(set.draft ? { draft: set.draft } : {}),
});
