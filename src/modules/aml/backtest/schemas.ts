/** OpenAPI shapes of AML threshold backtests (results in R2 when queued). */
import { z } from "@hono/zod-openapi";
import { CountryCode, EntityType, RuleId, thresholdValues } from "../schemas";

export const BacktestBody = z
  .object({
    entityType: EntityType.default("customer"),
    windowDays: z.number().int().min(7).max(365).default(30),
    ruleIds: z.array(RuleId).min(1).max(50).optional(),
    thresholds: thresholdValues("Values to try, over the current ones").optional(),
    highRiskCountries: z.array(CountryCode).max(250).optional(),
    top: z.number().int().min(1).max(100).default(20),
    async: z.boolean().default(false).openapi({
      description: "Queue the run (202) and read it from GET /v1/kyc-aml/backtests/{backtestId}",
    }),
  })
  .strict();
