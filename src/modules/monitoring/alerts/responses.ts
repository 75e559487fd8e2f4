import { z } from "@hono/zod-openapi";
import { orNull, PaginationSchema } from "../../../http/openapi";
import { FraudAlertSchema } from "../../fraud/responses";
import { AlertKind, AlertStatus, AlertTrigger, EntityType, Severity } from "./schemas";

// Response shapes of modules/monitoring/alerts: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const AlertCaseRefSchema = z
  .object({
    caseId: z.uuid(),
    kind: AlertKind,
    action: z.enum(["opened", "appended"]),
  })
  .openapi("MonitoringAlertCaseRef");

export const AlertRiskSchema = z
  .object({
    score: z.number().min(0).max(100).openapi({
      description:
        "100 x (1 - product of (1 - prior)) over the fired rules; rules that read the same movements count once, at the stronger (docs/methodology/risk-score.md#shared-evidence)",
    }),
    alertScore: z
      .number()
      .min(0)
      .max(100)
      .openapi({ description: "The tenant's alert score it was read against" }),
    reasons: z.array(
      z.object({
        kind: AlertKind,
        ruleId: z.string(),
        prior: z
          .number()
          .min(0)
          .max(1)
          .openapi({ description: "The rule's calibrated prior after its weight" }),
        points: z
          .number()
          .openapi({ description: "Points it added, strongest first; they sum to the score" }),
      }),
    ),
  })
  .openapi("MonitoringAlertRisk");

export const AlertWithdrawalSchema = z
  .object({
    reason: z.enum(["late_history"]).openapi({
      description:
        "History dated before its episode arrived later; judged again with it as of the alert's own date, these rules were no longer raised (docs/methodology/monitoring.md#late-history)",
    }),
    at: z.string().openapi({ description: "When it was withdrawn" }),
    asOf: z.string().openapi({ description: "The instant it was judged again as of (its own)" }),
    lateFrom: z.string().openapi({ description: "The earliest date of the history that arrived late" }),
    ruleIds: z.array(z.string()).openapi({
      description:
        "The rules withdrawn: all of them (status withdrawn) or those no longer raised (it stays open with the rest)",
    }),
    raisedNow: z.array(z.string()).openapi({ description: "The rules of its kind raised when judged again" }),
  })
  .openapi("MonitoringAlertWithdrawal");

export const MonitoringAlertSchema = z
  .object({
    alertId: z.string(),
    kind: AlertKind,
    trigger: AlertTrigger,
    entityType: EntityType,
    entityId: z.string(),
    severity: Severity.openapi({
      description: "Highest severity (fraud) or risk level (AML) of the fired rules",
    }),
    score: orNull(z.number()).openapi({ description: "Fraud: the overall score 0..100; AML: null" }),
    ruleIds: z.array(z.string()),
    ruleSet: z
      .object({ kind: AlertKind, version: z.number().int(), hash: z.string() })
      .openapi({ description: "The rule-set version that raised it" }),
    screeningId: z.string().openapi({ description: "Groups the fraud and AML alerts of one screening" }),
    runId: orNull(z.string()).openapi({ description: "The scheduled run that raised it; null otherwise" }),
    cases: z.array(AlertCaseRefSchema),
    risk: orNull(AlertRiskSchema).openapi({
      description:
        "The screening's subject risk score against the tenant's alert score (docs/methodology/risk-score.md); null for alerts of evaluate requests and of the network scan before it scored",
    }),
    detail: z.record(z.string(), z.unknown()).openapi({
      description: "The evaluation as answered: a FraudAlert, or the AML evaluation's triggered rules",
    }),
    createdAt: z.string(),
    status: AlertStatus,
    withdrawal: orNull(AlertWithdrawalSchema).openapi({
      description: "Why and when it or some of its rules were withdrawn (the latest); null when nothing was",
    }),
  })
  .openapi("MonitoringAlert");

export const AlertListResponse = z
  .object({ success: z.literal(true), data: z.array(MonitoringAlertSchema), pagination: PaginationSchema })
  .openapi("MonitoringAlertList");

export const AlertResponse = z
  .object({ success: z.literal(true), alert: MonitoringAlertSchema })
  .openapi("MonitoringAlertResponse");

/** A FraudAlert kept by monitoring: the evaluation as answered, plus its trigger and cases (additive). */
export const StoredFraudAlertSchema = FraudAlertSchema.extend({
  trigger: AlertTrigger,
  cases: z.array(AlertCaseRefSchema).openapi({ description: "Cases the alert opened or was appended to" }),
  status: AlertStatus,
}).openapi("StoredFraudAlert");
