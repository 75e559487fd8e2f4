import type { PageRequest } from "../../db/keyset";
import type { FraudCaseEventRow, FraudCaseRow } from "../../db/shard/fraud";
import type { TenantContext } from "../../db/tenant-context";
import type { FraudCaseObject } from "../../durable-objects/fraud-case";
import { AppError, notFound } from "../../lib/errors";
import { presentPage } from "../../lib/pagination";
import { anchorKeysFrom } from "../cases/domain/anchor";
import { SYSTEM_CLOSE, systemCloseDecision } from "../cases/domain/withdrawn";
import { type Outcome, presentWork } from "../cases/domain/work";
import type { SystemCloseRequest, SystemCloseResult } from "../cases/kinds/service";
import { queueIdOf, queueIdsOf, routeNewCases } from "../cases/queues/service";
import { NoWorkChange } from "../cases/work/service";
import { alertNote } from "../detection/domain/outcome";
import { notifyOutbox } from "../events/service";
import {
  openPersonalFields,
  openPersonalTexts,
  sealPersonalFields,
  sealPersonalText,
  subjectOf,
} from "../privacy/subject-keys/service";
import { caseRow, dueAtOf, fromAlert, routableOf } from "./cases/batch/service";
import type { CaseListFilter, CreateCaseInput } from "./cases/schemas";
import { createCase as createCaseLog, verifyCaseLog } from "./cases/service";
import type { CaseActor, EventInput, LogResult } from "./domain/case-log";
import { CASE_STATUSES, type CaseStatus, isClosed } from "./domain/case-state";
import { closeInput, workOf } from "./domain/case-work";
import { ENTITY_TYPES, SEVERITIES } from "./domain/types";
import { type EvaluateInput, evaluate, type FraudAlert } from "./evaluation/service";
import * as repo from "./repo";
import { recordFraudAlert } from "./steps/stored-alerts";

/** Opening many entities' cases at once (continuous monitoring's page), later hits of a subject chained in. */
export { openCasesUnlessOpen } from "./cases/batch/service";
export { chainOpening } from "./cases/service";

type Ctx = TenantContext;

const namespace = (ctx: Pick<Ctx, "env">) =>
  ctx.env.FRAUD_CASE as unknown as DurableObjectNamespace<FraudCaseObject>;
const caseStub = (ctx: Pick<Ctx, "env">, caseId: string) =>
  namespace(ctx).get(namespace(ctx).idFromName(caseId));
/** Offboarding: empties a deleted tenant's case object (cached head, storage). */
export const wipeCaseObject = (env: Ctx["env"], caseId: string) => caseStub({ env }, caseId).wipe();
const entityStub = (ctx: Ctx, entityType: string, entityId: string) =>
  namespace(ctx).get(namespace(ctx).idFromName(`entity:${ctx.tenantId}:${entityType}:${entityId}`));

/**
 * A call to a case's (or entity's) Durable Object that the runtime reset under it (an error it
 * marks `retryable` or `durableObjectReset`) answers 503 `unavailable` with Retry-After, not 500. The append may or may
 * not have landed; the sequence stays gapless either way (docs/decisions/faults.md#faults-in-workerd).
 */
async function viaObject<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    const reset = err as { retryable?: unknown; durableObjectReset?: unknown } | null;
    if (reset?.retryable !== true && reset?.durableObjectReset !== true) throw err;
    throw new AppError(
      "unavailable",
      "The case's log was reset during the write, which may not have landed: read the log, then retry after Retry-After seconds",
      undefined,
      1,
    );
  }
}

function unwrap<T>(result: LogResult<T>): T {
  if (result.ok) return result.value;
  const { code, message, path } = result.error;
  if (code === "no_change") throw new NoWorkChange(message);
  throw new AppError(code, message, path ? [{ path, message }] : undefined);
}

export const presentEvent = (e: FraudCaseEventRow) => {
  const { previousHash: _p, redactedAt: _r, ...rest } = e;
  return {
    ...rest,
    eventType: e.eventType as "created",
    actorType: e.actorType as EventInput["actorType"],
    previousStatus: e.previousStatus as CaseStatus | null,
    newStatus: e.newStatus as CaseStatus | null,
  };
};

