import { z } from "@hono/zod-openapi";
import { IsoDateTime, orNull } from "../../http/openapi";

// Response shapes of modules/offboarding: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const TenantExportSchema = z
  .object({
    id: z.uuid(),
    tenantId: z.uuid(),
    status: z.enum(["running", "completed"]),
    phase: z.enum(["control", "tables", "objects", "manifest", "done"]),
    progress: z.object({
      tablesDone: z.number().int().min(0),
      tablesTotal: z.number().int().min(0),
      parts: z.number().int().min(0),
      rowsExported: z.number().int().min(0),
      objectsExported: z.number().int().min(0),
    }),
    manifestFile: orNull(z.literal("manifest.json")).openapi({
      description:
        "Download it from .../files/manifest.json once completed: every part with its rows, bytes and SHA-256",
    }),
    requestedBy: z.string().openapi({ description: "Operator token id (bootstrap for ADMIN_TOKEN)" }),
    createdAt: IsoDateTime,
    completedAt: orNull(IsoDateTime),
  })
  .openapi("TenantExport");

export const TenantExportResponse = z.object({ success: z.literal(true), export: TenantExportSchema });

export const TenantDeletionSchema = z
  .object({
    tenantId: z.uuid(),
    nameSha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .openapi({ description: "SHA-256 of the tenant's name" }),
    status: z.enum(["deleting", "deleted"]),
    phase: z.enum(["objects", "durable_objects", "tables", "verify", "done"]),
    removed: z.record(z.string(), z.number().int().min(0)).openapi({
      description: "Rows removed per table, and r2Objects / durableObjects emptied",
    }),
    deletedBy: z.string(),
    deletedAt: IsoDateTime,
    completedAt: orNull(IsoDateTime),
  })
  .openapi("TenantDeletion", {
    description: "The tombstone a deleted tenant leaves, with the removal's progress",
  });

export const TenantDeletionResponse = z.object({ success: z.literal(true), deletion: TenantDeletionSchema });
