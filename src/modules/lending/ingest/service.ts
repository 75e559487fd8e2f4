import type { LoanRepaymentRow, LoanRow } from "../../../db/shard/lending";
import type { TenantContext } from "../../../db/tenant-context";
import { badRequest } from "../../../lib/errors";
import { toMinor } from "../../../lib/money";
import { BodyFormatError, type Format, type RawRecord } from "../../ingest/domain/parse";
import { identityKey } from "../../ingest/domain/records";
import { type LinkRef, resolveLinks } from "../../ingest/service";
import { assertStorage } from "../../usage/service";
import type { RepaymentInput, ScheduleLine } from "../domain/allocation";
import { arrearsAsOf, type Derived, derive } from "../domain/derive";
import { parseBody, type RecordError, validateRecords } from "../domain/ingest-body";
import { LOAN_COLUMNS, type LoanRecord, loanRecord, scheduleLines } from "../domain/records";
import { type LoanWrite, rowsAdded } from "../domain/rows-added";
import { snapshotStates, statusAfter } from "../domain/snapshot";
import type { Transition } from "../domain/transitions";
import * as portfolio from "../portfolio/repo";
import * as repo from "../repo";
import { afterEvents, eventsOnce, repaymentInputs, today, transitionEvents } from "../service";

/**
 * What both lending ingests share: the body formats, limits and per-record errors of
 * /v1/ingest/{resource} (its parser and messages), and one atomic batch per request that
 * writes the records, re-allocates the touched loans' repayments and records the events of
 * their arrears transitions.
 */

export type Ctx = Pick<TenantContext, "db" | "tenantId" | "clock" | "tenant" | "env">;

/** A loan after a write: its row, schedule and every repayment (stored and incoming). */
export interface LoanChange {
  loan: LoanRow;
  schedule: ScheduleLine[];
  repayments: Array<
    RepaymentInput & Omit<LoanRepaymentRow, "tenantId" | "allocation" | "unallocatedMinor" | "createdAt">
  >;
  /** Whether the loan row itself is written (loan ingest) or only its derived columns. */
  upsertLoan: boolean;
  /** What the shard held for the loan before: the storage quota is checked on what the write adds. */
  before: LoanWrite["before"];
  /**
   * The earliest day whose state the write changes (the disbursement for a loan record, the
   * earliest repayment date for repayments): stored month-ends from then on are rebuilt.
   */
  historyFrom: string;
}

const derivedColumns = (d: Derived, on: string, status: string) => ({
  status: statusAfter(status, d.state.repaid),
  outstandingPrincipalMinor: d.outstandingPrincipal,
  outstandingTotalMinor: d.outstandingTotal,
  oldestUnpaidDueDate: d.oldestUnpaidDueDate,
  stateBucket: d.state.bucket,
  stateRepaid: d.state.repaid ? 1 : 0,
  stateOn: on,
});

/**
 * Derives every changed loan and writes it all in one batch (a transaction); events once each.
 * Every lending write comes through here, so here the rows it adds (new loans, installments,
 * repayments) are checked against the storage quota: over it, 403 and nothing written.
 */
