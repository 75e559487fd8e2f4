import type { LoanInstallmentRow, LoanRepaymentRow, LoanRow } from "../../../db/shard/lending";
import { toMinor } from "../../../lib/money";
import type { Format, RawRecord } from "../../ingest/domain/parse";
import { identityKey } from "../../ingest/domain/records";
import type { RecordError } from "../domain/ingest-body";
import { validateRecords } from "../domain/ingest-body";
import { REPAYMENT_COLUMNS, type RepaymentRecord, repaymentRecord } from "../domain/records";
import {
  type Ctx,
  type LendingIngestResult,
  type LoanChange,
  readBody,
  type StoredRepayment,
  stored,
  writeChanges,
} from "../ingest/service";
import * as repo from "../repo";
import { scheduleOf, today } from "../service";

/** POST /v1/ingest/loan-repayments: repayments upserted by identity, then every touched loan re-allocated. */
export const ingestRepayments = (ctx: Ctx, format: Format, body: string): Promise<LendingIngestResult> =>
  ingestRepaymentRecords(ctx, readBody(format, body, REPAYMENT_COLUMNS));

/** Repayment records already split (the core-banking sync): at most MAX_RECORDS, the same rules as the POST. */
export async function ingestRepaymentRecords(ctx: Ctx, raws: RawRecord[]): Promise<LendingIngestResult> {
  const errors: RecordError[] = [];
  const valid = validateRecords(raws, repaymentRecord, errors);
  const loanKey = (r: RepaymentRecord): [string, string] | null =>
    r.loanExternalId ? [r.loanExternalSource ?? r.externalSource, r.loanExternalId] : null;
  const [byId, byIdentity, sameIdentity] = await Promise.all([
    repo.findLoansById(ctx, [...new Set(valid.flatMap((v) => (v.record.loanId ? [v.record.loanId] : [])))]),
    repo.findLoansByIdentity(
      ctx,
      valid.flatMap((v) => {
        const key = loanKey(v.record);
        return key ? [key] : [];
      }),
    ),
    repo.findRepaymentsByIdentity(
      ctx,
      valid.map((v) => [v.record.externalSource, v.record.externalId]),
    ),
  ]);
  const loanById = new Map([...byId, ...byIdentity].map((l) => [l.id, l]));
  const loanByKey = new Map(byIdentity.map((l) => [identityKey(l.externalSource, l.externalId), l]));
  const previous = new Map(sameIdentity.map((r) => [identityKey(r.externalSource, r.externalId), r]));
  const on = today(ctx);
  const accepted: Accepted[] = [];
  for (const { index, record } of valid) {
    const loan = resolveLoan(record, loanById, loanByKey, loanKey(record));
    const prior = previous.get(identityKey(record.externalSource, record.externalId));
    const problem =
      typeof loan === "string"
        ? loan
        : prior && prior.loanId !== loan.id
          ? "externalId: this repayment is recorded against another loan"
          : record.currency.toUpperCase() !== loan.currency
            ? `currency: the loan is in ${loan.currency}`
            : record.paidOn > on
              ? "paidOn: must not be in the future"
              : null;
    if (problem !== null || typeof loan === "string") {
      errors.push({ index, message: problem ?? String(loan) });
      continue;
    }
    const amountMinor = toMinor(record.amount);
    const repayment: StoredRepayment = {
      id: prior?.id ?? crypto.randomUUID(),
      loanId: loan.id,
      externalSource: record.externalSource,
      externalId: record.externalId,
      amountMinor,
      amount: amountMinor,
      currency: loan.currency,
      paidOn: record.paidOn,
      installmentSeq: record.installmentSeq ?? null,
    };
    accepted.push({ loan, repayment, index });
  }
  const loanIds = [...new Set(accepted.map((a) => a.loan.id))];
  const [installments, storedRepayments] = await Promise.all([
    repo.installmentsOf(ctx, loanIds),
    repo.repaymentsOf(ctx, loanIds),
  ]);
  const changes = changesFor(accepted, installments, storedRepayments, errors);
  const written = changes.reduce((n, c) => n + c.incoming, 0);
  await writeChanges(ctx, changes, on);
  errors.sort((a, b) => a.index - b.index);
  return { recordsWritten: written, errors };
}

type Accepted = { loan: LoanRow; repayment: StoredRepayment; index: number };

const groupBy = <T>(items: readonly T[], key: (item: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
};

/** Per touched loan: its schedule and all its repayments, the incoming ones replacing stored ones of the same id. */
function changesFor(
  accepted: Accepted[],
  installments: LoanInstallmentRow[],
  storedRepayments: LoanRepaymentRow[],
  errors: RecordError[],
): Array<LoanChange & { incoming: number }> {
  const scheduleByLoan = groupBy(installments, (i) => i.loanId);
  const storedByLoan = groupBy(storedRepayments, (r) => r.loanId);
  const changes: Array<LoanChange & { incoming: number }> = [];
  for (const [loanId, mine] of groupBy(accepted, (a) => a.loan.id)) {
    const schedule = scheduleOf(scheduleByLoan.get(loanId) ?? []);
    const seqs = new Set(schedule.map((s) => s.seq));
    const incoming = mine.filter((a) => {
      const seq = a.repayment.installmentSeq;
      if (seq === null || seqs.has(seq)) return true;
      errors.push({ index: a.index, message: `installmentSeq: the loan has no installment ${seq}` });
      return false;
    });
    if (incoming.length === 0) continue;
    const replaced = new Set(incoming.map((a) => a.repayment.id));
    // A repayment that moves to another date changes the loan from the earlier of the two.
    const dates = [
      ...incoming.map((a) => a.repayment.paidOn),
      ...(storedByLoan.get(loanId) ?? []).filter((r) => replaced.has(r.id)).map((r) => r.paidOn),
    ].sort();
    changes.push({
      loan: mine[0].loan,
      schedule,
      repayments: [
        ...(storedByLoan.get(loanId) ?? []).filter((r) => !replaced.has(r.id)).map(stored),
        ...incoming.map((a) => a.repayment),
      ],
      upsertLoan: false,
      before: {
        loan: true,
        installments: schedule.length,
        repayments: storedByLoan.get(loanId)?.length ?? 0,
      },
      incoming: incoming.length,
      historyFrom: dates[0]!,
    });
  }
  return changes;
}

function resolveLoan(
  r: RepaymentRecord,
  byId: Map<string, LoanRow>,
  byKey: Map<string, LoanRow>,
  key: [string, string] | null,
): LoanRow | string {
  if (!r.loanId && !key) return "loanId or loanExternalId is required";
  const viaId = r.loanId ? byId.get(r.loanId) : undefined;
  if (r.loanId && !viaId) return `loanId: no loan ${r.loanId}`;
  const viaKey = key ? byKey.get(identityKey(key[0], key[1])) : undefined;
  if (key && !viaKey)
    return `loanExternalId: no loan with externalSource "${key[0]}" and externalId "${key[1]}"`;
  if (viaId && viaKey && viaId.id !== viaKey.id) return "loanId and loanExternalId name different loans";
  return (viaId ?? viaKey)!;
}
