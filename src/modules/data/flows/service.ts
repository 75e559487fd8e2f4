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

/** The flow of each row, from the evidence gathered for the whole page; [id, flow] of rows whose flow changes. */
export async function classifyRows(
  scope: TenantScope,
  rows: readonly repo.ClassifiableRow[],
  mapping: FlowMapping,
): Promise<[string, Flow][]> {
  if (rows.length === 0) return [];
  const customerIds = [...new Set(rows.map((r) => r.customer_id))];
  const dates = rows.map((r) => r.transaction_date).sort();
  const [accounts, loanEvents] = await Promise.all([
    repo.accountsOfCustomers(scope, customerIds),
    loanEventsOf(
      scope,
      customerIds,
      day(dates[0], -LOAN_LINK_WINDOW_DAYS),
      day(dates[dates.length - 1], LOAN_LINK_WINDOW_DAYS),
    ),
  ]);
  const accountsOf = new Map<string, Set<string>>();
  const accountCount = new Map<string, number>();
  for (const a of accounts) {
    const names = accountsOf.get(a.customer_id) ?? new Set<string>();
    names.add(a.id).add(a.external_id);
    accountsOf.set(a.customer_id, names);
    accountCount.set(a.customer_id, (accountCount.get(a.customer_id) ?? 0) + 1);
  }
  // Only a customer with two accounts or more can move money between them.
  const window = OWN_LEG_WINDOW_HOURS * HOUR_MS;
  const probes = rows
    .filter((r) => (accountCount.get(r.customer_id) ?? 0) > 1 && !FAILED.has(r.status))
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
    const own = accountsOf.get(r.customer_id);
    const cp = r.counterparty_account?.trim();
    const { flow } = classifyFlow(
      {
        type: r.type,
        category: r.category,
        description: r.description,
        counterpartyName: r.counterparty_name,
        counterpartyIsOwnAccount: Boolean(
          cp && cp !== r.account_id && own?.has(cp) && !isSameAccount(accounts, r, cp),
        ),
        hasOppositeOwnLeg: withOppositeLeg.has(r.id),
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
    );
    if (flow !== r.flow) out.push([r.id, flow]);
  }
  return out;
}

/** The counterparty names the transaction's own account (by its external id): not a transfer. */
const isSameAccount = (
  accounts: readonly { id: string; external_id: string }[],
  r: repo.ClassifiableRow,
  cp: string,
) => accounts.some((a) => a.id === r.account_id && a.external_id === cp);

/**
 * Classifies the transactions an ingest page just wrote (named by their external keys), with the
 * tenant's mapping (read here unless the caller, classifying several slices, read it once).
 */
export async function classifyIngested(
  ctx: TenantScope,
  keys: [string, string][],
  mapping?: FlowMapping,
): Promise<number> {
  const rows = await repo.rowsByExternalKeys(ctx, keys);
  return repo.writeFlows(ctx, await classifyRows(ctx, rows, mapping ?? (await loadMapping(ctx))));
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
