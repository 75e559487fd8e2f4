import { z } from "@hono/zod-openapi";
import { PaginationSchema } from "../../http/openapi";
import { ACTOR_TYPES } from "./domain/types";

// Response shapes of modules/audit: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const AuditEntrySchema = z
  .object({
    id: z.uuid().openapi({ description: "UUID v7: ids sort in time order" }),
    actor: z
      .object({
        type: z.enum(ACTOR_TYPES),
        id: z.string().openapi({
          description:
            'operator: the operator token id ("bootstrap" for ADMIN_TOKEN); api_key: the API key id; ' +
            "system: the job or task",
        }),
      })
      .openapi("AuditActor"),
    action: z.string().openapi({ example: "aml.thresholds_updated" }),
    target: z
      .object({ type: z.string(), id: z.string() })
      .openapi("AuditTarget", { example: { type: "webhook_subscription", id: "0196..." } }),
    tenantId: z.uuid().nullable().openapi({ description: "null for platform actions" }),
    before: z.record(z.string(), z.unknown()).nullable().openapi({
      additionalProperties: true,
      description: "State before the change (secrets never appear); null on creation",
    }),
    after: z.record(z.string(), z.unknown()).nullable().openapi({
      additionalProperties: true,
      description: "State after the change (secrets never appear); null on deletion",
    }),
    requestId: z.string(),
    createdAt: z.string(),
  })
  .openapi("AuditEntry");

export const AuditLogPage = z
  .object({ success: z.literal(true), data: z.array(AuditEntrySchema), pagination: PaginationSchema })
  .openapi("AuditLogPage");