/** A stored case as the API shows it; `now` decides `overdue`. */
export const presentCase = (
  { case: { ruleSetVersion, ruleSetHash, redactedAt: _r, ...c }, head }: repo.CaseWithHead,
  now: Date,
) => ({
  ...c,
  ruleSet:
    ruleSetVersion !== null && ruleSetHash !== null
      ? { kind: "fraud" as const, version: ruleSetVersion, hash: ruleSetHash }
      : null,
  entityType: c.entityType as (typeof ENTITY_TYPES)[number],
  severity: c.severity as (typeof SEVERITIES)[number],
  currentStatus: head.currentStatus as CaseStatus,
  lastEventAt: head.lastEventAt,
  ...presentWork(workOf(head), isClosed(head.currentStatus as CaseStatus), now),
});

async function loadCase(ctx: Ctx, caseId: string) {
  const found = await repo.findCase(ctx, caseId);
  if (!found) throw notFound("Fraud case");
  return found;
}

/**
 * A new case (status open, event 1 `created`). 409 when the alert already has a case. The
 * `created` event is the service's (`system`/`api`): the request names no person; the key
 * that asked for it is recorded as actorKeyId.
 */
export async function createCase(ctx: Ctx, input: CreateCaseInput, actorKeyId: string | null) {
  // Made under this Idempotency-Key by an attempt whose answer was lost: that case, not a second.
  const earlier = ctx.idempotent?.createdId ? await repo.findCase(ctx, ctx.idempotent.createdId) : undefined;
  const created = earlier ? { row: earlier.case, head: earlier.head } : await newCase(ctx, input, actorKeyId);
  await routeNewCases(ctx, [routableOf(created.row, created.head.dueAt)]);
  const [opened] = await openCases(ctx, [{ case: created.row, head: created.head }]);
  return presentCase(opened, ctx.clock.now());
}

async function newCase(ctx: Ctx, input: CreateCaseInput, actorKeyId: string | null) {
  const row = await sealCaseRow(ctx, caseRow(ctx.tenantId, input, ctx.clock.now()), input);
  const actor: CaseActor = { actorType: "system", actorId: "api", actorName: null, actorKeyId };
  const keys = await anchorKeysFrom(ctx.env.SECRETS_KEY);
  const recorded = ctx.idempotent ? [ctx.idempotent.recordCreated(row.id)] : [];
  // A fresh id has no other writer yet: no serialization needed until it is returned.
  return unwrap(await createCaseLog(ctx, row, actor, keys, dueAtOf(ctx, row), recorded));
}

/**
 * A case about a customer (or its account) created through the API: the caller's title, summary
 * and metadata are sealed under the customer's key (the `created` entry hashes the sealed row).
 */
const CASE_USE = "fraud.case_row";
const NO_CLEAR_FIELDS: ReadonlySet<string> = new Set();

async function sealCaseRow(ctx: Ctx, row: FraudCaseRow, input: CreateCaseInput): Promise<FraudCaseRow> {
  const subject = await subjectOf(ctx, row.entityType, row.entityId);
  if (!subject) return row;
  const seal = (text: string) => sealPersonalText(ctx, subject, CASE_USE, text);
  return {
    ...row,
    title: input.title ? await seal(row.title) : row.title,
    summary: row.summary ? await seal(row.summary) : row.summary,
    metadata: (await sealPersonalFields(ctx, subject, CASE_USE, row.metadata, NO_CLEAR_FIELDS)) as Record<
      string,
      unknown
    >,
  };
}

/** The cases with their sealed title, summary and metadata opened ("[erased]" once erased). */
async function openCases(ctx: Ctx, found: repo.CaseWithHead[]): Promise<repo.CaseWithHead[]> {
  const rows = found.map((f) => f.case);
  const [titles, summaries, metadata] = await Promise.all([
    openPersonalTexts(
      ctx,
      CASE_USE,
      rows.map((r) => r.title),
    ),
    openPersonalTexts(
      ctx,
      CASE_USE,
      rows.map((r) => r.summary),
    ),
    openPersonalFields(
      ctx,
      CASE_USE,
      rows.map((r) => r.metadata),
    ),
  ]);
  return found.map((f, i) =>
    titles[i] === f.case.title && summaries[i] === f.case.summary && metadata[i] === f.case.metadata
      ? f
      : {
          ...f,
          case: { ...f.case, title: titles[i] ?? "", summary: summaries[i], metadata: metadata[i] ?? {} },
        },
  );
}

