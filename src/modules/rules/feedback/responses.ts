import { z } from "@hono/zod-openapi";
import { orNull } from "../../../http/openapi";

// Response shapes of modules/rules/feedback: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

const TallyShape = {
  confirmed: z.number().int().min(0),
  cleared: z.number().int().min(0),
  inconclusive: z
    .number()
    .int()
    .min(0)
    .openapi({ description: "AML cases closed_no_action: neither confirmed nor cleared" }),
  sampleSize: z.number().int().min(0).openapi({ description: "confirmed + cleared" }),
  precision: orNull(z.number().min(0).max(1)).openapi({
    description: "confirmed / (confirmed + cleared); null without a closed case that counts",
  }),
};

export const VersionPrecisionSchema = z
  .object({
    version: orNull(z.number().int().min(0)).openapi({
      description:
        "The rule-set version that opened the cases; null: opened by hand or before versions were stamped",
    }),
    ...TallyShape,
  })
  .openapi("RuleVersionPrecision");

export const RulePrecisionSchema = z
  .object({
    ruleId: z.string(),
    ...TallyShape,
    versions: z.array(VersionPrecisionSchema).openapi({ description: "Per version, oldest first" }),
  })
  .openapi("RulePrecision");

export const FeedbackSchema = z
  .object({
    byVersion: z.boolean().openapi({
      description:
        "true: each rule's `versions` splits its counts by the rule-set version that opened the cases",
    }),
    rules: z.array(RulePrecisionSchema).openapi({ description: "Rules with at least one closed case" }),
  })
  .openapi("RuleSetFeedback");
