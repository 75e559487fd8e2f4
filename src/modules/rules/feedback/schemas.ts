import { z } from "@hono/zod-openapi";
import { orNull } from "../../../http/openapi";

export const RulePrecisionSchema = z
  .object({
    ruleId: z.string(),
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
  })
  .openapi("RulePrecision");

export const FeedbackSchema = z
  .object({
    byVersion: z.boolean().openapi({
      description:
        "false: counted over every version (cases do not yet carry the rule-set version that opened them)",
    }),
    rules: z.array(RulePrecisionSchema).openapi({ description: "Rules with at least one closed case" }),
  })
  .openapi("RuleSetFeedback");