export async function getCase(ctx: Ctx, caseId: string) {
  const [found] = await openCases(ctx, [await loadCase(ctx, caseId)]);
  const events = await openNotes(ctx, await repo.allEvents(ctx, caseId));
  const queueId = await queueIdOf(ctx, "fraud", caseId);
  return { ...presentCase(found, ctx.clock.now()), queueId, events: events.map(presentEvent) };
}

/**
 * What an API caller writes into a case about a customer (or one of its accounts) is stored sealed
 * under that customer's key, and the chain hashes the sealed form: the text of any event (notes,
 * reasons, evidence descriptions) and the free fields of its evidence reference and resolution.
 * An erasure deletes the key and never rewrites the log (docs/decisions/security.md#erasure-model).
 * Kept plain: tags (the tag index and filter read them), the fields the projection and readers
 * need (CLEAR_FIELDS), and what system actors write (ids, rule names, due dates), but a snooze's
 * reason.
 */
const NOTE_USE = "fraud.case_note";
const FIELDS_USE = "fraud.case_event";
const CLEAR_FIELDS: ReadonlySet<string> = new Set([
  ...["toStatus", "outcome", "requestedBy", "dueAt", "principal"],
  ...["fileId", "sha256", "size", "contentType", "linkId", "linked"],
  ...["alertId", "screeningId", "ruleIds", "overallScore", "ruleId", "until", "listId", "entryId"],
]);
const PLAIN_NOTES: ReadonlySet<string> = new Set(["tag_added", "tag_removed"]);

async function sealEvent<T extends EventInput>(ctx: Ctx, caseId: string, input: T): Promise<T> {
  if (input.actorType === "system" && input.eventType !== "rule_snoozed") return input;
  const note = input.noteContent?.trim() && !PLAIN_NOTES.has(input.eventType) ? input.noteContent : null;
  if (!note && !input.evidenceReference && !input.resolution) return input;
  const { case: c } = await loadCase(ctx, caseId);
  const subject = await subjectOf(ctx, c.entityType, c.entityId);
  if (!subject) return input;
  return {
    ...input,
    noteContent: note ? await sealPersonalText(ctx, subject, NOTE_USE, note) : input.noteContent,
    evidenceReference: await sealPersonalFields(
      ctx,
      subject,
      FIELDS_USE,
      input.evidenceReference,
      CLEAR_FIELDS,
    ),
    resolution: await sealPersonalFields(ctx, subject, FIELDS_USE, input.resolution, CLEAR_FIELDS),
  };
}

/** The events with their sealed text opened; what an erased customer's key sealed reads "[erased]". */
async function openNotes(ctx: Ctx, events: FraudCaseEventRow[]): Promise<FraudCaseEventRow[]> {
  const [notes, references, resolutions] = await Promise.all([
    openPersonalTexts(
      ctx,
      NOTE_USE,
      events.map((e) => e.noteContent),
    ),
    openPersonalFields(
      ctx,
      FIELDS_USE,
      events.map((e) => e.evidenceReference),
    ),
    openPersonalFields(
      ctx,
      FIELDS_USE,
      events.map((e) => e.resolution),
    ),
  ]);
  return events.map((e, i) =>
    notes[i] === e.noteContent && references[i] === e.evidenceReference && resolutions[i] === e.resolution
      ? e
      : { ...e, noteContent: notes[i], evidenceReference: references[i], resolution: resolutions[i] },
  );
}

const isoUtc = (v?: string) => (v ? new Date(v).toISOString() : undefined);

export async function listCases(ctx: Ctx, filter: CaseListFilter, page: PageRequest) {
  const now = ctx.clock.now();
  const { overdue, ...rest } = filter;
  const found = await repo.listCases(
    ctx,
    {
      ...rest,
      startDate: isoUtc(filter.startDate),
      endDate: isoUtc(filter.endDate),
      dueBy: overdue ? now.toISOString() : undefined,
    },
    page,
  );
  const queues = await queueIdsOf(
    ctx,
    "fraud",
    found.rows.map((r) => r.case.id),
  );
  return presentPage({ ...found, rows: await openCases(ctx, found.rows) }, (r) => ({
    ...presentCase(r, now),
    queueId: queues.get(r.case.id) ?? null,
  }));
}

