import { loadTenantContext, type TenantContext } from "../../../db/tenant-context";
import type { Env } from "../../../env";
import { jobs, RULES_BACKTEST_JOB, type RulesBacktestMessage } from "../../../jobs/messages";
import { badRequest, isInputError, notFound } from "../../../lib/errors";
import { partitionsFor } from "../../aml/backtest/service";
import type { RuleSetKind } from "../domain/document";
import { ruleFeedback } from "../feedback/service";
import type { RuleTally } from "./domain/tally";
import {
  builtinUnit,
  customUnit,
  fraudUnit,
  initialTallies,
  type Prepared,
  prepare,
  type RuleSetBacktestInput,
  skippedRules,
} from "./service";

/**
 * The backtest run document (R2, under the tenant's prefix): the frozen inputs, the cursor and
 * the running tally. It is the only thing a backtest writes. A queued run advances one step per
 * message (a bounded number of statements: STEP_STATEMENTS), and a message acts only when its
 * `step` is the document's, so a redelivered message never adds a unit twice.
 */
const objectKey = (tenantId: string, id: string) => `tenants/${tenantId}/rules/backtests/${id}.json`;

/**
 * Entities at or below this (active in the range) run in the request; more go on the queue.
 * Measured: 10,000 entities over 1,000,000 transactions took 32 s in one request (bench), so
 * about 2,000 keeps a request near 6 s.
 */
export const SYNC_MAX_ENTITIES = 2_000;
/**
 * A fraud run evaluates its built-ins per entity (1 + 2 statements each, fraud/backtest): in the
 * request only up to one page of entities, so the request stays far below D1's 1,000 queries.
 */
export const FRAUD_SYNC_MAX_ENTITIES = 200;
/** Entities per fraud built-in unit: about 401 statements, with margin under D1's 1,000. */
export const FRAUD_PAGE_SIZE = 200;
const PAGE_SIZE = 1_000;
/** Statements one queued step issues at most (plus one unit's worth): far below D1's 1,000. */
const STEP_STATEMENTS = 100;

export const RUN_STATUSES = ["queued", "running", "succeeded", "failed"] as const;
type Status = (typeof RUN_STATUSES)[number];
const ALL_UNITS = Number.MAX_SAFE_INTEGER;
export interface RunOptions {
  partitions?: number;
  pageSize?: number;
  fraudPageSize?: number;
  /** Units per queued step (tests use 1 to watch progress). */
  unitsPerStep?: number;
}
interface RunDocument {
  backtestId: string;
  status: Status;
  createdAt: string;
  completedAt: string | null;
  error: string | null;
  prepared: Prepared;
  step: number;
  /** Whether the message for `step` went out (a failed send is retried by the previous message). */
  sent: boolean;
  cursor: {
    partition: number;
    partitions: number;
    after: string | null;
    customDone: boolean;
    pages: number;
    /** Fraud built-in pages (absent in runs started before they were backtested: done). */
    fraudAfter?: string | null;
    fraudDone?: boolean;
    fraudPages?: number;
  };
  options: { pageSize: number; unitsPerStep: number; fraudPageSize?: number };
  tallies: RuleTally[];
  statements: number;
  result: unknown;
}

const put = (env: Env, tenantId: string, doc: RunDocument) =>
  env.FILES.put(objectKey(tenantId, doc.backtestId), JSON.stringify(doc), {
    httpMetadata: { contentType: "application/json" },
  });

