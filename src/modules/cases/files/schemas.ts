/** OpenAPI shapes of case evidence files and links (docs/decisions/case-work.md#evidence-files). */
import { z } from "@hono/zod-openapi";
import { uuidParam } from "../../../http/openapi";
import { ALLOWED_CONTENT_TYPES, MAX_DESCRIPTION_LENGTH, MAX_FILE_BYTES } from "./domain/upload";

export const CaseParams = z.object({ caseId: uuidParam("caseId") });
export const FileParams = z.object({ caseId: uuidParam("caseId"), fileId: uuidParam("fileId") });

export const UploadQuery = z.object({
  filename: z.string().min(1).max(255).openapi({
    description:
      "The file's name; stored sanitised (last path segment, A-Z a-z 0-9 . _ - only, at most 120 characters)",
    example: "bank-statement.pdf",
  }),
  description: z.string().trim().min(1).max(MAX_DESCRIPTION_LENGTH).optional(),
  actorId: z.string().trim().min(1).max(200).openapi({ description: "The analyst uploading" }),
  actorName: z.string().trim().min(1).max(200).optional(),
});

/** One allowed content type per entry: the body is the file itself. */
export const uploadBody = {
  required: true,
  description: `The file's bytes (at most ${MAX_FILE_BYTES} bytes); Content-Type one of ${ALLOWED_CONTENT_TYPES.join(", ")}`,
  content: Object.fromEntries(
    ALLOWED_CONTENT_TYPES.map((t) => [t, { schema: z.string().openapi({ format: "binary" }) }]),
  ),
};
