import { allowsLoopbackHttp } from "../../../../env";
import { isLoopbackName } from "../../../../lib/outbound-url";
import { readCapped } from "../../../../lib/read-capped";
import { type ConnectorConfig, checkConnectorUrl } from "../../../admin/connectors/service";
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
import { fineractLoansStep } from "./fineract-loans";

export type FineractConfig = Extract<ConnectorConfig, { provider: "fineract" }>;

/** Page size for Fineract list calls. */
export const PAGE_SIZE = 200;

export interface FineractCursor {
  phase?: "clients" | "accounts" | "transactions" | "loans" | "loanDetails";
  offset?: number;
  after?: string;
}

export class FineractError extends Error {}

/** The API root: `.../fineract-provider/api/v1` (appended when the configured URL stops short). */
export function apiRoot(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, "");
  return /\/api\/v1$/.test(trimmed) ? trimmed : `${trimmed}/api/v1`;
}

/**
 * One GET against the connector: the URL rules again (the stored URL may predate them),
 * credentials only over https or to loopback, no redirects, a timeout and a size cap. Every
 * failure is a FineractError: the run fails with that message, nothing crashes.
 */
export async function get<T>(step: Step, config: FineractConfig, path: string): Promise<T> {
  const where = `Fineract GET ${path.split("?")[0]}`;
  const check = checkConnectorUrl(`${apiRoot(config.baseUrl)}${path}`, allowsLoopbackHttp(step.ctx.env));
  if (!check.ok) throw new FineractError(`the connector's baseUrl is refused: ${check.reason}`);
  if (check.url.protocol !== "https:" && !isLoopbackName(check.url.hostname)) {
    throw new FineractError("credentials are sent only over https"); // implied by the rules; kept explicit
  }
  step.requests++;
  const { timeoutMs, maxResponseBytes } = step.deps;
  let res: Response;
  try {
    res = await step.deps.fetcher(check.url.toString(), {
      headers: {
        Accept: "application/json",
        Authorization: `Basic ${btoa(`${config.username}:${config.password}`)}`,
        "Fineract-Platform-TenantId": config.tenantIdentifier,
      },
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const name = (err as Error)?.name;
    throw new FineractError(
      name === "TimeoutError" || name === "AbortError"
        ? `${where} timed out after ${timeoutMs} ms`
        : `${where} failed: ${String((err as Error)?.message ?? err).slice(0, 200)}`,
    );
  }
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel();
    throw new FineractError(
      `${where} answered a redirect (HTTP ${res.status}); redirects are not followed: configure the final URL`,
    );
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new FineractError(`${where} answered HTTP ${res.status}`);
  }
  let body: { bytes: Uint8Array; truncated: boolean };
  try {
    body = await readCapped(res, maxResponseBytes);
  } catch (err) {
    const name = (err as Error)?.name;
    throw new FineractError(
      name === "TimeoutError" || name === "AbortError"
        ? `${where} timed out after ${timeoutMs} ms`
        : `${where}: the response could not be read`,
    );
  }
  if (body.truncated) {
    throw new FineractError(`${where} answered more than ${maxResponseBytes} bytes; the run stopped`);
  }
  try {
    return JSON.parse(new TextDecoder().decode(body.bytes)) as T;
  } catch {
    throw new FineractError(`${where} answered a body that is not JSON`);
  }
}

export const list = (resource: string, offset: number) =>
  `/${resource}?offset=${offset}&limit=${PAGE_SIZE}&orderBy=id&sortOrder=ASC`;

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
