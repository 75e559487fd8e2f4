import { z } from "@hono/zod-openapi";
import { LIST_FORMATS } from "../domain/parsers";

export const SanctionsListId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/)
  .openapi({
    param: { name: "listId", in: "path" },
    example: "un-consolidated",
    description: "The list's id, chosen by the operator on its first load: 1..40 of a-z 0-9 _ -",
  });

export const SanctionsListParams = z.object({ listId: SanctionsListId });

export const SanctionsVersionParams = z.object({
  listId: SanctionsListId,
  version: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000_000)
    .openapi({ param: { name: "version", in: "path" }, example: 1 }),
});

export const ListFormatSchema = z.enum(LIST_FORMATS).openapi("SanctionsListFormat", {
  description:
    "un_xml: UN Security Council consolidated list XML; ofac_sdn_xml / ofac_sdn_csv: OFAC SDN list (sdn.xml, sdn.csv); " +
    "eu_xml: EU consolidated financial sanctions XML; uk_xml: UK consolidated list of financial sanctions targets XML; " +
    "national_csv: CSV with a header (reference, type, name, aliases, weak_aliases, date_of_birth, nationality, program, remarks)",
});

export const LoadSanctionsListBody = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: "Display name (first load; default the id)" }),
    format: ListFormatSchema,
    publicationDate: z.iso
      .date()
      .optional()
      .openapi({ description: "YYYY-MM-DD; required when the file states none (OFAC CSV, national CSV)" }),
    content: z.string().min(1).max(1_000_000).optional().openapi({
      description: "The file's text as published; a file over 1 MiB is uploaded first and named by uploadId",
    }),
    uploadId: z.uuid().optional().openapi({
      description:
        "A file uploaded with POST /admin/sanctions/uploads (removed once loaded); instead of content",
    }),
  })
  .refine((b) => (b.content === undefined) !== (b.uploadId === undefined), {
    path: ["content"],
    message: "give content or uploadId (one of them)",
  })
  .openapi("LoadSanctionsListBody");
