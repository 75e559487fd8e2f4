import { z } from "@hono/zod-openapi";
import { CursorQuery, IsoDateTime } from "../../http/openapi";
import { AUDIT_ACTIONS } from "./domain/types";

/** Deep pages cost offset + limit rows per source: page further back with `until` instead. */
export const MAX_AUDIT_OFFSET = 10_000;

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

export const AuditVerifyQuerySchema = z.object({
  tenantId: z
    .uuid()
    .optional()
    .openapi({ description: "That tenant's own log; without it, the operator log" }),
});
