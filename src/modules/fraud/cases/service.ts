import type { BatchItem } from "drizzle-orm/batch";
import type { TenantScope } from "../../../db/client";
import type { FraudCaseEventRow, FraudCaseHeadRow, FraudCaseRow } from "../../../db/shard/fraud";
import { GENESIS_HASH, verifyChain } from "../../../lib/hash-chain";
import { type AnchorKeys, checkAnchor } from "../../cases/domain/anchor";
import { anchorOfHead, chainedLogEntry } from "../../cases/domain/log";
import type { CaseWork } from "../../cases/domain/work";
import type { CaseActor, EventInput, LogHead, LogResult, OutboxEvent } from "../domain/case-log";
import { type CaseStatus, decideEvent } from "../domain/case-state";
import { nextWork, resolveWorkInput, workOf } from "../domain/case-work";
import * as repo from "../repo";
import type { NewCaseRecords } from "./batch/repo";
import { eventContent, newCaseRecords } from "./batch/service";

export { caseContent, eventContent } from "./batch/service";

/**
 * The write side of a case's log. Appends must run one at a time per case: the case's
 * Durable Object prepares and commits its events one group at a time (src/durable-objects/fraud-case.ts).
 */

export async function createCase(
  scope: TenantScope,
  row: FraudCaseRow,
  actor: CaseActor,
  keys: AnchorKeys,
  dueAt: string | null = null,
  /** Statements that commit with the case (an Idempotency-Key's record of it). */
  also: BatchItem<"sqlite">[] = [],
): Promise<LogResult<{ row: FraudCaseRow; head: FraudCaseHeadRow; event: FraudCaseEventRow }>> {
  if (await repo.findCaseIdByAlert(scope, row.alertId))
    return {
      ok: false,
      error: { code: "conflict", message: `A case for alert ${row.alertId} already exists` },
    };
  const { event, head } = await newCaseRecords(scope.tenantId, row, actor, keys, dueAt);
  try {
    const [first, ...rest] = repo.createCaseStatements(scope, row, event, head);
    await scope.db.batch([first, ...rest, ...also]);
  } catch (err) {
    // A concurrent create for the same alert lost the race on the unique index.
    if (/UNIQUE/i.test(String(err)) && (await repo.findCaseIdByAlert(scope, row.alertId)))
      return {
        ok: false,
        error: { code: "conflict", message: `A case for alert ${row.alertId} already exists` },
      };
    throw err;
  }
  return { ok: true, value: { row, head, event } };
}

export async function readHead(scope: TenantScope, caseId: string): Promise<LogHead | undefined> {
  const found = await repo.findCase(scope, caseId);
  if (!found) return undefined;
  return {
    tenantId: scope.tenantId,
    caseId,
    lastSequence: found.head.lastSequence,
    headHash: found.head.headHash,
    status: found.head.currentStatus as CaseStatus,
    correlationId: found.case.correlationId,
    work: workOf(found.head),
    severity: found.head.severity,
  };
}

/**
 * Builds the event that follows `head` (no I/O): the state machine decides, the sequence is
 * head + 1, the hash chains to the head's. Returns the event and the head after it.
 */
