import { z } from "@hono/zod-openapi";

// Response shapes of modules/lists/snoozes: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const SnoozeSchema = z
  .object({
    ruleId: z.string(),
    entityType: z.enum(["customer", "account", "agent", "merchant", "counterparty"]),
    entityId: z.string(),
    until: z.string(),
    reason: z.string(),
    caseId: z.uuid(),
    listId: z.uuid().openapi({ description: 'The system-managed allowlist "Case snoozes"' }),
    entryId: z.uuid(),
    active: z.boolean().openapi({ description: "False once `until` has passed" }),
    createdAt: z.string(),
    createdBy: z.string().openapi({ description: "The API key that took the snooze" }),
  })
  .openapi("CaseSnooze");

export const SnoozeListResponse = z
  .object({ success: z.literal(true), caseId: z.uuid(), snoozes: z.array(SnoozeSchema) })
  .openapi("CaseSnoozeList");