async function newDocument(ctx: TenantContext, p: Prepared, options: RunOptions): Promise<RunDocument> {
  return {
    backtestId: crypto.randomUUID(),
    status: "queued",
    createdAt: ctx.clock.now().toISOString(),
    completedAt: null,
    error: null,
    prepared: p,
    step: 0,
    sent: false,
    cursor: {
      partition: 0,
      partitions: fraudRun(p) ? 0 : (options.partitions ?? partitionsFor(p.entitiesActive)),
      after: null,
      customDone: p.customIds.length === 0,
      pages: 0,
      fraudAfter: null,
      fraudDone: !fraudRun(p),
      fraudPages: 0,
    },
    options: {
      pageSize: options.pageSize ?? PAGE_SIZE,
      unitsPerStep: options.unitsPerStep ?? ALL_UNITS,
      fraudPageSize: options.fraudPageSize ?? FRAUD_PAGE_SIZE,
    },
    tallies: initialTallies(p),
    statements: 0,
    result: null,
  };
}

/** A fraud run's built-ins are evaluated per entity in pages, not in AML partitions. */
const fraudRun = (p: Prepared) => p.kind === "fraud" && p.builtinIds.length > 0;

const done = (doc: RunDocument) =>
  doc.cursor.partition >= doc.cursor.partitions && doc.cursor.customDone && doc.cursor.fraudDone !== false;

/** Runs units until the run is done or the step's budget is spent. */
async function advance(ctx: TenantContext, doc: RunDocument, budget: number): Promise<void> {
  const p = doc.prepared;
  const c = doc.cursor;
  let units = 0;
  let statements = 0;
  while (!done(doc) && units < doc.options.unitsPerStep && statements < budget) {
    if (c.partition < c.partitions) {
      statements += await builtinUnit(ctx, p, doc.tallies, { index: c.partition, count: c.partitions });
      c.partition++;
    } else if (!c.customDone) {
      const page = await customUnit(ctx, p, doc.tallies, c.after ?? undefined, doc.options.pageSize);
      statements += page.statements;
      c.pages++;
      c.after = page.next;
      c.customDone = page.next === null;
    } else {
      const size = doc.options.fraudPageSize ?? FRAUD_PAGE_SIZE;
      const page = await fraudUnit(ctx, p, doc.tallies, c.fraudAfter ?? undefined, size);
      statements += page.statements;
      c.fraudPages = (c.fraudPages ?? 0) + 1;
      c.fraudAfter = page.next;
      c.fraudDone = page.next === null;
    }
    units++;
  }
  doc.statements += statements;
}

export function progressOf(doc: RunDocument) {
  const c = doc.cursor;
  const p = doc.prepared;
  const pages = p.customIds.length ? Math.max(1, Math.ceil(p.entitiesActive / doc.options.pageSize)) : 0;
  const fraudPages = fraudRun(p)
    ? Math.max(1, Math.ceil(p.entitiesActive / (doc.options.fraudPageSize ?? FRAUD_PAGE_SIZE)))
    : 0;
  const fraudDone = c.fraudPages ?? 0;
  const unitsEstimated =
    c.partitions +
    Math.max(pages, c.pages + (c.customDone ? 0 : 1)) +
    Math.max(fraudPages, fraudDone + (c.fraudDone === false ? 1 : 0));
  const unitsDone = c.partition + c.pages + fraudDone;
  return {
    entitiesActive: p.entitiesActive,
    partitionsDone: c.partition,
    partitions: c.partitions,
    customPagesDone: c.pages,
    fraudPagesDone: fraudDone,
    unitsDone,
    unitsEstimated,
    percent: doc.status === "succeeded" ? 100 : Math.min(99, Math.floor((unitsDone * 100) / unitsEstimated)),
  };
}

async function finish(ctx: TenantContext, doc: RunDocument) {
  const p = doc.prepared;
  const feedback = await ruleFeedback(ctx, p.kind);
  const precision = new Map(feedback.rules.map((r) => [r.ruleId, r]));
  doc.status = "succeeded";
  doc.completedAt = ctx.clock.now().toISOString();
  doc.result = {
    kind: p.kind,
    entityType: p.input.entityType,
    from: p.input.from,
    to: p.input.to,
    live: p.live.stamp,
    draft: p.draft.stamp,
    entitiesActive: p.entitiesActive,
    rules: doc.tallies.map((t) => ({ ...t, precision: precision.get(t.ruleId) ?? null })),
    skippedRules: skippedRules(p),
    feedbackByVersion: feedback.byVersion,
    statements: doc.statements + 1,
    casesOpened: 0,
  };
}

