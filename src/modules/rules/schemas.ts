import { z } from "@hono/zod-openapi";
import { CustomRuleSchema, OpensCase, Window } from "./custom/schemas";
import { SEVERITIES, TREE_LIMITS } from "./domain/custom/tree";
import { RULE_SET_CHOICES } from "./domain/document";

/** Request field of the evaluate endpoints: which rule set runs. */
export const RuleSetChoiceField = z.enum(RULE_SET_CHOICES).default("live").openapi({
  description:
    "live (default): the published live version. draft: the tenant's current draft of the kind, evaluated without side effects (no case, nothing stored); 400 when there is no draft",
});
/** Outer bounds for the document; each name's own range is checked on save (domain/validate.ts). */
const ParameterInputs = z.record(z.string(), z.number().min(0).max(1e14));
export const builtinFields = {
  enabled: z.boolean(),
  severity: z.enum(SEVERITIES),
  windowDays: Window.optional().openapi({ description: "Look-back window; absent: the request's window" }),
  opensCase: OpensCase,
};

export const CreateCaseThreshold = z.number().min(0).max(100).optional().openapi({
  description:
    "Fraud only: the overall score (0-100) from which monitoring opens a case; absent: 30 (docs/methodology/rules.md#case-opening)",
});

export const BuiltinConfigInput = z
  .strictObject({
    ...builtinFields,
    parameters: ParameterInputs.default({}).openapi({
      description:
        "Fraud: the signal's parameters (minor units), left-out ones default. AML: per-rule overrides of thresholds the rule reads",
    }),
    weight: z
      .number()
      .min(0)
      .max(10)
      .default(1)
      .openapi({ description: "Score multiplier, 0..10, default 1" }),
  })
  .openapi("BuiltinConfigInput");

export const RuleSetContentInput = z
  .strictObject({
    builtins: z.record(z.string(), BuiltinConfigInput).optional().openapi({
      description: "By built-in id (signalId or AML ruleId); left-out built-ins keep their defaults",
    }),
    thresholds: z.record(z.string(), z.number().min(0).max(1_000_000_000)).optional().openapi({
      description:
        "AML only: named thresholds (major units); left-out ones default; ranges as PUT /v1/kyc-aml/thresholds",
    }),
    custom: z.array(CustomRuleSchema).max(TREE_LIMITS.maxCustomRules).optional(),
    createCaseThreshold: CreateCaseThreshold,
  })
  .openapi("RuleSetContentInput");

const Reason = z
  .string()
  .trim()
  .min(1)
  .max(1000)
  .openapi({ description: "Why (kept in the publication log)" });
export const PublishBody = z.strictObject({ reason: Reason }).openapi("PublishRuleSetRequest");
export const RollbackBody = z
  .strictObject({
    version: z.number().int().min(0).max(1_000_000_000).openapi({
      description:
        "A version older than the live one; 0: the built-in defaults (what runs before any publication)",
    }),
    reason: Reason,
  })
  .openapi("RollbackRuleSetRequest");