export async function prepareEvent(
  head: LogHead,
  rawInput: EventInput,
  now: Date,
): Promise<LogResult<{ event: FraudCaseEventRow; head: LogHead; outbox?: OutboxEvent }>> {
  if (rawInput.expectSequence !== undefined && rawInput.expectSequence !== head.lastSequence)
    return {
      ok: false,
      error: { code: "conflict", message: "The case's log moved since it was read; read it again" },
    };
  const resolved = resolveWorkInput(head.work, rawInput);
  if (!resolved.ok) return { ok: false, error: resolved.error };
  const input = resolved.value;
  const decision = decideEvent(head.status, {
    ...input,
    requestedStatus: (input.resolution?.toStatus as CaseStatus | undefined) ?? null,
  });
  if (!decision.ok)
    return { ok: false, error: { code: decision.code, message: decision.message, path: decision.path } };
  // The one builder of case log entries (cases/domain/log.ts): sequence and chain from the head.
  const { entry: event } = await chainedLogEntry(
    { sequence: head.lastSequence, hash: head.headHash },
    ({ sequence, previousHash }): FraudCaseEventRow => ({
      id: input.eventId ?? crypto.randomUUID(),
      tenantId: head.tenantId,
      caseId: head.caseId,
      eventSequence: sequence,
      eventType: input.eventType,
      actorType: input.actorType,
      actorId: input.actorId,
      actorName: input.actorName ?? null,
      actorKeyId: input.actorKeyId ?? null,
      previousStatus: decision.previousStatus,
      newStatus: decision.newStatus,
      assigneeId: input.assigneeId ?? null,
      assigneeName: input.assigneeName ?? null,
      noteContent: input.noteContent ?? null,
      noteType: input.eventType === "note_added" ? (input.noteType ?? "review") : (input.noteType ?? null),
      evidenceType: input.evidenceType ?? null,
      evidenceReference: input.evidenceReference ?? null,
      resolution: input.resolution ?? null,
      correlationId: head.correlationId,
      createdAt: now.toISOString(),
      previousHash,
      hash: "",
      redactedAt: null,
    }),
    (unhashed) => eventContent(unhashed),
  );
  const outbox =
    input.eventType === "sla_breached" && input.outboxEventId
      ? {
          id: input.outboxEventId,
          type: "case.sla_breached" as const,
          data: {
            caseId: head.caseId,
            kind: "fraud",
            dueAt: input.dueAt,
            severity: head.severity,
            status: head.status,
            assigneeId: head.work.assigneeId,
            queueId: input.queueId ?? null,
            breachedAt: event.createdAt,
          },
        }
      : event.eventType === "assigned" && event.assigneeId
        ? {
            id: crypto.randomUUID(),
            type: "case.assigned" as const,
            data: {
              caseId: head.caseId,
              kind: "fraud",
              assigneeId: event.assigneeId,
              assigneeName: event.assigneeName,
              actorId: event.actorId,
              queueId: input.queueId ?? null,
              at: event.createdAt,
            },
          }
        : undefined;
  return {
    ok: true,
    value: {
      event,
      outbox,
      head: {
        ...head,
        lastSequence: event.eventSequence,
        headHash: event.hash,
        status: decision.statusAfter,
        work: nextWork(head.work, event),
      },
    },
  };
}

/**
 * A new case's records with `entries` chained after its `created` event, built as the case's
 * object would append them (prepareEvent on the head they make) and the head anchored at the
 * last: the opening batch then writes them all (a subject's several hits of one drain: no object).
 */
export async function chainOpening(
  records: NewCaseRecords,
  entries: EventInput[],
  keys: AnchorKeys,
): Promise<NewCaseRecords> {
  const { row, event } = records;
  let head: LogHead = {
    tenantId: row.tenantId,
    caseId: row.id,
    lastSequence: event.eventSequence,
    headHash: event.hash,
    status: "open",
    correlationId: row.correlationId,
    work: workOf(records.head),
    severity: row.severity,
  };
  const more: FraudCaseEventRow[] = [];
  for (const input of entries) {
    const prepared = await prepareEvent(head, input, new Date(row.createdAt));
    if (!prepared.ok) throw new Error(prepared.error.message);
    more.push(prepared.value.event);
    head = prepared.value.head;
  }
  const anchor = await anchorOfHead(
    keys,
    { kind: "fraud", tenantId: row.tenantId, caseId: row.id },
    { sequence: head.lastSequence, hash: head.headHash },
  );
  return {
    ...records,
    more,
    head: {
      ...records.head,
      lastSequence: head.lastSequence,
      headHash: head.headHash,
      headAnchor: anchor.anchor,
      headAnchorKeyId: anchor.keyId,
    },
  };
}

