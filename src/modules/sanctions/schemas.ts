import { z } from "@hono/zod-openapi";
import { PaginationQuery, uuidParam } from "../../http/openapi";
import { isCountryCode } from "../../lib/countries";

export const CaseStateSchema = z
  .enum(["potential_match", "confirmed", "false_positive"])
  .openapi("SanctionsCaseState");

const Threshold = z.number().min(0.5).max(1).openapi({ description: "0.5..1; a hit scores at least this" });

export const SanctionsSettingsBody = z
  .strictObject({
    lists: z
      .array(z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/))
      .max(20)
      .openapi({
        description: "Ids of the sanctions lists to screen against (GET /v1/sanctions/settings names them)",
      }),
    threshold: Threshold.optional(),
  })
  .openapi("SanctionsSettingsBody");

const DateOfBirth = z
  .string()
  .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/)
  .openapi({ description: "YYYY, YYYY-MM or YYYY-MM-DD", example: "1971-03-02" });

export const ScreenNameBody = z
  .strictObject({
    name: z.string().trim().min(1).max(300),
    dateOfBirth: DateOfBirth.optional(),
    nationality: z
      .string()
      .transform((v) => v.toUpperCase())
      .refine(isCountryCode, "an ISO 3166-1 alpha-2 country code")
      .optional()
      .openapi({ description: "ISO 3166-1 alpha-2", example: "GH" }),
    kind: z.enum(["person", "organisation"]).optional(),
    threshold: Threshold.optional().openapi({
      description: "Overrides the tenant's threshold for this request",
    }),
  })
  .openapi("ScreenNameBody");

export const SanctionsCaseParams = z.object({ caseId: uuidParam("caseId") });

export const ListSanctionsCasesQuery = PaginationQuery.extend({
  state: CaseStateSchema.optional(),
  subjectId: z.string().min(1).max(200).optional(),
});

export const DecideSanctionsCaseBody = z
  .strictObject({
    decision: z.enum(["confirmed", "false_positive"]),
    reason: z.string().trim().min(1).max(2000),
  })
  .openapi("DecideSanctionsCaseBody");
