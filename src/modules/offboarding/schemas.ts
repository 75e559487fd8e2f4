import { z } from "@hono/zod-openapi";
import { IsoDateTime, orNull } from "../../http/openapi";
import { FILE_NAME_PATTERN } from "./domain/archive";

/** OpenAPI shapes of tenant offboarding: exports of a tenant's data and its deletion. */

export const ExportParams = z.object({
  tenantId: z.uuid().openapi({ param: { name: "tenantId", in: "path" } }),
  exportId: z.uuid().openapi({ param: { name: "exportId", in: "path" } }),
});

export const ExportFileParams = ExportParams.extend({
  fileName: z
    .string()
    .max(64)
    .regex(new RegExp(FILE_NAME_PATTERN))
    .openapi({
      param: { name: "fileName", in: "path" },
      description:
        "manifest.json, control.json, <table>-NNNNNN.ndjson or object-NNNNNN (names are in the manifest)",
      example: "manifest.json",
    }),
});

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
