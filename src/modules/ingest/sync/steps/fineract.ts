import {
  accountFingerprint,
  clientToCustomer,
  type FineractClient,
  type FineractPage,
  type FineractSavingsAccount,
  type FineractTransaction,
  savingsToAccount,
  savingsTransaction,
} from "../../domain/fineract";
import { MAX_RECORDS } from "../../domain/parse";
import * as repo from "../repo";
import type { Step } from "../runner";
import { type FineractConfig, type FineractCursor, get, list, PAGE_SIZE } from "./fineract-http";
import { fineractLoansStep } from "./fineract-loans";

export { apiRoot, FineractError, PAGE_SIZE } from "./fineract-http";

/**
 * clients -> customers, savings accounts -> accounts, savings transactions -> transactions, then
 * loans with their schedules and repayments (steps/fineract-loans.ts).
 * Clients and accounts are listed in full every time (unchanged rows are not rewritten);
 * transactions are fetched only for accounts whose summary moved since the last sync, and
 * only those newer than the last transaction loaded are written.
 */
export async function fineractStep(step: Step, config: FineractConfig): Promise<boolean> {
  const { ctx, run } = step;
  const cursor = (): FineractCursor => run.cursor as FineractCursor;
  const save = async (next: FineractCursor) => {
    run.cursor = next as Record<string, unknown>;
    await step.checkpoint();
  };
  if (!cursor().phase) await save({ phase: "clients", offset: 0 });

  while (cursor().phase === "clients") {
    if (step.spent) return false;
    const offset = cursor().offset ?? 0;
    const page = await get<FineractPage<FineractClient>>(step, config, list("clients", offset));
    const items = page.pageItems ?? [];
    await step.ingest(
      "customers",
      items.map((c) => ({ value: clientToCustomer(c) })),
      (i) => `fineract client ${items[i].id}`,
    );
    const done = items.length < PAGE_SIZE;
    await save(done ? { phase: "accounts", offset: 0 } : { phase: "clients", offset: offset + items.length });
  }

  while (cursor().phase === "accounts") {
    if (step.spent) return false;
    const offset = cursor().offset ?? 0;
    const page = await get<FineractPage<FineractSavingsAccount>>(
      step,
      config,
      list("savingsaccounts", offset),
    );
    const items = page.pageItems ?? [];
    await step.ingest(
      "accounts",
      items.map((a) => ({ value: savingsToAccount(a) })),
      (i) => `fineract savings account ${items[i].id}`,
    );
    await repo.noteFineractAccounts(
      ctx,
      items.map((a) => ({ accountId: String(a.id), fingerprint: accountFingerprint(a) })),
    );
    const done = items.length < PAGE_SIZE;
    await save(
      done ? { phase: "transactions", after: "" } : { phase: "accounts", offset: offset + items.length },
    );
  }

  while (cursor().phase === "transactions") {
    const moved = await repo.movedFineractAccounts(ctx, cursor().after ?? "", 50);
    if (moved.length === 0) await save({ phase: "loans", offset: 0 });
    for (const account of moved) {
      if (step.spent) return false;
      const detail = await get<FineractSavingsAccount & { transactions?: FineractTransaction[] }>(
        step,
        config,
        `/savingsaccounts/${encodeURIComponent(account.accountId)}?associations=transactions`,
      );
      const fresh = (detail.transactions ?? []).filter((t) => t.id > account.lastTransactionId);
      const records = fresh.flatMap((t) => {
        const record = savingsTransaction(account.accountId, t);
        return record ? [{ value: record, id: t.id }] : [];
      });
      for (let i = 0; i < records.length; i += MAX_RECORDS) {
        const chunk = records.slice(i, i + MAX_RECORDS);
        await step.ingest(
          "transactions",
          chunk.map((r) => ({ value: r.value })),
          (index) => `fineract savings transaction ${chunk[index].id}`,
        );
      }
      const highest = fresh.reduce((max, t) => Math.max(max, t.id), account.lastTransactionId);
      await repo.markFineractAccountSynced(ctx, account.accountId, account.fingerprint, highest);
      await save({ phase: "transactions", after: account.accountId });
    }
  }
  return fineractLoansStep(step, config, cursor, save);
}
