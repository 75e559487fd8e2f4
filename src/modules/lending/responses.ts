import { z } from "@hono/zod-openapi";
import { Money, PaginationSchema } from "../../http/openapi";
import { BUCKET_NAMES } from "./domain/arrears";
import { LOAN_STATUS_LIST, TERM_UNIT_LIST } from "./domain/constants";
import { GROUP_BYS } from "./portfolio/repo";
import { Bucket } from "./schemas";

// Response shapes of modules/lending: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

const DateOnly = z.string().openapi({ example: "2026-01-31", description: "YYYY-MM-DD" });

export const LoanSchema = z
  .object({
    id: z.uuid(),
    externalId: z.string(),
    externalSource: z.string(),
    customerId: z.uuid(),
    accountId: z.uuid().nullable(),
    product: z.string(),
    principal: Money,
    interestRate: z.string().openapi({ description: "Yearly percentage as sent, e.g. 24.5" }),
    termCount: z.number().int(),
    termUnit: z.enum(TERM_UNIT_LIST),
    disbursementDate: DateOnly,
    status: z.enum(LOAN_STATUS_LIST),
    branch: z.string().nullable(),
    officer: z.string().nullable(),
    currency: z.string(),
    outstandingPrincipal: Money,
    outstandingTotal: Money,
    daysPastDue: z.number().int(),
    arrearsBucket: Bucket,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Loan");

const Amounts = z.object({ principal: Money, interest: Money, fee: Money, total: Money });

export const ArrearsSchema = z
  .object({
    asOf: DateOnly,
    daysPastDue: z
      .number()
      .int()
      .openapi({ description: "asOf minus the due date of the oldest installment unpaid before asOf" }),
    bucket: Bucket,
    oldestUnpaidDueDate: DateOnly.nullable(),
    overdueInstallments: z.number().int(),
    overdue: Amounts,
    outstanding: Amounts,
  })
  .openapi("LoanArrears");

const Installment = z
  .object({
    seq: z.number().int(),
    dueDate: DateOnly,
    principalDue: Money,
    interestDue: Money,
    feeDue: Money,
    principalPaid: Money,
    interestPaid: Money,
    feePaid: Money,
    state: z.enum(["paid", "overdue", "partially_paid", "due"]),
  })
  .openapi("LoanInstallment");

const Repayment = z
  .object({
    id: z.uuid(),
    externalId: z.string(),
    externalSource: z.string(),
    amount: Money,
    currency: z.string(),
    paidOn: DateOnly,
    installmentSeq: z.number().int().nullable(),
    allocation: z.array(z.object({ seq: z.number().int(), principal: Money, interest: Money, fee: Money })),
    unallocated: Money.openapi({ description: "Paid beyond the whole schedule" }),
  })
  .openapi("LoanRepayment");

export const LoanDetailSchema = LoanSchema.extend({
  arrears: ArrearsSchema,
  schedule: z.array(Installment),
  repayments: z.array(Repayment).openapi({ description: "Repayments paid on or before asOf" }),
}).openapi("LoanDetail");

export const LoanListSchema = z.object({
  success: z.literal(true),
  data: z.array(LoanSchema),
  pagination: PaginationSchema,
});

const Figures = z.object({
  loans: z.number().int(),
  outstandingPrincipal: Money,
  par1: z.number().openapi({
    description: "Outstanding principal of loans more than 1 day past due / all outstanding principal",
  }),
  par30: z.number(),
  par90: z.number(),
  atRisk: z.object({ par1: Money, par30: Money, par90: Money }),
});

export const ParSchema = z
  .object({
    success: z.literal(true),
    asOf: DateOnly,
    currency: z.string(),
    source: z.enum(["live", "snapshot"]),
    groupBy: z.enum(GROUP_BYS).nullable(),
    portfolio: Figures,
    groups: z.array(Figures.extend({ key: z.string().nullable() })),
    history: z
      .array(Figures.extend({ monthEnd: DateOnly }))
      .openapi({ description: "Stored month-ends, newest first (up to 12)" }),
    rollRates: z.array(
      z.object({
        fromMonth: DateOnly,
        toMonth: DateOnly,
        flows: z.array(
          z.object({
            fromBucket: Bucket,
            toBucket: z.enum([...BUCKET_NAMES, "closed"]),
            loans: z.number().int(),
            outstandingPrincipal: Money.openapi({ description: "At fromMonth" }),
            rate: z.number().openapi({ description: "Share of the fromBucket's principal at fromMonth" }),
          }),
        ),
      }),
    ),
  })
  .openapi("PortfolioAtRisk");

export const SnapshotBackfillSchema = z
  .object({
    success: z.literal(true),
    monthEnds: z.array(z.string()).openapi({ description: "The month-ends written, oldest first" }),
    loans: z.number().int().openapi({ description: "Loans reconstructed" }),
    rows: z
      .number()
      .int()
      .openapi({ description: "Snapshot rows written (a loan in the book at a month-end)" }),
  })
  .openapi("LendingSnapshotBackfillResult");
