/** OpenAPI shapes of links between fraud cases, AML cases and alerts (docs/decisions/case-work.md#links). */
import { z } from "@hono/zod-openapi";
import { uuidParam } from "../../../http/openapi";
import { storableText } from "../../../http/storable";
import { END_KINDS } from "./domain/ends";

export const CaseParams = z.object({ caseId: uuidParam("caseId") });
export const LinkParams = z.object({ caseId: uuidParam("caseId"), linkId: uuidParam("linkId") });
export const AlertParams = z.object({ alertId: uuidParam("alertId") });

const EndKind = z.enum(END_KINDS).openapi({
  description: "fraud_case, aml_case, or alert (a stored monitoring alert, GET /v1/monitoring/alerts)",
});
const Actor = {
  actorId: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .openapi({ description: "The analyst; recorded in both case logs" }),
  actorName: z.string().trim().min(1).max(200).optional(),
};

export const LinkEndSchema = z.object({ kind: EndKind, id: z.uuid() }).openapi("CaseLinkEnd");

/** Fed into hashed case-log entries: storableText refuses what storage would not return exactly. */
export const CreateLinkBody = storableText(
  z.strictObject({
    target: z.strictObject({ kind: EndKind, id: z.uuid() }),
    ...Actor,
    note: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .optional()
      .openapi({ description: "Why; kept in the log entries" }),
  }),
).openapi("CaseLinkCreateRequest");

export const UnlinkQuery = storableText(
  z.object({ ...Actor, note: z.string().trim().min(1).max(2000).optional() }),
);
