import type { TenantScope } from "../../../db/client";
import type { LoanEvent } from "../../data/domain/flows";
import { combineRecords, loanRecord, type RepaymentRecord } from "../domain/repayment-record";
import * as lendingRepo from "../repo";
import { repaymentInputs, scheduleOf } from "../service";
import * as repo from "./repo";

/**
 * Loan history for other modules: the loan events flow classification links transactions to,
 * and each borrower's repayment record for the BHI's payment behaviour.
 */

export type { RepaymentRecord } from "../domain/repayment-record";

/** Loan disbursements and repayments of these customers dated in [from, to] (YYYY-MM-DD). */
export const loanEventsOf = (scope: TenantScope, customerIds: readonly string[], from: string, to: string) =>
  customerIds.length === 0
    ? Promise.resolve<LoanEvent[]>([])
    : repo.loanEventsOf(scope, customerIds, from, to);

/** Loan ids per statement when reading schedules and repayments (~40 bytes of JSON each). */
const LOAN_CHUNK = 1_000;

/**
 * The repayment record as of `asOf` of each of these customers who has a loan (not pending):
 * three reads per 1,000 loans, whatever the number of customers.
 */
export async function repaymentRecords(
  scope: TenantScope,
  customerIds: readonly string[],
  asOf: string,
): Promise<Map<string, RepaymentRecord>> {
  const loans = customerIds.length === 0 ? [] : await repo.loansOfCustomers(scope, customerIds);
  const perCustomer = new Map<string, RepaymentRecord[]>();
  for (let i = 0; i < loans.length; i += LOAN_CHUNK) {
    const chunk = loans.slice(i, i + LOAN_CHUNK);
    const ids = chunk.map((l) => l.id);
    const [installments, repayments] = await Promise.all([
      lendingRepo.installmentsOf(scope, ids),
      lendingRepo.repaymentsOf(scope, ids),
    ]);
    const schedules = groupBy(installments, (r) => r.loanId);
    const paid = groupBy(repayments, (r) => r.loanId);
    for (const loan of chunk) {
      const record = loanRecord(
        scheduleOf(schedules.get(loan.id) ?? []),
        repaymentInputs(paid.get(loan.id) ?? []),
        asOf,
      );
      const list = perCustomer.get(loan.customer_id) ?? [];
      list.push(record);
      perCustomer.set(loan.customer_id, list);
    }
  }
  return new Map([...perCustomer].map(([id, records]) => [id, combineRecords(records)]));
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(key(row));
    if (list) list.push(row);
    else out.set(key(row), [row]);
  }
  return out;
}
