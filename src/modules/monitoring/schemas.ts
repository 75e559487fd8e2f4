import { z } from "@hono/zod-openapi";
import { MONITORED_ENTITIES } from "../detection/domain/outcome";

export const MonitoredEntityType = z
  .enum(MONITORED_ENTITIES)
  .openapi("MonitoredEntityType", { description: "An entity monitoring screens" });

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
