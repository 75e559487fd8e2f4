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

const CounterpartySanctionsHit = z
  .object({
    listId: z.string(),
    entryRef: z.string().openapi({ description: "The list's own reference of the entry" }),
    score: z.number().openapi({ description: "0..1; at least the threshold" }),
    nameScore: z.number(),
    matchedName: z.string().openapi({ description: "The entry's name or alias that matched" }),
    nameStrength: z.enum(["primary", "strong", "weak"]),
    matchedFields: z.array(z.string()).openapi({ description: "name | alias | weakAlias" }),
    entryKind: z.enum(["person", "organisation", "vessel", "aircraft", "other"]),
    entryName: z.string().openapi({ description: "The entry's primary name" }),
    programs: z.array(z.string()),
  })
  .openapi("PreTransactionSanctionsHit");

const CounterpartySanctions = z
  .object({
    counterpartyName: z.string(),
    threshold: z.number(),
    lists: z
      .record(z.string(), z.number().int())
      .openapi({ description: "Each list screened and its version" }),
    hits: z.array(CounterpartySanctionsHit).openapi({
      description:
        "Entries the counterparty's name matched at or above the threshold, best first (at most 20); a hit cleared as a false positive for this name and the entry as it is now is left out",
    }),
  })
  .openapi("PreTransactionSanctions");

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
    sanctions: orNull(CounterpartySanctions).openapi({
      description:
        "counterpartyName against the tenant's sanctions lists (docs/methodology/sanctions.md#counterparties); nothing is stored and no case opened: the transaction's arrival does that. Null without a counterpartyName, when the tenant subscribes to no list, or when the key lacks aml:read",
    }),
    isAdvisoryOnly: z.literal(true).openapi({
      description: "Advice only: no decision is made or stored here; the client decides whether to proceed",
    }),
  })
  .openapi("TransactionScreening");
