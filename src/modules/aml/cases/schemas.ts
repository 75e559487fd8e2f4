/** OpenAPI shapes of AML cases: the case, its hash-chained history, the list and the transitions. */
import { z } from "@hono/zod-openapi";
import { PaginationQuery } from "../../../http/openapi";
import { storableText } from "../../../http/storable";
import { CaseOutcome, caseWorkQuery } from "../../cases/schemas";
import { AML_CASE_STATUSES } from "../domain/case-machine";
import { CaseStatus, EntityType } from "../schemas";

export const CaseListQuery = PaginationQuery.extend({
  status: z
    .string()
    .optional()
    .openapi({ description: `Status, or comma-separated statuses: ${AML_CASE_STATUSES.join(", ")}` })
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const parts = v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      for (const p of parts)
        if (!(AML_CASE_STATUSES as readonly string[]).includes(p)) {
          ctx.addIssue({ code: "custom", message: `Unknown status ${p}` });
          return z.NEVER;
        }
      return parts;
    }),
  entityType: EntityType.optional(),
  entityId: z.string().min(1).max(200).optional(),
  ruleId: z.string().min(1).max(50).optional(),
  ...caseWorkQuery,
});

/** No actorType: a transition through the API is always a `user` actor (the key is recorded). */
export const TransitionBody = storableText(
  z
    .object({
      toStatus: CaseStatus,
      actorId: z.string().trim().min(1).max(200),
      actorName: z.string().trim().min(1).max(200).optional(),
      note: z.string().trim().min(1).max(5000).optional(),
      outcome: CaseOutcome.optional().openapi({ description: "Only with a closed_* toStatus" }),
    })
    .strict(),
);
