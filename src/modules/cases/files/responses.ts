import { z } from "@hono/zod-openapi";
import { IsoDateTime } from "../../../http/openapi";
import { ALLOWED_CONTENT_TYPES } from "./domain/upload";

// Response shapes of modules/cases/files: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const CaseFileSchema = z
  .object({
    id: z.string().uuid(),
    caseKind: z.enum(["fraud", "aml"]),
    caseId: z.string().uuid(),
    filename: z.string(),
    contentType: z.enum(ALLOWED_CONTENT_TYPES),
    size: z.number().int(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    description: z.string().nullable(),
    uploadedBy: z.string(),
    actorKeyId: z.string().nullable(),
    createdAt: IsoDateTime,
  })
  .openapi("CaseFile");