export async function listEvents(ctx: Ctx, caseId: string, page: PageRequest) {
  await loadCase(ctx, caseId);
  const found = await repo.listEvents(ctx, caseId, page);
  return presentPage({ ...found, rows: await openNotes(ctx, found.rows) }, presentEvent);
}

/** Appends through the case's Durable Object, which assigns the next sequence. */
export async function appendEvent(ctx: Ctx, caseId: string, input: EventInput & { outcome?: Outcome }) {
  // Under an Idempotency-Key the event's id is the same on every attempt: a retry after an answer
  // lost to a kill finds the event it made and answers it (docs/decisions/faults.md#a-kill-while-a-key-is-claimed).
  const eventId = ctx.idempotent ? await ctx.idempotent.stableId(`fraud.case_event:${caseId}`) : undefined;
  const earlier = eventId ? (await repo.allEvents(ctx, caseId)).find((e) => e.id === eventId) : undefined;
  if (earlier) return presentEvent((await openNotes(ctx, [earlier]))[0]);
  const stub = caseStub(ctx, caseId);
  // An assignment's case.assigned event names the case's team queue.
  const queued =
    input.eventType === "assigned" ? { ...input, queueId: await queueIdOf(ctx, "fraud", caseId) } : input;
  const sealed = await sealEvent(ctx, caseId, eventId ? { ...queued, eventId } : queued);
  const result = await viaObject<unknown>(
    stub.append({
      tenantId: ctx.tenantId,
      shard: ctx.tenant.shard,
      caseId,
      input: closeInput(ctx.tenant.settings.caseCloseRequiresSecondActor === true, sealed),
    }),
  );
  const [event] = await openNotes(ctx, [unwrap(result as LogResult<FraudCaseEventRow>)]);
  if (event.eventType === "assigned") await notifyOutbox(ctx);
  return presentEvent(event);
}

/**
 * The system close of an untouched case whose every alert was withdrawn
 * (docs/decisions/case-work.md#system-close): decided on the case and its log as read
 * (cases/domain/withdrawn.ts), then a `closed` event (closed_cleared, false_positive, the reason
 * and the note) appended through the case's object only if its log is still where it was read
 * (`expectSequence`): an entry that landed meanwhile (an analyst's) keeps it open. Maker-checker
 * does not apply (closeInput with no second actor): nobody made a decision a second one could check.
 */
export async function closeUntouched(
  ctx: Ctx,
  caseId: string,
  close: SystemCloseRequest,
): Promise<SystemCloseResult> {
  const found = await repo.findCase(ctx, caseId);
  if (!found) throw notFound("Fraud case");
  const entries = await repo.allEvents(ctx, caseId);
  const { head } = found;
  const decided = systemCloseDecision({
    status: head.currentStatus,
    openingStatus: "open",
    assigneeId: head.assigneeId,
    tags: head.tags ?? [],
    closeRequest: head.closeRequest,
    entries,
    alerts: close.alerts,
  });
  if (!decided.close) return { closed: false, why: decided.why };
  const { toStatus, outcome } = SYSTEM_CLOSE.fraud;
  const result = await viaObject<unknown>(
    caseStub(ctx, caseId).append({
      tenantId: ctx.tenantId,
      shard: ctx.tenant.shard,
      caseId,
      input: closeInput(false, {
        eventType: "closed",
        newStatus: toStatus,
        outcome,
        noteContent: close.note,
        resolution: { reason: close.reason, alertIds: close.alerts.map((a) => a.alertId) },
        ...close.actor,
        expectSequence: head.lastSequence,
      }),
    }),
  );
  const logged = result as LogResult<FraudCaseEventRow>;
  if (!logged.ok && logged.error.code === "conflict") return { closed: false, why: "worked" };
  unwrap(logged);
  return { closed: true, toStatus };
}

export const changeStatus = (
  ctx: Ctx,
  caseId: string,
  input: {
    newStatus: CaseStatus;
    outcome?: Outcome;
    actorId: string;
    actorName?: string;
    actorType: EventInput["actorType"];
    actorKeyId: string | null;
  },
) => appendEvent(ctx, caseId, { eventType: "status_changed", ...input });

export const addNote = (
  ctx: Ctx,
  caseId: string,
  input: {
    content: string;
    noteType: string;
    actorId: string;
    actorName?: string;
    actorType: EventInput["actorType"];
    actorKeyId: string | null;
  },
) =>
  appendEvent(ctx, caseId, {
    eventType: "note_added",
    noteContent: input.content,
    noteType: input.noteType,
    actorId: input.actorId,
    actorName: input.actorName,
    actorType: input.actorType,
    actorKeyId: input.actorKeyId,
  });

