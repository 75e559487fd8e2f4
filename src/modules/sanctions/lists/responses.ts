import { z } from "@hono/zod-openapi";
import { ListFormatSchema } from "./schemas";

export const SanctionsListSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    format: ListFormatSchema,
    currentVersion: z.number().int().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("SanctionsList");

export const SanctionsListVersionSchema = z
  .object({
    listId: z.string(),
    version: z.number().int(),
    publishedAt: z.string().openapi({ description: "YYYY-MM-DD, from the file or the operator" }),
    sha256: z.string().openapi({ description: "SHA-256 of the file's text (hex)" }),
    entryCount: z.number().int(),
    added: z.number().int(),
    changed: z.number().int(),
    removed: z.number().int(),
    loadedAt: z.string(),
    loadedBy: z.string(),
  })
  .openapi("SanctionsListVersion");

export const SanctionsListChangesSchema = z
  .object({
    version: SanctionsListVersionSchema,
    added: z.array(z.string()),
    changed: z.array(z.string()),
    removed: z.array(z.string()),
  })
  .openapi("SanctionsListChanges");

export const SanctionsListUploadSchema = z
  .object({
    uploadId: z.uuid().openapi({ description: "Name it as uploadId when loading a version" }),
    sizeBytes: z.number().int(),
    uploadedAt: z.string(),
  })
  .openapi("SanctionsListUpload");
