import type { TenantScope } from "../../../db/client";
import { FAILED_STATUSES } from "../../../db/shard/transaction-flows";
import type { TenantContext } from "../../../db/tenant-context";
import { jobs } from "../../../jobs/messages";
import { uuidV7 } from "../../../lib/crypto";
import { badRequest } from "../../../lib/errors";
import { yieldEvery } from "../../../lib/yield";
import { tenantAuditInsert } from "../../audit/service";
import { eventInsert, notifyOutbox } from "../../events/service";
import {
  classifyFlow,
  type Flow,
  type FlowMapping,
  LOAN_LINK_WINDOW_DAYS,
  type LoanEvent,
  loanLinkOf,
  normaliseCategory,
  OWN_LEG_WINDOW_HOURS,
} from "../domain/flows";
import * as repo from "./repo";
import { loanEventsOf } from "./steps/loan-events";

/**
 * Flow classification of stored transactions (docs/methodology/flows.md): an ingest page right
 * after its upsert, and the backfill's key-range pages. Either way one page costs a fixed handful
 * of statements (rows, accounts, opposite legs, loan events, the write), never one per row.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const FAILED = new Set<string>(FAILED_STATUSES);

export async function loadMapping(scope: TenantScope): Promise<FlowMapping> {
  const rows = await repo.mappingRows(scope);
  return new Map(rows.map((r) => [r.category, r.flow as Flow]));
}

const shiftIso = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
const day = (iso: string, days: number) => shiftIso(iso, days * DAY_MS).slice(0, 10);

/** Rows classified between two yields to the event loop (docs/decisions/faults.md#slices-that-yield). */
const ROWS_PER_SLICE = 250;

/**
 * What classification reads besides the rows: their customers' accounts and loan events dated
 * within LOAN_LINK_WINDOW_DAYS of [first, last] (dates as the rows carry them).
 */
export interface FlowEvidence {
  customers: ReadonlySet<string>;
  first: string;
  last: string;
  accounts: { id: string; external_id: string; customer_id: string }[];
  loanEvents: LoanEvent[];
}

/**
 * The evidence for rows about to be written (an ingest request's), read once for all its
 * classifications: each classification reads it again only for rows it does not cover.
 */
export async function flowEvidence(
  scope: TenantScope,
  rows: readonly { customerId: string; transactionDate: string }[],
): Promise<FlowEvidence | undefined> {
  if (rows.length === 0) return undefined;
  const customers = new Set(rows.map((r) => r.customerId));
  const dates = rows.map((r) => r.transactionDate).sort();
  return evidenceOf(scope, customers, dates[0], dates[dates.length - 1]);
}

async function evidenceOf(
  scope: TenantScope,
  customers: ReadonlySet<string>,
  first: string,
  last: string,
): Promise<FlowEvidence> {
  const customerIds = [...customers];
  const [accounts, loanEvents] = await Promise.all([
    repo.accountsOfCustomers(scope, customerIds),
    loanEventsOf(scope, customerIds, day(first, -LOAN_LINK_WINDOW_DAYS), day(last, LOAN_LINK_WINDOW_DAYS)),
  ]);
  return { customers, first, last, accounts, loanEvents };
}

/**
 * The flow of each row, from the evidence gathered for the whole page (or given, when it covers
 * the page's customers and dates); [id, flow] of rows whose flow changes.
 */
