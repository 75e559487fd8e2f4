import type { TenantContext } from "../../../db/tenant-context";
import type { Env } from "../../../env";
import { dedupeKey, startOrJoin } from "../../../jobs/dedupe";
import { jobs, RULES_BACKTEST_JOB } from "../../../jobs/messages";
import { r2RunIo, type SteppedRun, saveAndSend } from "../../../jobs/stepped-run";
import { badRequest, notFound } from "../../../lib/errors";
import { yieldToEventLoop } from "../../../lib/yield";
import { networkHitsByRule } from "../../aml/network/service";
import { NETWORK_RULES } from "../../detection/domain/aml/rules";
import type { RuleSetKind } from "../../rules/domain/document";
import { ruleFeedback } from "../../rules/feedback/service";
import { putTenantObject } from "../../usage/objects/service";
import { addUnit, emptyTally, type RuleTally } from "./domain/tally";

const NETWORK_RULE_IDS = new Set(NETWORK_RULES.map((r) => r.ruleId));

import {
  fraudUnit,
  initialTallies,
  type Prepared,
  pagesEntities,
  pageUnit,
  prepare,
  type RuleSetBacktestInput,
  skippedRules,
} from "./service";

/**
 * The backtest run document (R2, under the tenant's prefix): the frozen inputs, the cursor and
 * the running tally. It is the only thing a backtest writes. A queued run advances one step per
 * message (bounded in statements, STEP_STATEMENTS, and in entities, STEP_ENTITIES), and a
 * message acts only when its `step` is the document's, so a redelivered message never adds a
 * unit twice.
 */
const objectKey = (tenantId: string, id: string) => `tenants/${tenantId}/rules/backtests/${id}.json`;

/**
 * Entities at or below this (active in the range) run in the request; more go on the queue.
 * Measured (bench/rules-backtest.mjs, local): 2,000 entities over 200,000 transactions take
 * about 3 s in the request; 10,000 over 1,000,000 took 32 s in one request before entity pages.
 */
export const SYNC_MAX_ENTITIES = 2_000;
/**
 * A fraud run evaluates its built-ins per entity (1 + 2 statements each, fraud/backtest): in the
 * request only up to one page of entities, so the request stays far below D1's 1,000 queries.
 */
export const FRAUD_SYNC_MAX_ENTITIES = 200;
/** Entities per fraud built-in unit: about 401 statements, with margin under D1's 1,000. */
export const FRAUD_PAGE_SIZE = 200;
/** Entities per page (AML built-ins and custom rules over one key range). */
const PAGE_SIZE = 1_000;
/** Statements one queued step issues at most (plus one unit's worth): far below D1's 1,000. */
export const STEP_STATEMENTS = 100;
/**
 * Entities one queued step evaluates at most (whole pages): the in-request limit, so a step
 * costs what the largest synchronous run costs. Without it a step ran every page whose
 * statements fit STEP_STATEMENTS: a 10,000-entity run was one 30 s invocation.
 */
export const STEP_ENTITIES = SYNC_MAX_ENTITIES;

const ALL_UNITS = Number.MAX_SAFE_INTEGER;
export interface RunOptions {
  pageSize?: number;
  fraudPageSize?: number;
  /** Units per queued step (tests use 1 to watch progress). */
  unitsPerStep?: number;
  /** Entities per queued step (default STEP_ENTITIES). */
  stepEntities?: number;
}
/** The run's step, status and `sent` follow src/jobs/stepped-run.ts. */
interface RunDocument extends SteppedRun {
  createdAt: string;
  prepared: Prepared;
  cursor: {
    /** Pages of entities (AML built-ins and custom rules) done, and the last key of the last. */
    after: string | null;
    pages: number;
    pagesDone: boolean;
    /** Fraud built-in pages (absent in runs started before they were backtested: done). */
    fraudAfter?: string | null;
    fraudDone?: boolean;
    fraudPages?: number;
  };
  options: { pageSize: number; unitsPerStep: number; stepEntities: number; fraudPageSize?: number };
  tallies: RuleTally[];
  statements: number;
  result: unknown;
}

/** The run's document in FILES and its step messages on JOBS_QUEUE. */
export const runIo = (env: Env) =>
  r2RunIo<RunDocument>(env, objectKey, jobs.rulesBacktest, (tenantId, key, body, options) =>
    putTenantObject(env, tenantId, key, body, options),
  );

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
      after: null,
      pages: 0,
      pagesDone: !pagesEntities(p),
      fraudAfter: null,
      fraudDone: !fraudRun(p),
      fraudPages: 0,
    },
    options: {
      pageSize: options.pageSize ?? PAGE_SIZE,
      unitsPerStep: options.unitsPerStep ?? ALL_UNITS,
      stepEntities: options.stepEntities ?? STEP_ENTITIES,
      fraudPageSize: options.fraudPageSize ?? FRAUD_PAGE_SIZE,
    },
    tallies: initialTallies(p),
    statements: 0,
    result: null,
  };
}

/** A fraud run's built-ins are evaluated per entity in pages, not in AML partitions. */
const fraudRun = (p: Prepared) => p.kind === "fraud" && p.builtinIds.length > 0;

export const done = (doc: RunDocument) => doc.cursor.pagesDone && doc.cursor.fraudDone !== false;

/** A step's budget: it starts no unit once either is spent (a unit runs whole). */
interface Budget {
  statements: number;
  entities: number;
}
const UNBOUNDED: Budget = { statements: ALL_UNITS, entities: ALL_UNITS };