export async function writeChanges(ctx: Ctx, changes: LoanChange[], on: string): Promise<void> {
  if (changes.length === 0) return;
  const added = rowsAdded(
    changes.map((c) => ({
      before: c.before,
      installments: c.schedule.length,
      repayments: c.repayments.length,
    })),
  );
  await assertStorage(ctx, { tables: added });
  const now = ctx.clock.now().toISOString();
  const loanRows: Record<string, unknown>[] = [];
  const derivedRows: Record<string, unknown>[] = [];
  const installmentRows: Record<string, unknown>[] = [];
  const repaymentRows: Record<string, unknown>[] = [];
  const moves: Array<{
    loan: LoanRow;
    transition: Transition;
    daysPastDue: number;
    outstandingPrincipal: number;
  }> = [];
  for (const change of changes) {
    const { loan } = change;
    const d = derive(
      change.schedule,
      change.repayments,
      { bucket: loan.stateBucket, repaid: loan.stateRepaid === 1 },
      on,
    );
    const columns = derivedColumns(d, on, loan.status);
    if (change.upsertLoan) loanRows.push({ ...loan, ...columns });
    else derivedRows.push({ id: loan.id, ...columns });
    for (const i of d.installments) {
      installmentRows.push({
        loanId: loan.id,
        seq: i.seq,
        dueDate: i.dueDate,
        principalDue: i.due.principal,
        interestDue: i.due.interest,
        feeDue: i.due.fee,
        principalPaid: i.paid.principal,
        interestPaid: i.paid.interest,
        feePaid: i.paid.fee,
      });
    }
    for (const r of change.repayments) {
      const allocated = d.repayments.get(r.id);
      repaymentRows.push({
        id: r.id,
        loanId: loan.id,
        externalSource: r.externalSource,
        externalId: r.externalId,
        amountMinor: r.amountMinor,
        currency: r.currency,
        paidOn: r.paidOn,
        installmentSeq: r.installmentSeq,
        allocation: allocated?.allocation ?? [],
        unallocatedMinor: allocated?.unallocated ?? 0,
      });
    }
    for (const transition of d.transitions) {
      moves.push({
        loan,
        transition,
        daysPastDue: d.arrears.daysPastDue,
        outstandingPrincipal: d.outstandingPrincipal,
      });
    }
  }
  const events = await transitionEvents(moves, on);
  const history = await historyRewrite(ctx, changes, now);
  await ctx.db.batchSql([
    ...repo.upsertLoans(ctx, loanRows, now),
    ...repo.updateLoanDerived(ctx, derivedRows, now),
    ...repo.replaceInstallments(
      ctx,
      changes.map((c) => c.loan.id),
      installmentRows,
    ),
    ...repo.upsertRepayments(ctx, repaymentRows, now),
    ...eventsOnce(ctx, events, now),
    ...history,
  ]);
  await afterEvents(ctx, events.length);
}

/**
 * History that arrives dated on or before a stored month-end (a backdated repayment, a loan
 * record sent late or corrected) rewrites the touched loans' rows of those month-ends and the
 * roll rates into them, in the write's own batch: a month-end stays what was true that day.
 */
async function historyRewrite(ctx: Ctx, changes: LoanChange[], now: string) {
  const from = changes.map((c) => c.historyFrom).sort()[0];
  if (from === undefined) return [];
  const months = await portfolio.storedMonthEnds(ctx, from);
  if (months.length === 0) return [];
  const touched = changes.filter((c) => c.historyFrom <= months[months.length - 1]!);
  const rows = touched.flatMap((c) => {
    // Every repayment counted: the loan as it stands after this write.
    const { outstanding } = arrearsAsOf(c.schedule, c.repayments, "9999-12-31").arrears;
    const status = statusAfter(c.loan.status, outstanding.total === 0);
    return snapshotStates(
      { ...c.loan, status, outstandingPrincipalNow: outstanding.principal },
      c.schedule,
      c.repayments,
      months,
    );
  });
  return portfolio.replaceSnapshotRows(
    ctx,
    touched.map((c) => c.loan.id),
    from,
    rows,
    months,
    now,
  );
}

export interface LendingIngestResult {
  recordsWritten: number;
  errors: RecordError[];
}

export function readBody(format: Format, body: string, columns: ReadonlySet<string>): RawRecord[] {
  try {
    return parseBody(format, body, columns);
  } catch (err) {
    if (err instanceof BodyFormatError) throw badRequest(err.message, err.details);
    throw err;
  }
}

export type StoredRepayment = LoanChange["repayments"][number];
export const stored = (r: LoanRepaymentRow): StoredRepayment => ({ ...r, ...repaymentInputs([r])[0] });

/** POST /v1/ingest/loans: loans with their schedules, upserted by (externalSource, externalId). */
export const ingestLoans = (ctx: Ctx, format: Format, body: string): Promise<LendingIngestResult> =>
  ingestLoanRecords(ctx, readBody(format, body, LOAN_COLUMNS));