const zeros = (keys: readonly string[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<string, number>;
const tally = (keys: readonly string[], rows: Array<{ key: string; n: number }>) => {
  const out = zeros(keys);
  for (const r of rows) out[r.key] = r.n;
  return out;
};

export async function caseStats(ctx: Ctx) {
  const { totals, byStatus, bySeverity, byEntityType } = await repo.caseStats(ctx);
  return {
    total: totals.total,
    byStatus: tally(CASE_STATUSES, byStatus),
    bySeverity: tally(SEVERITIES, bySeverity),
    byEntityType: tally(ENTITY_TYPES, byEntityType),
    openCount: Number(totals.openCount),
    criticalCount: Number(totals.criticalCount),
    avgScore: totals.avgScore === null ? 0 : Math.round(totals.avgScore * 100) / 100,
  };
}

export async function verifyCase(ctx: Ctx, caseId: string) {
  const result = await verifyCaseLog(ctx, caseId, () => anchorKeysFrom(ctx.env.SECRETS_KEY));
  if (!result) throw notFound("Fraud case");
  return result;
}

/**
 * Evaluates, then returns the entity's non-closed case (caseCreated false) or opens one when
 * autoCreateCase and the score reaches the threshold. The entity's Durable Object serializes
 * the check and the create, so two concurrent calls never open two cases. The `created`
 * event is the service's (`system`/`evaluate-and-create`), with the key that asked for the
 * evaluation (null from a workflow). With `ruleSet: "draft"` it only evaluates.
 */
export async function evaluateAndCreate(
  ctx: Ctx,
  input: EvaluateInput & { createCaseThreshold: number; autoCreateCase: boolean },
  actorKeyId: string | null = null,
) {
  const alert = await evaluate(ctx, input);
  // A draft is evaluated without side effects: no case is looked up or opened, no alert stored.
  if (input.ruleSet === "draft") return { alert, case: null, caseCreated: false };
  const existing = await repo.findOpenCaseId(ctx, input.entityType, input.entityId);
  const actor: CaseActor = {
    actorType: "system",
    actorId: "evaluate-and-create",
    actorName: null,
    actorKeyId,
  };
  // A hit that would open a case adds `alert_added` to the open one instead (one open case per entity).
  let touched: { caseId: string; created: boolean } | null = null;
  if (input.autoCreateCase && alert.overallScore >= input.createCaseThreshold) {
    touched = existing
      ? { caseId: existing.id, created: false }
      : await openCaseUnlessOpen(ctx, alert, actor);
    const ruleIds = alert.triggeredSignals.map((s) => s.signalId);
    if (!touched.created && ruleIds.length > 0)
      await appendEvent(ctx, touched.caseId, {
        eventType: "alert_added",
        noteContent: alertNote({ alertId: alert.alertId, trigger: "on_demand", ruleIds }),
        evidenceReference: { alertId: alert.alertId, ruleIds, overallScore: alert.overallScore },
        ...actor,
      });
  }
  // Stored with the evaluation's alertId, which the opened case carries too.
  await recordFraudAlert(ctx, alert, touched);
  const caseId = touched?.caseId ?? existing?.id;
  return { alert, case: caseId ? await getCase(ctx, caseId) : null, caseCreated: touched?.created ?? false };
}

/**
 * Opens a case for the alert unless the entity has a non-closed one (then returns that one,
 * created false). The entity's Durable Object serializes the check and the create. Used by
 * evaluate-and-create and by continuous monitoring; `actor.actorId` names the caller.
 */
export async function openCaseUnlessOpen(ctx: Ctx, alert: FraudAlert, actor: CaseActor) {
  const row = caseRow(ctx.tenantId, fromAlert(alert, actor.actorId), ctx.clock.now(), alert.ruleSet);
  const stub = entityStub(ctx, alert.entityType, alert.entityId);
  return unwrap(
    (await viaObject<unknown>(
      stub.createUnlessOpen({
        tenantId: ctx.tenantId,
        shard: ctx.tenant.shard,
        row,
        actor,
        dueAt: dueAtOf(ctx, row),
      }),
    )) as LogResult<{ caseId: string; created: boolean }>,
  );
}
