import { z } from "zod";
import {
  currency,
  externalKey,
  moneyToMinor,
  optionalText,
  positiveMoney,
  text,
} from "../../../lib/record-values";
import { LOAN_STATUS_LIST, TERM_UNIT_LIST } from "./constants";

/**
 * Ingestion shapes of loans (with their schedule) and loan repayments (docs/methodology/lending.md#ingest).
 * A loan record is the whole loan: re-sending it replaces the stored loan and its schedule
 * (optional fields absent are cleared), and repayments already stored are allocated again.
 */

export const MAX_INSTALLMENTS = 600;

/** A calendar date YYYY-MM-DD that exists (2026-02-30 does not). */
export const calendarDate = z
  .string()
  .trim()
  .refine((v) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
    const ms = Date.parse(`${v}T00:00:00Z`);
    return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === v;
  }, "must be a calendar date YYYY-MM-DD");

const nonNegativeMoney = z
  .string()
  .trim()
  .regex(
    /^\d{1,13}(\.\d{1,2})?$/,
    'must be a decimal string >= 0 with at most 2 fraction digits, e.g. "12.50"',
  );

const installmentRecord = z.object({
  seq: z.coerce.number().int().min(1).max(MAX_INSTALLMENTS).optional(),
  dueDate: calendarDate,
  principal: nonNegativeMoney,
  interest: nonNegativeMoney.optional(),
  fee: nonNegativeMoney.optional(),
});

/** CSV carries the schedule as a JSON array in one cell. */
const jsonCell = (v: unknown) => {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

const link = externalKey.optional();

export const loanRecord = z
  .object({
    externalId: externalKey,
    externalSource: externalKey,
    customerId: z.uuid().optional(),
    customerExternalId: link,
    customerExternalSource: link,
    accountId: z.uuid().optional(),
    accountExternalId: link,
    accountExternalSource: link,
    product: text(100),
    principal: positiveMoney,
    interestRate: z
      .string()
      .trim()
      .regex(/^\d{1,3}(\.\d{1,4})?$/, 'must be a yearly percentage, e.g. "24.5"'),
    termCount: z.coerce.number().int().min(1).max(1200),
    termUnit: z.enum(TERM_UNIT_LIST).optional(),
    disbursementDate: calendarDate,
    status: z.enum(LOAN_STATUS_LIST).optional(),
    branch: optionalText(100),
    officer: optionalText(100),
    currency,
    schedule: z.preprocess(jsonCell, z.array(installmentRecord).min(1).max(MAX_INSTALLMENTS)),
  })
  .superRefine((loan, ctx) => {
    const seqs = loan.schedule.map((s, i) => s.seq ?? i + 1);
    if (new Set(seqs).size !== seqs.length) {
      ctx.addIssue({ code: "custom", path: ["schedule"], message: "installment seq values must be unique" });
    }
    loan.schedule.forEach((s, i) => {
      if (s.dueDate < loan.disbursementDate) {
        ctx.addIssue({
          code: "custom",
          path: ["schedule", i, "dueDate"],
          message: "must not be before disbursementDate",
        });
      }
    });
    const scheduled = loan.schedule.reduce((sum, s) => sum + moneyToMinor(s.principal), 0);
    if (scheduled !== moneyToMinor(loan.principal)) {
      ctx.addIssue({
        code: "custom",
        path: ["schedule"],
        message: `installment principals add up to ${(scheduled / 100).toFixed(2)}, not the loan's principal`,
      });
    }
  });

export const repaymentRecord = z.object({
  externalId: externalKey,
  externalSource: externalKey,
  loanId: z.uuid().optional(),
  loanExternalId: link,
  loanExternalSource: link,
  amount: positiveMoney,
  currency,
  paidOn: calendarDate,
  installmentSeq: z.coerce.number().int().min(1).max(MAX_INSTALLMENTS).nullable().optional(),
});

export type LoanRecord = z.infer<typeof loanRecord>;
export type RepaymentRecord = z.infer<typeof repaymentRecord>;

/** CSV header cells each record accepts. */
export const LOAN_COLUMNS: ReadonlySet<string> = new Set(Object.keys(loanRecord.shape));
export const REPAYMENT_COLUMNS: ReadonlySet<string> = new Set(Object.keys(repaymentRecord.shape));

export const scheduleLines = (r: LoanRecord) =>
  r.schedule.map((s, i) => ({
    seq: s.seq ?? i + 1,
    dueDate: s.dueDate,
    due: {
      principal: moneyToMinor(s.principal),
      interest: moneyToMinor(s.interest ?? "0"),
      fee: moneyToMinor(s.fee ?? "0"),
    },
  }));
