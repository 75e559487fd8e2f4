import { sql } from "drizzle-orm";

/**
 * Transaction statuses whose money did not move: counted as failed payments and left out of
 * every flow (BHI, SME, agent health, insights, next-best actions, AML rules). Migration 0020
 * writes the same list into `transactions.flow_kind`; test/bhi/flow-kind.test.ts keeps the two
 * in step. Ingest stores statuses in lower case, so the comparison is exact.
 */
export const FAILED_STATUSES = [
  "failed",
  "declined",
  "rejected",
  "returned",
  "reversed",
  "bounced",
  "cancelled",
] as const;

/** The list as SQL text for `status NOT IN (...)` (constants, no user input). */
export const FAILED_STATUS_LIST = sql.raw(FAILED_STATUSES.map((s) => `'${s}'`).join(", "));

/** SQL: the row (columns unqualified) moved money; 'completed', nearly every row, short-circuits. */
export const MOVED_MONEY = sql`(status = 'completed' OR status NOT IN (${FAILED_STATUS_LIST}))`;

/**
 * Credit flows that are not earned money (transactions.flow, docs/methodology/flows.md):
 * migration 0036 writes the same list into flow_kind; src/modules/data/domain/flows.test.ts
 * keeps it in step with the domain's NON_REVENUE_CREDIT_FLOWS.
 */
export const NON_REVENUE_CREDIT_FLOWS = ["own_transfer", "loan_disbursement", "refund"] as const;

/** The list as SQL text for `flow IN (...)` (constants, no user input). */
export const NON_REVENUE_FLOW_LIST = sql.raw(NON_REVENUE_CREDIT_FLOWS.map((s) => `'${s}'`).join(", "));

/**
 * transactions.flow_kind (migration 0036, a virtual generated column stored in
 * transactions_flow_idx): money that moved is a revenue credit (1), a debit (2), a debit into
 * an overdraft (3), a credit that is not revenue (5: own transfer, loan disbursement, refund)
 * or a debit to an own account (6); money that did not move is a failed credit (0) or debit (4).
 */
export const FLOW_KIND = {
  failedCredit: 0,
  credit: 1,
  debit: 2,
  overdraftDebit: 3,
  failedDebit: 4,
  nonRevenueCredit: 5,
  ownTransferDebit: 6,
} as const;
