/**
 * The custom-rule operator catalog (docs/methodology/rules.md#operator-catalog): the shape of
 * a tenant's own rule, as stored in a rule-set version. A rule is a boolean tree whose leaves
 * compare an aggregate over the entity's transactions in a window with a constant, a tenant
 * threshold or the entity's own previous period, or test membership in a tenant list.
 * Semantic checks (one error per node, with its path) and the SQL compiler live beside this
 * file; this file is the contract between them and the rule-set storage.
 */
import type { AmlTypology } from "../../../detection/domain/aml/typologies";

export const AGGREGATE_FUNCTIONS = [
  "count",
  "count_distinct",
  "sum",
  "avg",
  "min",
  "max",
  "stddev",
  "groups",
] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

/** What an aggregate reads: `amount` (major units of the tenant currency) or a column counted distinct. */
export const AGGREGATE_FIELDS = [
  "amount",
  "counterparty",
  "counterparty_account",
  "counterparty_country",
  "merchant",
  "channel",
  "category",
  "day",
  "customer",
  "account",
  "agent",
] as const;
export type AggregateField = (typeof AGGREGATE_FIELDS)[number];

/** Keys a `groups` aggregate groups the window's transactions by (every categorical field). */
export const GROUP_KEYS = [
  "counterparty",
  "counterparty_account",
  "counterparty_country",
  "merchant",
  "channel",
  "category",
  "day",
  "customer",
  "account",
  "agent",
] as const satisfies ReadonlyArray<Exclude<AggregateField, "amount">>;
export type GroupKey = (typeof GROUP_KEYS)[number];

/** What each group must satisfy to count: one aggregate over the group's transactions against a constant. */
export const HAVING_FUNCTIONS = ["count", "count_distinct", "sum", "max"] as const;
export interface Having {
  fn: (typeof HAVING_FUNCTIONS)[number];
  /** count_distinct: a categorical field; sum, max: "amount"; count: none. */
  field?: AggregateField;
  comparator: Comparator;
  /** Money in major units of the tenant currency for sum and max. */
  value: number;
}

/** Fields of the transaction being screened (the proposed one, else the entity's latest). */
export const TRANSACTION_FIELDS = [
  "amount",
  "type",
  "channel",
  "category",
  "merchant",
  "counterparty",
  "counterparty_account",
  "counterparty_country",
] as const;
export type TransactionField = (typeof TRANSACTION_FIELDS)[number];

/** Fuzzy list matching: similarity of normalized, token-sorted texts, a hit at or above `threshold`. */
export const MATCH_METHODS = ["jaro_winkler"] as const;
export interface FuzzyMatch {
  method: (typeof MATCH_METHODS)[number];
  /** 0.5 - 1; 1 is an exact match of the normalized, token-sorted texts. */
  threshold: number;
}

export const COMPARATORS = ["<", "<=", "=", ">=", ">"] as const;
export type Comparator = (typeof COMPARATORS)[number];

/**
 * An amount bound: a constant (major units of the tenant currency) or a named threshold of
 * the tenant's live AML rule set times `multiple` (default 1), read when the rule runs.
 */
export type AmountBound = number | { threshold: string; multiple?: number };

/** Transactions an aggregate counts: every present filter must hold (AND); lists inside are OR. */
export interface TransactionFilter {
  types?: Array<"credit" | "debit">;
  statuses?: string[];
  channels?: string[];
  categories?: string[];
  /** Inclusive bounds on the absolute amount, major units of the tenant currency. */
  amountMin?: AmountBound;
  amountMax?: AmountBound;
  /** Exclusive upper bound ("just below the reporting threshold"). */
  amountBelow?: AmountBound;
  counterparties?: string[];
  merchants?: string[];
  /** ISO 3166-1 alpha-2 codes. */
  counterpartyCountries?: string[];
  /** Hour of day in the tenant's time zone, inclusive; from > to wraps midnight (22..5). */
  hourFrom?: number;
  hourTo?: number;
}