export async function classifyRows(
  scope: TenantScope,
  rows: readonly repo.ClassifiableRow[],
  mapping: FlowMapping,
  given?: FlowEvidence,
): Promise<[string, Flow][]> {
  if (rows.length === 0) return [];
  const dates = rows.map((r) => r.transaction_date).sort();
  const first = dates[0];
  const last = dates[dates.length - 1];
  const covered =
    given !== undefined &&
    first >= given.first &&
    last <= given.last &&
    rows.every((r) => given.customers.has(r.customer_id));
  const evidence = covered
    ? given
    : await evidenceOf(scope, new Set(rows.map((r) => r.customer_id)), first, last);
  const classify = classifier(evidence, mapping);
  // Only a customer with two accounts or more can move money between them.
  const window = OWN_LEG_WINDOW_HOURS * HOUR_MS;
  const probes = rows
    .filter((r) => classify.mayHaveOppositeLeg(r))
    .map((r) => [
      r.id,
      r.customer_id,
      r.account_id,
      r.type,
      r.amount_minor,
      shiftIso(r.transaction_date, -window),
      shiftIso(r.transaction_date, window),
    ]);
  const withOppositeLeg = await repo.idsWithOppositeLeg(scope, probes);
  const out: [string, Flow][] = [];
  const tick = yieldEvery(ROWS_PER_SLICE);
  for (const r of rows) {
    await tick();
    const flow = classify.flowOf(r, withOppositeLeg.has(r.id));
    if (flow !== r.flow) out.push([r.id, flow]);
  }
  return out;
}

/** Classification of one row against a page's evidence (accounts, loan events) and the mapping. */
function classifier(evidence: Pick<FlowEvidence, "accounts" | "loanEvents">, mapping: FlowMapping) {
  const { accounts, loanEvents } = evidence;
  const accountsOf = new Map<string, Set<string>>();
  const accountCount = new Map<string, number>();
  for (const a of accounts) {
    const names = accountsOf.get(a.customer_id) ?? new Set<string>();
    names.add(a.id).add(a.external_id);
    accountsOf.set(a.customer_id, names);
    accountCount.set(a.customer_id, (accountCount.get(a.customer_id) ?? 0) + 1);
  }
  return {
    /** Whether an opposite leg is probed for: its customer has two accounts or more and it moved money. */
    mayHaveOppositeLeg: (r: repo.ClassifiableRow) =>
      (accountCount.get(r.customer_id) ?? 0) > 1 && !FAILED.has(r.status),
    flowOf(r: repo.ClassifiableRow, hasOppositeOwnLeg: boolean): Flow {
      const own = accountsOf.get(r.customer_id);
      const cp = r.counterparty_account?.trim();
      return classifyFlow(
        {
          type: r.type,
          category: r.category,
          description: r.description,
          counterpartyName: r.counterparty_name,
          counterpartyIsOwnAccount: Boolean(
            cp && cp !== r.account_id && own?.has(cp) && !isSameAccount(accounts, r, cp),
          ),
          hasOppositeOwnLeg,
          loanLink: loanLinkOf(
            {
              customerId: r.customer_id,
              accountId: r.account_id,
              type: r.type,
              amountMinor: r.amount_minor,
              transactionDate: r.transaction_date,
            },
            loanEvents,
          ),
        },
        mapping,
      ).flow;
    },
  };
}

/** An ingest row as written (src/modules/ingest/domain/records.ts transactionRow), with its new id. */
export interface IncomingTransaction {
  id: string;
  customerId: string;
  accountId: string;
  type: "credit" | "debit";
  category?: string | null;
  amountMinor: number;
  description?: string | null;
  status?: string | null;
  transactionDate: string;
  counterpartyName?: string | null;
  counterpartyAccount?: string | null;
}

/**
 * The flow a row will have if the upsert inserts it (an insert stores the row's own values, status
 * 'completed' when absent): the upsert stores it with a new row, so the classification after the
 * write (which stays the authority) writes only the flows that differ, not every new row's.
 * Undefined for a row that may have an opposite leg (the probe needs the page stored) or that
 * `evidence` does not cover: such a row is inserted without a flow and classified after the write.
 */
export function flowHints(
  rows: readonly IncomingTransaction[],
  mapping: FlowMapping,
  evidence: FlowEvidence | undefined,
): (Flow | undefined)[] {
  if (!evidence) return rows.map(() => undefined);
  const classify = classifier(evidence, mapping);
  return rows.map((r) => {
    const row: repo.ClassifiableRow = {
      id: r.id,
      customer_id: r.customerId,
      account_id: r.accountId,
      type: r.type,
      category: r.category ?? null,
      amount_minor: r.amountMinor,
      description: r.description ?? null,
      status: r.status ?? "completed",
      transaction_date: r.transactionDate,
      counterparty_name: r.counterpartyName ?? null,
      counterparty_account: r.counterpartyAccount ?? null,
      flow: null,
    };
    const covered =
      evidence.customers.has(row.customer_id) &&
      row.transaction_date >= evidence.first &&
      row.transaction_date <= evidence.last;
    return covered && !classify.mayHaveOppositeLeg(row) ? classify.flowOf(row, false) : undefined;
  });
}