/**
 * Makes consecutive prepared events and the projection (with the new head's anchor) durable
 * in one D1 batch (one transaction). The unique (case_id, event_sequence) refuses a stale
 * head: nothing is written.
 */
export async function commitEvents(
  scope: TenantScope,
  events: FraudCaseEventRow[],
  head: LogHead,
  keys: AnchorKeys,
  outbox: OutboxEvent[] = [],
  /** The case-work projection before the first event (the head's before the group). */
  workBefore: CaseWork = head.work,
): Promise<void> {
  if (!events.length) return;
  const anchor = await anchorOfHead(
    keys,
    { kind: "fraud", tenantId: head.tenantId, caseId: head.caseId },
    { sequence: head.lastSequence, hash: head.headHash },
  );
  const [first, ...rest] = repo.appendEventStatements(scope, events, outbox, {
    status: head.status,
    lastEventAt: events[events.length - 1].createdAt,
    lastSequence: head.lastSequence,
    headHash: head.headHash,
    headAnchor: anchor.anchor,
    headAnchorKeyId: anchor.keyId,
    workBefore,
    work: head.work,
  });
  await scope.db.batch([first, ...rest] as never);
}

/**
 * Recomputes the chain from genesis, over the case row and every event in sequence order, and
 * checks the head's anchor (src/modules/cases/domain/anchor.ts) against the log's last event. The chain
 * alone only shows the log is consistent with itself; the anchor shows its head is one the
 * service wrote. `anchorValid` is null for cases written before anchors existed (no anchor).
 * Keys are loaded only when an anchor is there to check, and their absence then fails closed.
 */
export async function verifyCaseLog(
  scope: TenantScope,
  caseId: string,
  anchorKeys: () => Promise<AnchorKeys>,
) {
  const found = await repo.findCase(scope, caseId);
  if (!found) return undefined;
  return checkCaseLog(found, await repo.allEvents(scope, caseId), anchorKeys);
}

/**
 * The check itself, over a case and its events as loaded (in sequence order). Shared by the
 * verify endpoint and the re-anchor sweep after a key rotation (cases/system-repo.ts), so there is
 * one verifier.
 */
export async function checkCaseLog(
  { case: row, head }: repo.CaseWithHead,
  events: FraudCaseEventRow[],
  anchorKeys: () => Promise<AnchorKeys>,
) {
  const gapless = events.every((e, i) => e.eventSequence === i + 1);
  // An erased entry (or the created one, when the case row was) keeps its stored hash.
  const redacted = (e: FraudCaseEventRow) =>
    e.redactedAt != null || (e.eventType === "created" && row.redactedAt != null);
  const result = await verifyChain(
    events.map((e) => ({
      hash: e.hash,
      content: eventContent(e, row),
      redacted: redacted(e) ? { previousHash: e.previousHash } : undefined,
    })),
  );
  const linked = events.every((e, i) => e.previousHash === (i ? events[i - 1].hash : GENESIS_HASH));
  const stored = { anchor: head.headAnchor, keyId: head.headAnchorKeyId };
  const anchorValid =
    stored.anchor === null && stored.keyId === null
      ? null
      : await checkAnchor(
          await anchorKeys(),
          {
            kind: "fraud",
            tenantId: row.tenantId,
            caseId: row.id,
            lastSequence: events.length,
            headHash: events.at(-1)?.hash ?? GENESIS_HASH,
          },
          stored,
        );
  return {
    valid: result.valid && gapless && linked && anchorValid !== false,
    eventCount: events.length,
    headHash: result.valid ? result.headHash : (events.at(-1)?.hash ?? GENESIS_HASH),
    firstInvalidSequence:
      result.firstInvalidIndex !== undefined ? events[result.firstInvalidIndex].eventSequence : null,
    anchorValid,
  };
}
