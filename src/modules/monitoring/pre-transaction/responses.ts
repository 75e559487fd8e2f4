import { z } from "@hono/zod-openapi";
import { IsoDateTime, orNull } from "../../../http/openapi";
import { EvaluationResultSchema } from "../../aml/responses";
import { FraudAlertSchema } from "../../fraud/responses";

// Response shapes of modules/monitoring/pre-transaction: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

const AlertId = orNull(z.uuid()).openapi({
  description:
    "The stored alert (trigger pre_transaction) when at least one rule of this kind fired; null otherwise",
});

const FraudScreening = FraudAlertSchema.omit({ alertId: true, correlationId: true, tenantId: true })
  .extend({ alertId: AlertId })
  .openapi("PreTransactionFraud");

const AmlScreening = EvaluationResultSchema.pick({
  windowDays: true,
  windowStart: true,
  windowEnd: true,
  totalTriggered: true,
  highestRiskLevel: true,
  skippedRules: true,
  suppressedRules: true,
  highRiskCountries: true,
  ruleSet: true,
})
  .extend({
    triggeredRules: EvaluationResultSchema.shape.triggeredRules.openapi({
      description: "The rules that fired, each with its explanation and counterfactual",
    }),
    alertId: AlertId,
  })
  .openapi("PreTransactionAml");

export const ScreeningSchema = z
  .object({
    screeningId: z.uuid(),
    entityType: z.enum(["customer", "account"]),
    entityId: z.uuid(),
    evaluatedAt: IsoDateTime.openapi({
      description: "The instant the windows end: max(now, transactionDate)",
    }),
    transactionDate: IsoDateTime,
    fraud: FraudScreening,
    aml: orNull(AmlScreening).openapi({
      description: "AML trigger rules; null when the key lacks aml:read (AML outcomes are not shown to it)",
    }),
    alertIds: z.array(z.uuid()).openapi({ description: "Stored alerts of this screening (0, 1 or 2)" }),
    isAdvisoryOnly: z.literal(true).openapi({
      description: "Advice only: no decision is made or stored here; the client decides whether to proceed",
    }),
  })
  .openapi("TransactionScreening");
