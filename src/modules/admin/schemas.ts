import { z } from "@hono/zod-openapi";
import { DEFAULT_JOB_CONCURRENCY, MAX_JOB_CONCURRENCY } from "../../jobs/fairness";
import { COUNTRY_CODES } from "../../lib/countries";
import { DEFAULT_CASE_SLA, MAX_SLA_HOURS } from "../cases/domain/work";
import { isTimeZone } from "../monitoring/domain/schedule";
import { AlertScoreField, MonitoringScheduleSettingSchema } from "../monitoring/settings/schemas";
import { DEFAULT_STORAGE_QUOTA_BYTES, MAX_STORAGE_QUOTA_BYTES } from "../usage/domain/quota";
import { MAX_ALLOWED_ORIGINS, ORIGIN_PATTERN, originProblem } from "./domain/origins";

/** The highest subscription cap an operator may set (issue 11, finding 8). */
export const MAX_WEBHOOK_SUBSCRIPTIONS_LIMIT = 200;

export const TenantFeaturesSchema = z
  .strictObject({ agentNetwork: z.boolean().optional() })
  .openapi("TenantFeatures", { description: "Feature flags; agentNetwork enables agent health" });

export const MonitoringSettingsSchema = z
  .strictObject({
    onArrival: z.boolean().optional().openapi({
      description:
        "Screen the entities of every ingested or synced transaction with the live fraud and AML rule sets as it arrives (default true)",
    }),
    schedule: MonitoringScheduleSettingSchema.optional(),
    alertScore: AlertScoreField.optional(),
  })
  .openapi("MonitoringSettings", {
    description: "Continuous monitoring (docs/methodology/monitoring.md); fields left out keep their value",
  });

const SlaHoursField = z.number().int().min(1).max(MAX_SLA_HOURS).optional();
const slaLevels = (kind: "fraud" | "aml", by: string) =>
  z
    .strictObject({
      low: SlaHoursField,
      medium: SlaHoursField,
      high: SlaHoursField,
      critical: SlaHoursField,
    })
    .openapi({
      description: `Hours from opening to due per ${by}, 1..${MAX_SLA_HOURS}; defaults ${JSON.stringify(DEFAULT_CASE_SLA[kind])}`,
    });

export const CaseSlaSchema = z
  .strictObject({
    fraud: slaLevels("fraud", "severity").optional(),
    aml: slaLevels("aml", "risk level").optional(),
  })
  .openapi("CaseSlaSettings", {
    description:
      "Case due dates (docs/decisions/case-work.md#due-dates): set at opening; a level left out keeps its default. An AML case marked suspicious (escalated) is due within 24 hours whatever its level",
  });

