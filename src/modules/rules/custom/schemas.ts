/**
 * OpenAPI shape of a custom rule and its condition tree (domain/custom/tree.ts); the semantics
 * (fields, thresholds, lists) are checked on save by domain/custom/validate.ts.
 */

import { z } from "@hono/zod-openapi";
import { sharedByKey } from "../../../lib/shared-by-key";
import { AML_TYPOLOGIES } from "../../detection/domain/aml/typologies";
import {
  AGGREGATE_FIELDS,
  AGGREGATE_FUNCTIONS,
  COMPARATORS,
  type Condition,
  GROUP_KEYS,
  HAVING_FUNCTIONS,
  MATCH_METHODS,
  SEVERITIES,
  TRANSACTION_FIELDS,
  TREE_LIMITS,
} from "../domain/custom/tree";

// ---- custom-rule tree shape (domain/custom/tree.ts); semantics: domain/custom/validate.ts ----

const Text = sharedByKey((max: number) => z.string().trim().min(1).max(max));
const Values = z.array(Text(200)).min(1).max(TREE_LIMITS.maxFilterValues);
const Hour = z.number().int().min(0).max(23);
export const Window = z.number().int().min(1).max(TREE_LIMITS.maxWindowDays);

/** A money bound: an amount (major units) or a multiple of a named AML threshold. */
const AmountBound = z
  .union([
    z.number().min(0).max(1e12),
    z.strictObject({ threshold: Text(100), multiple: z.number().gt(0).max(1000).optional() }),
  ])
  .openapi("RuleAmountBound");

const TransactionFilter = z
  .strictObject({
    types: z
      .array(z.enum(["credit", "debit"]))
      .min(1)
      .max(2)
      .optional(),
    statuses: Values.optional(),
    channels: Values.optional(),
    categories: Values.optional(),
    amountMin: AmountBound.optional(),
    amountMax: AmountBound.optional(),
    amountBelow: AmountBound.optional().openapi({ description: "Exclusive upper bound" }),
    counterparties: Values.optional(),
    merchants: Values.optional(),
    counterpartyCountries: z
      .array(z.string().regex(/^[A-Z]{2}$/, "ISO 3166-1 alpha-2, upper case"))
      .min(1)
      .max(TREE_LIMITS.maxFilterValues)
      .optional(),
    hourFrom: Hour.optional(),
    hourTo: Hour.optional(),
  })
  .openapi("RuleTransactionFilter");

const Aggregate = z
  .strictObject({
    fn: z.enum(AGGREGATE_FUNCTIONS),
    field: z.enum(AGGREGATE_FIELDS).optional().openapi({ description: "Required for every fn but count" }),
    windowDays: Window,
    offsetDays: z
      .number()
      .int()
      .min(0)
      .max(TREE_LIMITS.maxOffsetDays)
      .optional()
      .openapi({ description: "The window ends this many days before evaluation time (default 0)" }),
    filter: TransactionFilter.optional(),
    groupBy: z.enum(GROUP_KEYS).optional().openapi({
      description: "fn groups only: the transaction key the window's transactions are grouped by",
    }),
    having: z
      .strictObject({
        fn: z.enum(HAVING_FUNCTIONS),
        field: z.enum(AGGREGATE_FIELDS).optional(),
        comparator: z.enum(COMPARATORS),
        value: z.number().min(0).max(1e12),
      })
      .optional()
      .openapi("RuleGroupHaving", {
        description:
          "fn groups only: a group counts when this aggregate of its transactions holds (sum and max in major units)",
      }),
  })
  .openapi("RuleAggregate");

const Operand = z
  .union([
    z.strictObject({ value: z.number().min(-1e12).max(1e12) }),
    z.strictObject({ threshold: Text(100), multiple: z.number().gt(0).max(1000).optional() }),
    z.strictObject({ previousPeriod: z.strictObject({ multiple: z.number().min(0).max(1000) }) }),
    z
      .strictObject({ aggregate: Aggregate, multiple: z.number().gt(0).max(1000).optional() })
      .openapi({ description: "A ratio: another aggregate of the entity times multiple (default 1)" }),
  ])
  .openapi("RuleOperand");

const Conditions = z
  .array(z.lazy(() => RuleCondition))
  .min(1)
  .max(TREE_LIMITS.maxChildren);
export const RuleCondition: z.ZodType<Condition> = z
  .lazy(() =>
    z.discriminatedUnion("op", [
      z.strictObject({ op: z.literal("and"), conditions: Conditions }),
      z.strictObject({ op: z.literal("or"), conditions: Conditions }),
      z.strictObject({ op: z.literal("not"), condition: RuleCondition }),
      z.strictObject({
        op: z.literal("compare"),
        aggregate: Aggregate,
        comparator: z.enum(COMPARATORS),
        to: Operand,
      }),
      z.strictObject({ op: z.literal("between"), aggregate: Aggregate, low: Operand, high: Operand }),
      z.strictObject({
        op: z.literal("in_list"),
        subject: z.enum([
          "entity_name",
          "entity_phone",
          "entity_account_number",
          "counterparty",
          "counterparty_account",
        ]),
        listId: Text(100),
        windowDays: Window.optional(),
        match: z
          .strictObject({ method: z.enum(MATCH_METHODS), threshold: z.number().min(0.5).max(1) })
          .optional()
          .openapi("RuleFuzzyMatch", {
            description:
              "Fuzzy matching (names and account numbers): normalized, words sorted, Jaro-Winkler at or above threshold",
          }),
      }),
      z.strictObject({
        op: z.literal("transaction"),
        field: z.enum(TRANSACTION_FIELDS),
        comparator: z.enum(COMPARATORS).optional().openapi({ description: "amount only" }),
        to: Operand.optional().openapi({ description: "amount only: value, threshold or aggregate" }),
        in: Values.optional().openapi({ description: "Text fields: one of these (case-insensitive)" }),
        windowDays: Window.optional().openapi({
          description:
            "Without a proposed transaction: the entity's latest within this many days (default 30)",
        }),
      }),
    ]),
  )
  .openapi("RuleCondition");

export const OpensCase = z.boolean().optional().openapi({
  description:
    "AML only: whether a hit opens (or adds to) a case in monitoring; absent: true (docs/methodology/rules.md#case-opening)",
});

export const CustomRuleSchema = z
  .strictObject({
    ruleId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, "1-64 letters, digits, _ . -"),
    name: Text(200),
    description: z.string().max(1000).optional(),
    enabled: z.boolean(),
    appliesTo: z
      .array(z.enum(["customer", "account", "agent", "merchant", "counterparty"]))
      .min(1)
      .max(5),
    severity: z.enum(SEVERITIES),
    score: z.number().min(0).max(100).optional().openapi({
      description:
        "Fraud: required, added to the alert's score (0-100). AML: optional and unused (AML outcomes carry a risk level)",
    }),
    reason: Text(500),
    counterfactual: Text(500),
    condition: RuleCondition,
    opensCase: OpensCase,
    typology: z.enum(AML_TYPOLOGIES).optional().openapi({
      description:
        "AML only: the pattern the rule looks for; the goAML profile maps typologies to FIU indicators (docs/methodology/goaml.md#indicators)",
    }),
  })
  .openapi("CustomRule");
