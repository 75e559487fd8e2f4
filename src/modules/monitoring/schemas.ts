import { z } from "@hono/zod-openapi";
import { orNull } from "../../http/openapi";
import { MONITORED_ENTITIES } from "./domain/outcome";

export const MonitoredEntityType = z
  .enum(MONITORED_ENTITIES)
  .openapi("MonitoredEntityType", { description: "An entity monitoring screens" });

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

export const RetryDeadLettersBody = z
  .strictObject({
    entities: z
      .array(z.strictObject({ entityType: MonitoredEntityType, entityId: z.string().min(1).max(256) }))
      .min(1)
      .max(100)
      .optional()
      .openapi({ description: "The dead letters to re-queue (1..100); absent: all of the tenant's" }),
  })
  .openapi("RetryDeadLettersRequest");

export const RetryDeadLettersSchema = z
  .object({
    success: z.literal(true),
    retried: z.number().int().openapi({ description: "Dead-lettered entities put back in the queue" }),
  })
  .openapi("RetryDeadLettersResponse");
