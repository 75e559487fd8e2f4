import { z } from "@hono/zod-openapi";
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