/** Loan records already split (the core-banking sync): at most MAX_RECORDS, the same rules as the POST. */
export async function ingestLoanRecords(ctx: Ctx, raws: RawRecord[]): Promise<LendingIngestResult> {
  const errors: RecordError[] = [];
  const valid = validateRecords(raws, loanRecord, errors);
  const customerRef = (r: LoanRecord): LinkRef => ({
    id: r.customerId,
    externalId: r.customerExternalId,
    source: r.customerExternalSource ?? r.externalSource,
  });
  const accountRef = (r: LoanRecord): LinkRef => ({
    id: r.accountId,
    externalId: r.accountExternalId,
    source: r.accountExternalSource ?? r.externalSource,
  });
  const withAccount = valid.filter((v) => v.record.accountId || v.record.accountExternalId);
  const [customerOf, accountOf, existing] = await Promise.all([
    resolveLinks(
      ctx,
      "customers",
      valid.map((v) => customerRef(v.record)),
    ),
    resolveLinks(
      ctx,
      "accounts",
      withAccount.map((v) => accountRef(v.record)),
    ),
    repo.findLoansByIdentity(
      ctx,
      valid.map((v) => [v.record.externalSource, v.record.externalId]),
    ),
  ]);
  const byKey = new Map(existing.map((l) => [identityKey(l.externalSource, l.externalId), l]));
  const existingIds = existing.map((l) => l.id);
  const [storedRepayments, storedInstallments] = await Promise.all([
    repo.repaymentsOf(ctx, existingIds),
    repo.installmentCounts(ctx, existingIds),
  ]);
  const on = today(ctx);
  const changes: LoanChange[] = [];
  for (const { index, record } of valid) {
    const customer = customerOf(customerRef(record));
    if (typeof customer === "string") {
      errors.push({ index, message: customer });
      continue;
    }
    const hasAccount = Boolean(record.accountId || record.accountExternalId);
    const account = hasAccount ? accountOf(accountRef(record)) : null;
    if (typeof account === "string") {
      errors.push({ index, message: account });
      continue;
    }
    if (account && account.customerId !== customer.id) {
      errors.push({ index, message: "accountId: the account belongs to another customer" });
      continue;
    }
    const before = byKey.get(identityKey(record.externalSource, record.externalId));
    const loan = loanRow(record, before, customer.id, account?.id ?? null, ctx.clock.now().toISOString());
    const repayments = storedRepayments.filter((r) => r.loanId === loan.id).map(stored);
    changes.push({
      loan,
      schedule: scheduleLines(record),
      repayments,
      upsertLoan: true,
      before: {
        loan: before !== undefined,
        installments: storedInstallments.get(loan.id) ?? 0,
        repayments: repayments.length,
      },
      historyFrom:
        before && before.disbursementDate < record.disbursementDate
          ? before.disbursementDate
          : record.disbursementDate,
    });
  }
  await writeChanges(ctx, changes, on); // over the quota: 403, nothing written
  errors.sort((a, b) => a.index - b.index);
  return { recordsWritten: changes.length, errors };
}

/** The stored row of a loan record (derived columns are filled by writeChanges; created_at by the insert). */
function loanRow(
  r: LoanRecord,
  before: LoanRow | undefined,
  customerId: string,
  accountId: string | null,
  now: string,
): LoanRow {
  return {
    id: before?.id ?? crypto.randomUUID(),
    tenantId: "",
    externalSource: r.externalSource,
    externalId: r.externalId,
    customerId,
    accountId,
    product: r.product,
    principalMinor: toMinor(r.principal),
    interestRate: r.interestRate,
    termCount: r.termCount,
    termUnit: r.termUnit ?? "months",
    disbursementDate: r.disbursementDate,
    status: r.status ?? "active",
    branch: r.branch ?? null,
    officer: r.officer ?? null,
    currency: r.currency.toUpperCase(),
    outstandingPrincipalMinor: 0,
    outstandingTotalMinor: 0,
    oldestUnpaidDueDate: null,
    stateBucket: before?.stateBucket ?? "current",
    stateRepaid: before?.stateRepaid ?? 0,
    stateOn: before?.stateOn ?? null,
    createdAt: before?.createdAt ?? now,
    updatedAt: now,
  };
}
