import type { FineractPage } from "../../domain/fineract";
import {
  type FineractLoan,
  loanFingerprint,
  loanRepaymentRecords,
  loanToRecord,
} from "../../domain/fineract-loans";
import { MAX_RECORDS } from "../../domain/parse";
import * as repo from "../repo";
import type { Step } from "../runner";
import { type FineractConfig, type FineractCursor, get, list, PAGE_SIZE } from "./fineract-http";
import { ingestLoanRecords, ingestRepaymentRecords } from "./lending-book";

/** Loans fetched (one request each) between two writes: one lending batch per chunk. */
const DETAIL_CHUNK = 20;

/**
 * Loans -> the lending book, through the lending module's own ingest (it alone writes loans,
 * installments and repayments). The loan list is read in full; only loans whose status or
 * summary moved since the last sync are fetched with their schedule and transactions. A moved
 * loan is re-sent whole (its schedule may have been rescheduled); only repayments newer than the
 * last transaction loaded are sent.
 */
export async function fineractLoansStep(
  step: Step,
  config: FineractConfig,
  cursor: () => FineractCursor,
  save: (next: FineractCursor) => Promise<void>,
): Promise<boolean> {
  const { ctx } = step;
  while (cursor().phase === "loans") {
    if (step.spent) return false;
    const offset = cursor().offset ?? 0;
    const page = await get<FineractPage<FineractLoan>>(step, config, list("loans", offset));
    const items = page.pageItems ?? [];
    await repo.noteFineractLoans(
      ctx,
      items.map((l) => ({ loanId: String(l.id), fingerprint: loanFingerprint(l) })),
    );
    const done = items.length < PAGE_SIZE;
    await save(
      done ? { phase: "loanDetails", after: "" } : { phase: "loans", offset: offset + items.length },
    );
  }

  while (cursor().phase === "loanDetails") {
    if (step.spent) return false;
    const moved = await repo.movedFineractLoans(ctx, cursor().after ?? "", DETAIL_CHUNK);
    if (moved.length === 0) return true;
    const details: FineractLoan[] = [];
    for (const loan of moved) {
      details.push(
        await get<FineractLoan>(
          step,
          config,
          `/loans/${encodeURIComponent(loan.loanId)}?associations=repaymentSchedule,transactions`,
        ),
      );
    }
    const settled = new Set<number>(); // applications that never became loans: nothing to retry
    const loans = details.flatMap((d) => {
      const mapped = loanToRecord(d);
      if ("record" in mapped) return [{ id: d.id, value: mapped.record }];
      if (mapped.reportable) step.error(`fineract loan ${d.id}: ${mapped.skip}`);
      else settled.add(d.id);
      return [];
    });
    const result = await ingestLoanRecords(
      ctx,
      loans.map((l) => ({ value: l.value })),
    );
    step.tally("loans", loans.length, result, (i) => `fineract loan ${loans[i].id}`);
    // A loan that was not written is not marked synced: the next run fetches it again, with all its repayments.
    const written = new Set(loans.map((l) => l.id));
    for (const e of result.errors) written.delete(loans[e.index].id);
    const synced = moved.flatMap((loan, i) =>
      written.has(details[i].id) ? [{ loan, detail: details[i] }] : [],
    );
    for (const [i, loan] of moved.entries()) {
      if (settled.has(details[i].id))
        await repo.markFineractLoanSynced(ctx, loan.loanId, loan.fingerprint, 0);
    }
    const repayments = synced.flatMap(({ loan, detail }) =>
      loanRepaymentRecords(detail, detail.transactions ?? []).filter((r) => r.id > loan.lastTransactionId),
    );
    for (let i = 0; i < repayments.length; i += MAX_RECORDS) {
      const chunk = repayments.slice(i, i + MAX_RECORDS);
      const loaded = await ingestRepaymentRecords(
        ctx,
        chunk.map((r) => ({ value: r.record })),
      );
      step.tally(
        "loanRepayments",
        chunk.length,
        loaded,
        (index) => `fineract loan transaction ${chunk[index].id}`,
      );
    }
    for (const { loan, detail } of synced) {
      const highest = (detail.transactions ?? []).reduce(
        (max, t) => Math.max(max, t.id),
        loan.lastTransactionId,
      );
      await repo.markFineractLoanSynced(ctx, loan.loanId, loan.fingerprint, highest);
    }
    await save({ phase: "loanDetails", after: moved[moved.length - 1].loanId });
  }
  return true;
}
