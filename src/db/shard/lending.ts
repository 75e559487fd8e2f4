import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** The lending book (every shard): mirrors migrations/shard/0035_lending.sql. */
export const LOAN_STATUSES = ["pending", "active", "closed", "written_off"] as const;
export const TERM_UNITS = ["days", "weeks", "months"] as const;

export const loans = sqliteTable(
  "loans",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    externalSource: text("external_source").notNull(),
    externalId: text("external_id").notNull(),
    customerId: text("customer_id").notNull(),
    accountId: text("account_id"),
    product: text("product").notNull(),
    principalMinor: integer("principal_minor").notNull(),
    interestRate: text("interest_rate").notNull(),
    termCount: integer("term_count").notNull(),
    termUnit: text("term_unit", { enum: TERM_UNITS }).notNull(),
    disbursementDate: text("disbursement_date").notNull(),
    status: text("status", { enum: LOAN_STATUSES }).notNull(),
    branch: text("branch"),
    officer: text("officer"),
    currency: text("currency").notNull(),
    outstandingPrincipalMinor: integer("outstanding_principal_minor").notNull(),
    outstandingTotalMinor: integer("outstanding_total_minor").notNull(),
    oldestUnpaidDueDate: text("oldest_unpaid_due_date"),
    stateBucket: text("state_bucket").notNull(),
    stateRepaid: integer("state_repaid").notNull(),
    stateOn: text("state_on"),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("loans_external_idx").on(t.tenantId, t.externalSource, t.externalId),
    index("loans_customer_idx").on(t.tenantId, t.customerId, t.createdAt),
    index("loans_list_idx").on(t.tenantId, t.createdAt, t.id),
    index("loans_par_idx").on(t.tenantId, t.currency, t.status, t.oldestUnpaidDueDate),
  ],
);
export type LoanRow = typeof loans.$inferSelect;

export const loanInstallments = sqliteTable(
  "loan_installments",
  {
    tenantId: text("tenant_id").notNull(),
    loanId: text("loan_id").notNull(),
    seq: integer("seq").notNull(),
    dueDate: text("due_date").notNull(),
    principalDueMinor: integer("principal_due_minor").notNull(),
    interestDueMinor: integer("interest_due_minor").notNull(),
    feeDueMinor: integer("fee_due_minor").notNull(),
    principalPaidMinor: integer("principal_paid_minor").notNull(),
    interestPaidMinor: integer("interest_paid_minor").notNull(),
    feePaidMinor: integer("fee_paid_minor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.loanId, t.seq] })],
);
export type LoanInstallmentRow = typeof loanInstallments.$inferSelect;

export const loanRepayments = sqliteTable(
  "loan_repayments",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    loanId: text("loan_id").notNull(),
    externalSource: text("external_source").notNull(),
    externalId: text("external_id").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    paidOn: text("paid_on").notNull(),
    installmentSeq: integer("installment_seq"),
    allocation: text("allocation", { mode: "json" })
      .$type<Array<{ seq: number; principal: number; interest: number; fee: number }>>()
      .notNull(),
    unallocatedMinor: integer("unallocated_minor").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("loan_repayments_external_idx").on(t.tenantId, t.externalSource, t.externalId),
    index("loan_repayments_loan_idx").on(t.tenantId, t.loanId, t.paidOn),
  ],
);
export type LoanRepaymentRow = typeof loanRepayments.$inferSelect;

export const lendingSnapshots = sqliteTable(
  "lending_snapshots",
  {
    tenantId: text("tenant_id").notNull(),
    monthEnd: text("month_end").notNull(),
    loanId: text("loan_id").notNull(),
    currency: text("currency").notNull(),
    dpd: integer("dpd").notNull(),
    bucket: text("bucket").notNull(),
    outstandingPrincipalMinor: integer("outstanding_principal_minor").notNull(),
    branch: text("branch"),
    product: text("product").notNull(),
    officer: text("officer"),
    segment: text("segment"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.monthEnd, t.loanId] })],
);

/** Mirrors migrations/shard/0038_lending_roll_rates.sql: roll rates stored with each month-end. */
export const lendingRollRates = sqliteTable(
  "lending_roll_rates",
  {
    tenantId: text("tenant_id").notNull(),
    fromMonth: text("from_month").notNull(),
    toMonth: text("to_month").notNull(),
    currency: text("currency").notNull(),
    fromBucket: text("from_bucket").notNull(),
    toBucket: text("to_bucket").notNull(),
    loans: integer("loans").notNull(),
    principalMinor: integer("principal_minor").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.fromMonth, t.currency, t.fromBucket, t.toBucket] })],
);