/** The counterparty names the transaction's own account (by its external id): not a transfer. */
const isSameAccount = (
  accounts: readonly { id: string; external_id: string }[],
  r: repo.ClassifiableRow,
  cp: string,
) => accounts.some((a) => a.id === r.account_id && a.external_id === cp);

/** The columns classification reads of a row, for an upsert's RETURNING (with its external key). */
export const CLASSIFIABLE_RETURNING = `${repo.CLASSIFIABLE_COLUMNS}, external_source, external_id`;
export type IngestedRow = repo.ClassifiableRow & { external_source: string; external_id: string };

/**
 * The statements writing the flows of rows an ingest just wrote: `written` as its upsert returned
 * them, and the rows it left unchanged (not returned) read back by external key. The caller runs
 * them in its next write's batch, or alone after its last.
 */
export async function ingestedFlowWrites(
  ctx: TenantScope,
  written: readonly repo.ClassifiableRow[],
  unchangedKeys: [string, string][],
  mapping: FlowMapping,
  evidence: FlowEvidence | undefined,
) {
  const rows = [...written, ...(await repo.rowsByExternalKeys(ctx, unchangedKeys))];
  return repo.writeFlowStatements(ctx, await classifyRows(ctx, rows, mapping, evidence));
}

// ---- backfill -----------------------------------------------------------------------------

/** Rows per key-range page, and pages per queue invocation (~8 statements a page). */
export const BACKFILL_PAGE = 1_000;
export const BACKFILL_PAGES_PER_STEP = 10;

export type BackfillReason = "mapping_changed" | "unclassified" | "requested";

/** Statements starting a backfill (put them in the batch of the change that needs it), and its id. */
export async function backfillStart(ctx: TenantContext, reason: BackfillReason) {
  const id = uuidV7(ctx.clock.now());
  const total = await repo.transactionCount(ctx);
  const at = ctx.clock.now().toISOString();
  return { id, statement: repo.startBackfillStatement(ctx, { id, reason, total, at }) };
}

export async function startBackfill(ctx: TenantContext, reason: BackfillReason): Promise<string> {
  const { id, statement } = await backfillStart(ctx, reason);
  await ctx.db.batch([statement]);
  await ctx.env.JOBS_QUEUE.send(jobs.flowsBackfill(ctx.tenantId, id));
  return id;
}

/**
 * One step of the tenant's backfill `backfillId`: up to BACKFILL_PAGES_PER_STEP pages after the
 * stored cursor, classified and written, then the cursor moved on. "stale" when another backfill
 * replaced it, it is complete, or a redelivered message already did this step.
 */
export async function runBackfillStep(
  ctx: TenantContext,
  backfillId: string,
  size: { page: number; pages: number } = { page: BACKFILL_PAGE, pages: BACKFILL_PAGES_PER_STEP },
): Promise<"continue" | "done" | "stale"> {
  const state = await repo.backfillOf(ctx);
  if (!state || state.id !== backfillId || state.status !== "running") return "stale";
  const mapping = await loadMapping(ctx);
  let cursor =
    state.afterDate !== null && state.afterId !== null ? { date: state.afterDate, id: state.afterId } : null;
  let scanned = 0;
  let changed = 0;
  let done = false;
  for (let page = 0; page < size.pages && !done; page++) {
    const rows = await repo.rowsAfter(ctx, cursor, size.page);
    changed += await repo.writeFlows(ctx, await classifyRows(ctx, rows, mapping));
    scanned += rows.length;
    const last = rows[rows.length - 1];
    if (last) cursor = { date: last.transaction_date, id: last.id };
    done = rows.length < size.page;
  }
  const moved = await repo.advanceBackfill(
    ctx,
    backfillId,
    { afterDate: state.afterDate, afterId: state.afterId },
    {
      afterDate: cursor?.date ?? null,
      afterId: cursor?.id ?? null,
      scanned,
      changed,
      done,
      at: ctx.clock.now().toISOString(),
    },
  );
  if (moved.length === 0) return "stale";
  return done ? "done" : "continue";
}