export const TenantSettingsSchema = z
  .strictObject({
    riskAlertThreshold: z
      .number()
      .min(0)
      .max(100)
      .optional()
      .openapi({ description: "BHI below which customer.risk_alert fires (default 40)" }),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "currency must be an ISO 4217 code such as GHS")
      .optional()
      .openapi({ description: "Tenant currency (default GHS)" }),
    maxWebhookSubscriptions: z
      .number()
      .int()
      .min(1)
      .max(MAX_WEBHOOK_SUBSCRIPTIONS_LIMIT)
      .optional()
      .openapi({
        description: `Webhook subscriptions the tenant may hold (default 20, at most ${MAX_WEBHOOK_SUBSCRIPTIONS_LIMIT}); every event fans out to each`,
      }),
    country: z
      .enum(COUNTRY_CODES as [string, ...string[]], {
        error: "country must be an ISO 3166-1 alpha-2 code in upper case, such as GH",
      })
      .nullable()
      .optional()
      .openapi({
        description:
          "Home country (ISO 3166-1 alpha-2, upper case), used by AML cross-border. Default: the country of the currency when one country issues it (GHS -> GH); none for shared currencies (EUR, XOF, XAF). null removes the setting.",
      }),
    timeZone: z
      .string()
      .min(1)
      .max(64)
      .refine(isTimeZone, { message: "timeZone must be an IANA time zone name, such as Africa/Accra" })
      .optional()
      .openapi({
        description:
          "IANA time zone (e.g. Africa/Lagos) for hour-of-day rules: the fraud unusual_hours signal and custom-rule hour filters. Default UTC",
        example: "Africa/Accra",
      }),
    rulesRequireSecondApprover: z.boolean().optional().openapi({
      description:
        "Maker-checker for rule sets (default false): a key that edited a draft cannot publish it, and PUT /v1/kyc-aml/thresholds is refused (409 conflict, details code second_approver_required)",
    }),
    monitoring: MonitoringSettingsSchema.optional(),
    caseSla: CaseSlaSchema.optional(),
    caseCloseRequiresSecondActor: z.boolean().optional().openapi({
      description:
        "Maker-checker close for fraud and AML cases (default false): a close is recorded as close_requested and a different actorId confirms it (409 conflict, details code second_actor_required, for the same one) or rejects it",
    }),
    allowedOrigins: z
      .array(
        z
          .string()
          .max(253)
          .regex(ORIGIN_PATTERN, "each origin must be exact: https://host[:port] (http only for localhost)")
          .superRefine((origin, check) => {
            const problem = originProblem(origin);
            if (problem) check.addIssue({ code: "custom", message: `origin ${problem}` });
          }),
      )
      .max(MAX_ALLOWED_ORIGINS)
      .optional()
      .openapi({
        description: `Browser origins allowed to call /v1 with this tenant's keys (CORS), at most ${MAX_ALLOWED_ORIGINS}: exact scheme://host[:port] in lower case, https (http only for localhost and 127.0.0.1), no path, no default port, no wildcard. Replaces the whole list; [] removes all`,
        example: ["https://dashboard.lender.example"],
      }),
    agentFloatCoverDays: z.number().min(0.5).max(7).optional().openapi({
      description:
        "Days of p90 demand the suggested float rebalancing should cover (default 3, 0.5..7: the forecast horizon is 7 days); docs/methodology/agent-health.md#float",
    }),
    rateLimitPerMinute: z.number().int().min(1).max(100_000).optional().openapi({
      description:
        "Requests a minute each of this tenant's API keys may send (default 1,200); a key's own rateLimitPerMinute wins",
    }),
    jobConcurrency: z
      .number()
      .int()
      .min(1)
      .max(MAX_JOB_CONCURRENCY)
      .optional()
      .openapi({
        description: `Background jobs (backtests, BHI runs, syncs, workflows, refreshes) the tenant may run at once (default ${DEFAULT_JOB_CONCURRENCY}, at most ${MAX_JOB_CONCURRENCY}); more wait on the queue without holding up other tenants. docs/decisions/fairness.md`,
      }),
    storageQuotaBytes: z
      .number()
      .int()
      .min(1)
      .max(MAX_STORAGE_QUOTA_BYTES)
      .optional()
      .openapi({
        description: `Estimated bytes of everything the tenant may store: data tables, loans, case logs, events, deliveries and R2 objects (default ${DEFAULT_STORAGE_QUOTA_BYTES}); an ingest, lending write or case file upload that would pass it answers 403 storage_quota_exceeded. GET /v1/usage shows the figures`,
      }),
  })
  .openapi("TenantSettings");

export const CreateTenantBody = z
  .strictObject({
    name: z.string().trim().min(1).max(200),
    shard: z.number().int().min(0).max(999).optional().openapi({
      description:
        "A shard of the deployment that is open and migrated (GET /admin/shards; else 400 naming why; the document states 999, the most a binding number may be). Default: placement by measured load (docs/operations.md#placement)",
    }),
    features: TenantFeaturesSchema.optional(),
    settings: TenantSettingsSchema.optional(),
  })
  .openapi("CreateTenantRequest");

export const UpdateTenantBody = z
  .strictObject({ features: TenantFeaturesSchema.optional(), settings: TenantSettingsSchema.optional() })
  .openapi("UpdateTenantRequest");

export const TenantIdParams = z.object({
  tenantId: z.uuid().openapi({ param: { name: "tenantId", in: "path" } }),
});