/** Prepares and runs a backtest: in the request when small, else queued (202 with an id). */
export async function startBacktest(
  ctx: TenantContext,
  kind: RuleSetKind,
  input: RuleSetBacktestInput,
  options: RunOptions & { queue?: boolean } = {},
) {
  if (Date.parse(input.to) > ctx.clock.now().getTime())
    throw badRequest("Invalid range", [{ path: "to", message: "Must not be in the future" }]);
  const iso = (at: string) => new Date(at).toISOString();
  const p = await prepare(ctx, kind, { ...input, from: iso(input.from), to: iso(input.to) });
  const doc = await newDocument(ctx, p, options);
  const syncMax = fraudRun(p) ? FRAUD_SYNC_MAX_ENTITIES : SYNC_MAX_ENTITIES;
  if (!options.queue && p.entitiesActive <= syncMax) {
    doc.options.unitsPerStep = ALL_UNITS;
    await advance(ctx, doc, ALL_UNITS);
    await finish(ctx, doc);
    await put(ctx.env, ctx.tenantId, doc);
    return { queued: false as const, run: present(doc) };
  }
  await put(ctx.env, ctx.tenantId, doc);
  await ctx.env.JOBS_QUEUE.send(jobs.rulesBacktest(ctx.tenantId, doc.backtestId, 0));
  await put(ctx.env, ctx.tenantId, { ...doc, sent: true });
  return { queued: true as const, run: present(doc) };
}

function present(doc: RunDocument) {
  return {
    backtestId: doc.backtestId,
    kind: doc.prepared.kind,
    status: doc.status,
    createdAt: doc.createdAt,
    completedAt: doc.completedAt,
    progress: progressOf(doc),
    ...(doc.result ? { backtest: doc.result } : {}),
    error: doc.error,
  };
}

export async function getBacktestRun(ctx: TenantContext, kind: RuleSetKind, backtestId: string) {
  const object = await ctx.env.FILES.get(objectKey(ctx.tenantId, backtestId));
  if (!object) throw notFound("Backtest");
  const doc = (await object.json()) as RunDocument;
  if (doc.prepared.kind !== kind) throw notFound("Backtest");
  return present(doc);
}

/** Job handler: one step, then the message for the next (idempotent under redelivery). */
export async function rulesBacktestJob(env: Env, message: RulesBacktestMessage): Promise<void> {
  const object = await env.FILES.get(objectKey(message.tenantId, message.backtestId));
  if (!object) return;
  const doc = (await object.json()) as RunDocument;
  if (doc.status !== "queued" && doc.status !== "running") return;
  const next = () => env.JOBS_QUEUE.send(jobs.rulesBacktest(message.tenantId, doc.backtestId, doc.step));
  if (message.step === doc.step - 1 && !doc.sent) {
    // The previous delivery saved its step but did not get the next message out.
    await next();
    await put(env, message.tenantId, { ...doc, sent: true });
    return;
  }
  if (message.step !== doc.step) return;
  const ctx = await loadTenantContext(env, message.tenantId, `job:${RULES_BACKTEST_JOB}:${doc.backtestId}`);
  try {
    await advance(ctx, doc, STEP_STATEMENTS);
    if (done(doc)) {
      await finish(ctx, doc);
      await put(env, message.tenantId, doc);
      return;
    }
  } catch (error) {
    if (!isInputError(error)) throw error;
    await put(env, message.tenantId, {
      ...doc,
      status: "failed",
      error: error.message,
      completedAt: ctx.clock.now().toISOString(),
    });
    return;
  }
  doc.step++;
  doc.sent = false;
  doc.status = "running";
  await put(env, message.tenantId, doc);
  await next();
  await put(env, message.tenantId, { ...doc, sent: true });
}