export interface Aggregate {
  fn: AggregateFunction;
  /** Required for every function but `count`. */
  field?: AggregateField;
  /** The window's length; it ends `offsetDays` before evaluation time. */
  windowDays: number;
  /** Shifts the window into the past ("the 90 days before the last 7"); default 0. */
  offsetDays?: number;
  filter?: TransactionFilter;
  /** `groups` only: the transaction key the window's transactions are grouped by. */
  groupBy?: GroupKey;
  /** `groups` only: the groups counted are those satisfying this (absent: every group). */
  having?: Having;
}

/** The right-hand side of a comparison. */
export type Operand =
  | { value: number }
  /** A named threshold of the tenant's live AML rule set (for example largeCashAmount), times `multiple` (default 1). */
  | { threshold: string; multiple?: number }
  /** The same aggregate over the equal-length period just before the window, times `multiple`. */
  | { previousPeriod: { multiple: number } }
  /** Another aggregate of the entity, times `multiple` (default 1): a ratio between two aggregates. */
  | { aggregate: Aggregate; multiple?: number };

export type Condition =
  | { op: "and" | "or"; conditions: Condition[] }
  | { op: "not"; condition: Condition }
  | { op: "compare"; aggregate: Aggregate; comparator: Comparator; to: Operand }
  | { op: "between"; aggregate: Aggregate; low: Operand; high: Operand }
  | {
      op: "transaction";
      /** A field of the transaction being screened. */
      field: TransactionField;
      /** amount: compared with an operand (not previousPeriod). */
      comparator?: Comparator;
      to?: Operand;
      /** Text fields: the value is one of these (trimmed, case-insensitive). */
      in?: string[];
      /** Without a proposed transaction: the entity's latest within this many days (default 30). */
      windowDays?: number;
    }
  | {
      op: "in_list";
      /** What is looked up: the entity's own attributes, or any counterparty in the window. */
      subject:
        | "entity_name"
        | "entity_phone"
        | "entity_account_number"
        | "counterparty"
        | "counterparty_account";
      listId: string;
      /** For counterparty subjects: the window searched. */
      windowDays?: number;
      /** Absent: exact match of the normalized value. With it: fuzzy (names and counterparties). */
      match?: FuzzyMatch;
    };

export const SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type RuleSeverity = (typeof SEVERITIES)[number];

/** A tenant's own rule inside a rule-set version. `ruleId` is stable across versions. */
export interface CustomRule {
  ruleId: string;
  name: string;
  description?: string;
  enabled: boolean;
  appliesTo: Array<"customer" | "account" | "agent" | "merchant" | "counterparty">;
  severity: RuleSeverity;
  /** Fraud: added to the alert's score (0-100) when the rule fires (required). AML: optional, unused. */
  score?: number;
  /** Shown when it fires ("3 cash credits just under the reporting threshold in 7 days"). */
  reason: string;
  /** Shown with the alert: what would have kept it quiet ("would not fire below 3 credits"). */
  counterfactual: string;
  condition: Condition;
  /** AML only: whether a hit opens (or adds to) a case; absent: true (docs/methodology/monitoring.md). */
  opensCase?: boolean;
  /** AML only: the pattern it looks for (detection/domain/aml/typologies.ts); a goAML profile maps it to indicators. */
  typology?: AmlTypology;
}

/** Bounds every layer enforces (schema, validator, compiler): a tree stays cheap to run. */
export const TREE_LIMITS = {
  maxDepth: 6,
  maxNodes: 40,
  maxChildren: 10,
  maxWindowDays: 400,
  maxFilterValues: 50,
  maxCustomRules: 50,
  /** Sum of aggregate costs over a rule set's custom rules (docs/methodology/rules.md#cost). */
  maxRuleSetCost: 400,
  /**
   * in_list leaves across a rule set's custom rules: each binds about 5 parameters in the one
   * statement that evaluates the set, and D1 allows 100 per statement.
   */
  maxListLookups: 12,
  /** Cost of one rule (docs/methodology/rules.md#cost-model). */
  maxRuleCost: 100,
  /** offsetDays at most this. */
  maxOffsetDays: 400,
  maxTextLength: 500,
  /** Characters of filter values over a rule set's enabled rules (they travel as one JSON parameter). */
  maxConstantChars: 100_000,
} as const;
