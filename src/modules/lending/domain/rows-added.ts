/**
 * The rows a lending write adds to the tenant's storage (docs/decisions/fairness.md#storage-quotas):
 * a loan not stored yet, installments beyond the loan's stored schedule, repayments beyond its
 * stored ones. Updates of stored rows add nothing, so a tenant at its quota can still correct
 * them; a schedule that shrinks frees rows but buys no room for another loan's growth in the
 * same batch (the refusal stays simple to explain). Pure.
 */
export interface LoanWrite {
  /** What the shard held for this loan before the write. */
  before: { loan: boolean; installments: number; repayments: number };
  /** Installments and repayments the loan has after it (a batch names each loan once). */
  installments: number;
  repayments: number;
}

export interface LendingRowsAdded {
  loans: number;
  loan_installments: number;
  loan_repayments: number;
}

export function rowsAdded(writes: readonly LoanWrite[]): LendingRowsAdded {
  const added: LendingRowsAdded = { loans: 0, loan_installments: 0, loan_repayments: 0 };
  for (const w of writes) {
    if (!w.before.loan) added.loans++;
    added.loan_installments += Math.max(0, w.installments - w.before.installments);
    added.loan_repayments += Math.max(0, w.repayments - w.before.repayments);
  }
  return added;
}
