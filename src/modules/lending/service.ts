import type { TenantScope } from "../../db/client";
import type { PageRequest } from "../../db/keyset";
import type { LoanInstallmentRow, LoanRepaymentRow, LoanRow } from "../../db/shard/lending";
import type { TenantContext } from "../../db/tenant-context";
import { sha256Hex } from "../../lib/crypto";
import { notFound } from "../../lib/errors";
import { fromMinor } from "../../lib/money";
import { presentPage } from "../../lib/pagination";
import { getCustomer } from "../data/service";
import { eventStatements, type NewEvent, notifyOutbox } from "../events/service";
import type { RepaymentInput, ScheduleLine } from "./domain/allocation";
import type { Bucket } from "./domain/arrears";
import { arrearsAsOf } from "./domain/derive";
import { type Transition, transitionKey } from "./domain/transitions";
import { presentLoan, presentLoanDetail } from "./present";
import * as repo from "./repo";

/** Reads of the lending book, and what every write path shares (events of transitions). */

export const today = (ctx: Pick<TenantContext, "clock">): string =>
  ctx.clock.now().toISOString().slice(0, 10);

export const scheduleOf = (rows: readonly LoanInstallmentRow[]): ScheduleLine[] =>
  rows.map((i) => ({
    seq: i.seq,
    dueDate: i.dueDate,
    due: { principal: i.principalDueMinor, interest: i.interestDueMinor, fee: i.feeDueMinor },
  }));

export const repaymentInputs = (
  rows: readonly Pick<LoanRepaymentRow, "id" | "paidOn" | "amountMinor" | "installmentSeq">[],
): RepaymentInput[] =>
  rows.map((r) => ({ id: r.id, paidOn: r.paidOn, amount: r.amountMinor, installmentSeq: r.installmentSeq }));

/** A UUID fixed by the transition's key: the outbox keeps one event per transition however often it is seen. */
async function eventId(key: string): Promise<string> {
  const h = await sha256Hex(key);
  const variant = ((Number.parseInt(h[16], 16) & 3) | 8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

type EventLoan = Pick<
  LoanRow,
  "id" | "customerId" | "externalSource" | "externalId" | "product" | "currency"
>;

/** The outbox events of these transitions (ids fixed per loan, move and day). */
export async function transitionEvents(
  items: Array<{
    loan: EventLoan;
    transition: Transition;
    daysPastDue: number;
    outstandingPrincipal: number;
  }>,
  on: string,
): Promise<NewEvent[]> {
  return Promise.all(
    items.map(async ({ loan, transition, daysPastDue, outstandingPrincipal }) => ({
      id: await eventId(transitionKey(loan.id, transition, on)),
      type: transition.type,
      data: {
        loanId: loan.id,
        customerId: loan.customerId,
        externalSource: loan.externalSource,
        externalId: loan.externalId,
        product: loan.product,
        fromBucket: transition.from,
        toBucket: transition.to as Bucket,
        daysPastDue,
        outstandingPrincipal: fromMinor(outstandingPrincipal),
        currency: loan.currency,
        asOf: on,
      },
    })),
  );
}

/** Statements recording events once each (INSERT OR IGNORE on their fixed ids). */
export const eventsOnce = (scope: TenantScope, events: NewEvent[], at: string) =>
  eventStatements(scope, events, at, { once: true });

export async function afterEvents(ctx: Pick<TenantContext, "env" | "tenantId">, count: number) {
  if (count > 0) await notifyOutbox(ctx);
}

export async function listLoans(ctx: TenantContext, filter: repo.LoanFilter, page: PageRequest) {
  const on = today(ctx);
  return presentPage(await repo.listLoans(ctx, filter, page, on), (row) => presentLoan(row, on));
}

export async function listCustomerLoans(
  ctx: TenantContext,
  customerId: string,
  filter: repo.LoanFilter,
  page: PageRequest,
) {
  await getCustomer(ctx, customerId);
  return listLoans(ctx, { ...filter, customerId }, page);
}

/** One loan with its schedule, repayments and arrears as of `asOf` (default today). */
export async function getLoan(ctx: TenantContext, loanId: string, asOf?: string) {
  const loan = await repo.findLoan(ctx, loanId);
  if (!loan) throw notFound("Loan");
  const [installments, repayments] = await Promise.all([
    repo.installmentsOf(ctx, [loanId]),
    repo.repaymentsOf(ctx, [loanId]),
  ]);
  const on = asOf ?? today(ctx);
  const view = arrearsAsOf(scheduleOf(installments), repaymentInputs(repayments), on);
  return presentLoanDetail(loan, view, repayments);
}
