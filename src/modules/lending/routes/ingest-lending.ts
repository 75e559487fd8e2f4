import type { App } from "../../../http/context";
import { ErrorBodySchema } from "../../../http/errors";
import { jsonContent, tenantRoute } from "../../../http/openapi";
import { AppError } from "../../../lib/errors";
import { formatOf, MAX_RECORDS } from "../../ingest/domain/parse";
import { ingestLoans } from "../ingest/service";
import { ingestRepayments } from "../repayments/service";
import { LoanRecordSchema, LoanRepaymentRecordSchema } from "../schemas";

// Documented, not validated as a whole: each record is checked on its own and reported in `errors`.
const body = (component: "LoanRecord" | "LoanRepaymentRecord") => ({
  required: true,
  content: {
    "application/json": {
      schema: {
        type: "array" as const,
        maxItems: MAX_RECORDS,
        items: { $ref: `#/components/schemas/${component}` },
      },
    },
    "application/x-ndjson": { schema: { type: "string" as const } },
    "text/csv": { schema: { type: "string" as const } },
  },
});

const FORMATS =
  "Body: a JSON array, NDJSON (one record per line) or CSV (header row; a loan's `schedule` is a JSON array in its cell). " +
  "Each record is validated on its own: bad ones come back in `errors` and are skipped, good ones are written together " +
  "in one transaction. Re-sending a batch changes nothing.";

const QUOTA =
  "A batch whose new rows (loans, installments, repayments) would pass the tenant's storage quota is refused whole: " +
  "403 `storage_quota_exceeded` (docs/decisions/fairness.md#storage-quotas).";

export const ingestLoansRoute = tenantRoute({
  method: "post",
  path: "/v1/ingest/loans",
  operationId: "ingestLoans",
  tags: ["Lending"],
  summary: "Upsert loans",
  description: `Up to ${MAX_RECORDS} loans with their repayment schedules, by (externalSource, externalId). ${FORMATS} A loan record replaces the stored loan and its schedule; its stored repayments are allocated again. Load customers (and accounts) first. ${QUOTA}`,
  scope: "data:write",
  request: { body: body("LoanRecord") },
  responses: {
    200: jsonContent(
      async () => (await import("../../ingest/responses")).IngestResultSchema,
      "Written records and the skipped ones",
    ),
    403: {
      description:
        "Missing scope (forbidden), or `storage_quota_exceeded`: the batch's new loans and installments would take the tenant past its storage quota (GET /v1/usage); nothing of the batch was written. Updates of stored loans that keep their schedule's length are never refused",
      content: { "application/json": { schema: ErrorBodySchema } },
    },
  },
});

export const ingestRepaymentsRoute = tenantRoute({
  method: "post",
  path: "/v1/ingest/loan-repayments",
  operationId: "ingestLoanRepayments",
  tags: ["Lending"],
  summary: "Upsert loan repayments",
  description: `Up to ${MAX_RECORDS} loan repayments, by (externalSource, externalId). ${FORMATS} Allocation: fees, then interest, then principal, oldest installment first (a named installmentSeq first). paidOn may not be in the future. ${QUOTA}`,
  scope: "data:write",
  request: { body: body("LoanRepaymentRecord") },
  responses: {
    200: jsonContent(
      async () => (await import("../../ingest/responses")).IngestResultSchema,
      "Written records and the skipped ones",
    ),
    403: {
      description:
        "Missing scope (forbidden), or `storage_quota_exceeded`: the batch's new repayments would take the tenant past its storage quota (GET /v1/usage); nothing of the batch was written. Re-sent or corrected repayments (same externalSource and externalId) are never refused",
      content: { "application/json": { schema: ErrorBodySchema } },
    },
  },
});

const formatOrThrow = (contentType: string | undefined) => {
  const format = formatOf(contentType);
  if (!format) {
    throw new AppError(
      "unsupported_media_type",
      "Send application/json (an array), application/x-ndjson or text/csv",
    );
  }
  return format;
};

export function registerLendingIngest(app: App): void {
  app.openAPIRegistry.register("LoanRecord", LoanRecordSchema);
  app.openAPIRegistry.register("LoanRepaymentRecord", LoanRepaymentRecordSchema);
  app.openapi(ingestLoansRoute, async (c) => {
    const format = formatOrThrow(c.req.header("content-type"));
    const result = await ingestLoans(c.get("ctx"), format, await c.req.text());
    return c.json({ success: true as const, ...result }, 200);
  });
  app.openapi(ingestRepaymentsRoute, async (c) => {
    const format = formatOrThrow(c.req.header("content-type"));
    const result = await ingestRepayments(c.get("ctx"), format, await c.req.text());
    return c.json({ success: true as const, ...result }, 200);
  });
}
