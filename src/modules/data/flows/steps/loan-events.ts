import type { TenantScope } from "../../../../db/client";
import type { LoanEvent } from "../../domain/flows";

/**
 * The loan disbursements and repayments flow classification links transactions to
 * (docs/methodology/flows.md). The loans are the lending module's, and lending sits above data
 * (it reads customers and records loan events through data), so data does not import it: it
 * calls this port, which src/ports.ts fills once per isolate with lending/history/service.ts
 * (docs/architecture.md#ports).
 */
export type LoanEvents = (
  scope: TenantScope,
  customerIds: readonly string[],
  from: string,
  to: string,
) => Promise<LoanEvent[]>;

let events: LoanEvents | null = null;

export function provideLoanEvents(provided: LoanEvents | null): void {
  events = provided;
}

/** Loan disbursements and repayments of these customers dated in [from, to] (YYYY-MM-DD). */
export function loanEventsOf(
  scope: TenantScope,
  customerIds: readonly string[],
  from: string,
  to: string,
): Promise<LoanEvent[]> {
  // Unfilled only when src/ports.ts was never imported: a wiring fault, not a customer without loans.
  if (!events) throw new Error("data/flows: loan-events port not filled (src/ports.ts)");
  return events(scope, customerIds, from, to);
}
