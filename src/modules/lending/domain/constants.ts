/** Loan statuses and term units (the stored values; src/db/shard/lending.ts mirrors them). */
export const LOAN_STATUS_LIST = ["pending", "active", "closed", "written_off"] as const;
export const TERM_UNIT_LIST = ["days", "weeks", "months"] as const;
export type LoanStatus = (typeof LOAN_STATUS_LIST)[number];
