import { z } from "@hono/zod-openapi";
import { PaginationQuery } from "../../http/openapi";
import { BUCKET_NAMES } from "./domain/arrears";
import { LOAN_STATUS_LIST } from "./domain/constants";
import { calendarDate, loanRecord, repaymentRecord } from "./domain/records";
import { GROUP_BYS } from "./portfolio/repo";

/** The lending book's request shapes (named OpenAPI components); its responses: responses.ts. */

export const LoanRecordSchema = loanRecord.openapi("LoanRecord", {
  description:
    "A loan with its whole schedule. Customer by customerId or customerExternalId (+ customerExternalSource, default the " +
    "loan's externalSource); optional account likewise. Installment principals must add up to `principal`.",
});
export const LoanRepaymentRecordSchema = repaymentRecord.openapi("LoanRepaymentRecord", {
  description:
    "A repayment; loan by loanId or loanExternalId (+ loanExternalSource). `installmentSeq` pays that installment first.",
});

export const Bucket = z.enum(BUCKET_NAMES).openapi("ArrearsBucket");

export const LoanListQuery = PaginationQuery.extend({
  customerId: z.uuid().optional(),
  status: z.enum(LOAN_STATUS_LIST).optional(),
  product: z.string().min(1).max(100).optional(),
  branch: z.string().min(1).max(100).optional(),
  officer: z.string().min(1).max(100).optional(),
  arrearsBucket: Bucket.optional().openapi({ description: "Bucket as of today" }),
});
export const CustomerLoanListQuery = LoanListQuery.omit({ customerId: true });

export const AsOfQuery = z.object({
  asOf: calendarDate
    .optional()
    .openapi({ description: "YYYY-MM-DD; default today (UTC)", example: "2026-01-31" }),
});

export const ParQuery = AsOfQuery.extend({
  groupBy: z.enum(GROUP_BYS).optional(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .optional()
    .openapi({ description: "Default the tenant's currency" }),
});

export const SnapshotBackfillBody = z
  .strictObject({
    from: z.iso.date().openapi({
      example: "2026-01-01",
      description: "The first month rebuilt (its month-end); at most 24 month-ends up to the last one",
    }),
  })
  .openapi("LendingSnapshotBackfill");
