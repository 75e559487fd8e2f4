import { z } from "@hono/zod-openapi";
import { SCHEDULE_FREQUENCIES } from "../monitoring/domain/schedule";
import { CaseSlaSchema } from "./schemas";

// Response shapes of modules/admin: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const TenantSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    shard: z.number().int(),
    features: z.object({ agentNetwork: z.boolean().optional() }),
    settings: z.object({
      riskAlertThreshold: z.number(),
      currency: z.string(),
      maxWebhookSubscriptions: z.number().int(),
      rulesRequireSecondApprover: z.boolean().optional(),
      timeZone: z.string().optional().openapi({ description: "IANA time zone; absent: UTC" }),
      country: z.string().nullable().openapi({ description: "The country setting; null when not set" }),
      homeCountry: z.string().nullable().openapi({
        description:
          "Country in force: the setting, else the currency's country; null when neither names one",
      }),
      monitoring: z
        .object({
          onArrival: z.boolean().optional(),
          schedule: z
            .object({
              frequency: z.enum(SCHEDULE_FREQUENCIES).optional(),
              hour: z.number().int().optional(),
              timeZone: z.string().nullable().optional(),
            })
            .optional(),
        })
        .optional()
        .openapi({
          description:
            "Continuous monitoring settings as set; onArrival absent: true; schedule fields absent: daily at 2 in the tenant's zone",
        }),
      caseSla: CaseSlaSchema.optional().openapi({
        description: "Case SLA hours as set; absent levels: defaults",
      }),
      caseCloseRequiresSecondActor: z.boolean().optional(),
      agentFloatCoverDays: z.number().optional().openapi({ description: "As set; absent: 3" }),
      allowedOrigins: z.array(z.string()).openapi({ description: "CORS origins; [] when none" }),
      rateLimitPerMinute: z
        .number()
        .int()
        .openapi({ description: "Per-key budget in force (default 1,200)" }),
      jobConcurrency: z.number().int().openapi({ description: "Jobs at once in force (default 2)" }),
      storageQuotaBytes: z
        .number()
        .int()
        .openapi({ description: "Storage quota in force (default 2,000,000,000)" }),
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Tenant");