/** Runs units until the run is done or the step's budget is spent. */
export async function advance(ctx: TenantContext, doc: RunDocument, budget: Budget): Promise<void> {
  const p = doc.prepared;
  const c = doc.cursor;
  let units = 0;
  let statements = 0;
  let entities = 0;
  while (
    !done(doc) &&
    units < doc.options.unitsPerStep &&
    statements < budget.statements &&
    entities < budget.entities
  ) {
    if (!c.pagesDone) {
      const page = await pageUnit(ctx, p, doc.tallies, c.after ?? undefined, doc.options.pageSize);
      statements += page.statements;
      entities += page.entities;
      if (page.entities > 0) c.pages++;
      c.after = page.next;
      c.pagesDone = page.next === null;
    } else {
      const size = doc.options.fraudPageSize ?? FRAUD_PAGE_SIZE;
      const page = await fraudUnit(ctx, p, doc.tallies, c.fraudAfter ?? undefined, size);
      statements += page.statements;
      entities += size;
      c.fraudPages = (c.fraudPages ?? 0) + 1;
      c.fraudAfter = page.next;
      c.fraudDone = page.next === null;
    }
    units++;
    // A unit's rows are tallied synchronously: the next unit starts in a slice of its own.
    await yieldToEventLoop();
  }
  doc.statements += statements;
}

export function progressOf(doc: RunDocument) {
  const c = doc.cursor;
  const p = doc.prepared;
  const pages = pagesEntities(p) ? Math.max(1, Math.ceil(p.entitiesActive / doc.options.pageSize)) : 0;
  const fraudPages = fraudRun(p)
    ? Math.max(1, Math.ceil(p.entitiesActive / (doc.options.fraudPageSize ?? FRAUD_PAGE_SIZE)))
    : 0;
  const fraudDone = c.fraudPages ?? 0;
  const pagesEstimated = Math.max(pages, c.pages + (c.pagesDone ? 0 : 1));
  const unitsEstimated = pagesEstimated + Math.max(fraudPages, fraudDone + (c.fraudDone === false ? 1 : 0));
  const unitsDone = c.pages + fraudDone;
  // A page runs the AML built-ins and the custom rules alike: both counts are pages.
  const builtins = p.kind === "aml" && p.builtinIds.length > 0;
  return {
    entitiesActive: p.entitiesActive,
    partitionsDone: builtins ? c.pages : 0,
    partitions: builtins ? pagesEstimated : 0,
    customPagesDone: p.customIds.length > 0 ? c.pages : 0,
    fraudPagesDone: fraudDone,
    unitsDone,
    unitsEstimated,
    percent: doc.status === "succeeded" ? 100 : Math.min(99, Math.floor((unitsDone * 100) / unitsEstimated)),
  };
}

/**
 * The network typologies under both versions (docs/decisions/rule-set-backtest.md#network-typologies):
 * a scan's read of the history ending at `to`, per version, writing nothing; each rule's hits are
 * the scheme participants (customers) it names. Customer backtests of AML rule sets only: a
 * scheme's participants are holders.
 */
async function networkTallies(ctx: TenantContext, p: Prepared): Promise<RuleTally[]> {
  if (p.kind !== "aml" || p.input.entityType !== "customer") return [];
  const live = await networkHitsByRule(ctx, p.live.content, p.input.to);
  await yieldToEventLoop();
  const draft = await networkHitsByRule(ctx, p.draft.content, p.input.to);
  const ids = NETWORK_RULES.map((r) => r.ruleId).filter((id) => live.has(id) || draft.has(id));
  const tallies = ids.map((id) => emptyTally(id, "builtin"));
  addUnit(tallies, live, draft);
  return tallies;
}

export async function finish(ctx: TenantContext, doc: RunDocument) {
  const p = doc.prepared;
  doc.tallies = [
    ...doc.tallies.filter((t) => !NETWORK_RULE_IDS.has(t.ruleId)),
    ...(await networkTallies(ctx, p)),
  ];
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
    await advance(ctx, doc, UNBOUNDED);
    await finish(ctx, doc);
    await runIo(ctx.env).put(ctx.tenantId, doc);
    return { queued: false as const, run: present(doc) };
  }
  // Queued: an identical run (same range and entity type, same draft and live content) still
  // queued or running is joined instead (docs/decisions/fairness.md#dedupe).
  const key = await dedupeKey(RULES_BACKTEST_JOB, {
    kind,
    input: p.input,
    draft: p.draft.stamp.hash,
    live: p.live.stamp.hash,
  });
  const { joined, job } = await startOrJoin(
    ctx.env,
    { tenantId: ctx.tenantId, key, now: ctx.clock.now() },
    async (backtestId) => {
      const held = await runIo(ctx.env).load(ctx.tenantId, backtestId);
      return held && (held.status === "queued" || held.status === "running") ? present(held) : undefined;
    },
    async (backtestId) => {
      const queued = { ...doc, backtestId };
      await saveAndSend(runIo(ctx.env), ctx.tenantId, queued);
      return present(queued);
    },
  );
  return { queued: true as const, run: { ...job, joined } };
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
  const doc = await runIo(ctx.env).load(ctx.tenantId, backtestId);
  if (!doc || doc.prepared.kind !== kind) throw notFound("Backtest");
  return present(doc);
}
