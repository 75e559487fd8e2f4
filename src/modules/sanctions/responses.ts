import { z } from "@hono/zod-openapi";
import { PaginationSchema } from "../../http/openapi";
import { CaseStateSchema } from "./schemas";

export const SanctionsSettingsSchema = z
  .object({
    lists: z.array(z.string()),
    threshold: z.number(),
    updatedAt: z.string().nullable(),
  })
  .openapi("SanctionsSettings");

const Confirmation = z.enum(["match", "partial", "mismatch", "unknown"]);

export const SanctionsEntrySchema = z
  .object({
    ref: z.string(),
    kind: z.enum(["person", "organisation", "vessel", "aircraft", "other"]),
    names: z.array(z.object({ name: z.string(), strength: z.enum(["primary", "strong", "weak"]) })),
    datesOfBirth: z.array(z.string()),
    nationalities: z.array(z.string()),
    programs: z.array(z.string()),
    remarks: z.string(),
  })
  .openapi("SanctionsEntry");

export const SanctionsHitSchema = z
  .object({
    listId: z.string(),
    entryRef: z.string(),
    score: z.number().openapi({ description: "The name score moved by the confirmers, 0..1" }),
    nameScore: z.number(),
    matchedName: z.string().openapi({ description: "The entry's name or alias that matched" }),
    nameStrength: z.enum(["primary", "strong", "weak"]),
    matchedFields: z
      .array(z.string())
      .openapi({ description: "name | alias | weakAlias, dateOfBirth, nationality" }),
    dateOfBirth: Confirmation,
    nationality: Confirmation,
    entry: SanctionsEntrySchema,
  })
  .openapi("SanctionsHit");

export const ScreenResultSchema = z
  .object({
    threshold: z.number(),
    lists: z
      .record(z.string(), z.number().int())
      .openapi({ description: "Each list screened and its version" }),
    hits: z.array(SanctionsHitSchema),
  })
  .openapi("SanctionsScreenResult");

export const SanctionsCaseSchema = z
  .object({
    caseId: z.string(),
    subjectType: z.enum(["customer", "counterparty"]),
    subjectId: z.string().openapi({
      description:
        "The customer id, or for a counterparty its name folded (case, accents, punctuation ignored): a cleared false positive is remembered per counterparty name and list entry",
    }),
    subjectName: z.string(),
    listId: z.string(),
    entryRef: z.string(),
    matchedName: z.string(),
    score: z.number(),
    matchedFields: z.array(z.string()),
    source: z.string(),
    transactionIds: z.array(z.string()).openapi({
      description:
        "For a counterparty: the transactions that named it, most recent first (at most 50); empty for a customer",
    }),
    state: CaseStateSchema,
    reason: z.string().nullable(),
    clearRequestedBy: z.string().nullable(),
    clearRequestedAt: z.string().nullable(),
    clearReason: z.string().nullable(),
    decidedBy: z.string().nullable(),
    decidedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("SanctionsCase");

export const SanctionsCaseListSchema = z.object({
  success: z.literal(true),
  data: z.array(SanctionsCaseSchema),
  pagination: PaginationSchema,
});
