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
 * transactions.flow_kind (migration 0020, a virtual generated column stored in
 * transactions_flow_idx).
 */
export const FLOW_KIND = { failedCredit: 0, credit: 1, debit: 2, overdraftDebit: 3, failedDebit: 4 } as const;
