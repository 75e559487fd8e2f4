import { z } from "@hono/zod-openapi";
import { CursorQuery, IsoDateTime, PaginationSchema } from "../../http/openapi";
import { ACTOR_TYPES, AUDIT_ACTIONS } from "./domain/types";

/** Deep pages cost offset + limit rows per source: page further back with `until` instead. */
export const MAX_AUDIT_OFFSET = 10_000;

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

export const AuditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50).openapi({ description: "1..500, default 50" }),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_AUDIT_OFFSET)
    .default(0)
    .openapi({ description: `0..${MAX_AUDIT_OFFSET}, default 0; page further back by cursor or with until` }),
  cursor: CursorQuery,
  action: z.enum(AUDIT_ACTIONS).optional(),
  since: IsoDateTime.optional().openapi({ description: "Entries at or after this time" }),
  until: IsoDateTime.optional().openapi({ description: "Entries at or before this time" }),
});

export const AdminAuditQuerySchema = AuditQuerySchema.extend({ tenantId: z.uuid().optional() });
