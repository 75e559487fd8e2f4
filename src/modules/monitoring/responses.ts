import { z } from "@hono/zod-openapi";
import { orNull } from "../../http/openapi";
import { MonitoredEntityType } from "./schemas";

// Response shapes of modules/monitoring: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const MonitoringStatusSchema = z
  .object({
    pending: z.number().int().openapi({ description: "Entities awaiting screening (dead letters excluded)" }),
    oldestPendingSince: orNull(z.string()).openapi({
      description:
        "First arrival (since its last screening) of the oldest pending entity; null when none waits",
    }),
    claimed: z
      .number()
      .int()
      .openapi({ description: "Pending entities a screener holds under a live lease now" }),
    deadLettered: z.number().int().openapi({
      description: "Entities whose screening failed 5 times; listed under /v1/monitoring/dead-letters",
    }),
    lastScreenedAt: orNull(z.string()).openapi({
      description: "The latest screening of any entity; null before the first",
    }),
    onArrival: z
      .boolean()
      .openapi({ description: "Whether arrivals are screened (tenant setting monitoring.onArrival)" }),
    network: z
      .object({
        lastScanAt: orNull(z.string()).openapi({
          description: "The last network scan; null before the first",
        }),
        upToDate: z.boolean().openapi({
          description:
            "Whether the last scan saw every transaction stored now (false: a scan is due or running)",
        }),
        historyStart: orNull(z.string()).openapi({ description: "Start of the history the last scan read" }),
        historyEnd: orNull(z.string()).openapi({
          description: "End of that history: the latest transaction's date (event time)",
        }),
        transfers: z.number().int().openapi({ description: "Transfers between holders the last scan read" }),
        schemes: z.number().int().openapi({ description: "Schemes the last scan found (new or known)" }),
      })
      .openapi({
        description:
          "The network scan (network typologies over the transfers between the tenant's holders; docs/methodology/typologies.md)",
      }),
  })
  .openapi("MonitoringStatus");

export const DeadLetterSchema = z
  .object({
    entityType: MonitoredEntityType,
    entityId: z.string(),
    attempts: z.number().int(),
    lastError: orNull(z.string()),
    failedAt: z.string(),
    firstSeenAt: z.string(),
    lastSeenAt: z.string(),
  })
  .openapi("MonitoringDeadLetter");

export const RetryDeadLettersSchema = z
  .object({
    success: z.literal(true),
    retried: z.number().int().openapi({ description: "Dead-lettered entities put back in the queue" }),
  })
  .openapi("RetryDeadLettersResponse");
