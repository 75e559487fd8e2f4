import { z } from "@hono/zod-openapi";
import { ENTITY_TYPES, ENTRY_TYPES, LIST_KINDS } from "./domain/kinds";

// Response shapes of modules/lists: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const ListSchema = z
  .object({
    listId: z.uuid(),
    name: z.string(),
    kind: z.enum(LIST_KINDS),
    entryType: z.enum(ENTRY_TYPES),
    description: z.string().nullable(),
    entryCount: z.number().int(),
    active: z.boolean().openapi({ description: "False once archived: the list no longer applies" }),
    createdBy: z.string().openapi({ description: "API key id (or system actor) that created it" }),
    createdAt: z.string(),
    updatedAt: z.string(),
    archivedAt: z.string().nullable(),
  })
  .openapi("TenantList");

export const EntrySchema = z
  .object({
    entryId: z.uuid(),
    listId: z.uuid(),
    value: z
      .string()
      .openapi({ description: "Normalized; allowlists: <entityType>:<entityId>:<ruleId or *>" }),
    originalValue: z.string(),
    entityType: z.enum(ENTITY_TYPES).nullable(),
    entityId: z.string().nullable(),
    ruleId: z.string().nullable(),
    expiresAt: z.string().nullable(),
    expired: z.boolean().openapi({ description: "An expired allowlist entry no longer applies" }),
    note: z.string().nullable(),
    createdBy: z.string(),
    createdAt: z.string(),
  })
  .openapi("ListEntry");

export const HistorySchema = z
  .object({
    historyId: z.string(),
    listId: z.uuid(),
    action: z.enum(["list.created", "list.updated", "list.archived", "entry.added", "entry.removed"]),
    actor: z.object({ type: z.enum(["operator", "api_key", "system"]), id: z.string() }),
    entryId: z.string().nullable(),
    value: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    requestId: z.string(),
    at: z.string(),
  })
  .openapi("ListHistoryEntry");