/** A running backfill not moved for this long lost its message: the daily sweep sends it again. */
const STALLED_MS = 15 * 60_000;

/** The daily sweep of one tenant: resume a stalled backfill, or start one when rows lack a flow. */
export async function sweepBackfill(ctx: TenantContext): Promise<"resumed" | "started" | "idle"> {
  const state = await repo.backfillOf(ctx);
  if (state?.status === "running") {
    if (ctx.clock.now().getTime() - Date.parse(state.updatedAt) < STALLED_MS) return "idle";
    await ctx.env.JOBS_QUEUE.send(jobs.flowsBackfill(ctx.tenantId, state.id));
    return "resumed";
  }
  if (!(await repo.hasUnclassified(ctx))) return "idle";
  await startBackfill(ctx, "unclassified");
  return "started";
}

// ---- the tenant's mapping -----------------------------------------------------------------

export interface MappingEntry {
  category: string;
  flow: Flow;
}

const presentBackfill = (b: repo.BackfillRow | undefined) =>
  b
    ? {
        id: b.id,
        reason: b.reason as BackfillReason,
        status: b.status,
        scanned: b.scanned,
        changed: b.changed,
        total: b.total,
        startedAt: b.startedAt,
        updatedAt: b.updatedAt,
        completedAt: b.completedAt,
      }
    : null;

/** POST .../backfill: a new backfill of every stored transaction; its state as stored. */
export async function requestBackfill(ctx: TenantContext) {
  await startBackfill(ctx, "requested");
  return presentBackfill(await repo.backfillOf(ctx))!;
}

export async function getFlowMapping(ctx: TenantContext) {
  const [rows, backfill] = await Promise.all([repo.mappingRows(ctx), repo.backfillOf(ctx)]);
  return {
    entries: rows.map((r) => ({ category: r.category, flow: r.flow as Flow })),
    backfill: presentBackfill(backfill),
  };
}

/**
 * Replaces the tenant's mapping (categories normalised; a duplicate after normalisation is a
 * 400 naming it) and, in the same batch, its audit entry, its event and a new backfill that
 * applies it to every stored transaction.
 */
export async function putFlowMapping(ctx: TenantContext, entries: MappingEntry[]) {
  const normalised = entries.map((e) => ({ category: normaliseCategory(e.category), flow: e.flow }));
  const seen = new Map<string, number>();
  const details: { path: string; message: string }[] = [];
  normalised.forEach((e, i) => {
    if (e.category === "") details.push({ path: `entries.${i}.category`, message: "Must not be blank" });
    const earlier = seen.get(e.category);
    if (earlier !== undefined)
      details.push({
        path: `entries.${i}.category`,
        message: `Same category as entries.${earlier} once normalised`,
      });
    seen.set(e.category, i);
  });
  if (details.length > 0) throw badRequest("Invalid flow mapping", details);
  normalised.sort((a, b) => (a.category < b.category ? -1 : 1));
  const before = await repo.mappingRows(ctx);
  const { id, statement } = await backfillStart(ctx, "mapping_changed");
  const at = ctx.clock.now();
  const [clear, ...inserts] = repo.replaceMappingStatements(ctx, normalised);
  await ctx.db.batch([
    clear,
    ...inserts,
    statement,
    tenantAuditInsert(ctx, {
      action: "flow_mapping.updated",
      target: { type: "flow_mapping", id: ctx.tenantId },
      before: { entries: before.map((r) => ({ category: r.category, flow: r.flow })) },
      after: { entries: normalised },
    }),
    eventInsert(ctx, "flow_mapping.updated", { entries: normalised, backfillId: id }, at),
  ]);
  await ctx.env.JOBS_QUEUE.send(jobs.flowsBackfill(ctx.tenantId, id));
  await notifyOutbox(ctx);
  return getFlowMapping(ctx);
}
