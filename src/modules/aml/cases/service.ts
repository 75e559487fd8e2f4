import type { PageRequest } from "../../../db/keyset";
import type { AmlCaseHistoryRow, AmlCaseRow } from "../../../db/shard/aml";
import type { TenantContext } from "../../../db/tenant-context";
import { conflict, notFound } from "../../../lib/errors";
import { GENESIS_HASH, verifyChain } from "../../../lib/hash-chain";
import { settleLimited } from "../../../lib/limited";
import { presentPage } from "../../../lib/pagination";
import { type Anchor, type AnchorKeys, anchorKeysFrom, checkAnchor } from "../../cases/domain/anchor";
import { anchorOfHead } from "../../cases/domain/log";
import { appendInOrder } from "../../cases/log/service";
import { queueIdOf, queueIdsOf } from "../../cases/queues/service";
import {
  openPersonalFields,
  openPersonalTexts,
  sealPersonalFields,
  sealPersonalText,
  subjectOf,
} from "../../privacy/subject-keys/service";
import type { AmlCaseStatus } from "../domain/case-machine";
import { type HistoryEventType, type HistoryFields, historyContent, snapshotOf } from "../domain/history";
import * as repo from "../repo";
import { appendNotesInObjects, chainedEntry, NOTES_AT_ONCE } from "./append/service";
import { openCasesStatements } from "./batch/repo";
import { type CaseSubject, caseItems, type OpenCasesInput, routeOpened } from "./batch/service";
import { presentCase, presentHistory, presentSubjects } from "./present";

export { type CaseNotesRequest, writeCaseNotes } from "./append/service";
export { type CaseSubject, type OpenCasesInput, openCasesForPage } from "./batch/service";
export { presentCase, presentHistory } from "./present";

/**
 * One case per triggered rule unless a non-closed one exists for that rule and entity. The
 * `created` entry is the service's (`system`/`aml-evaluate`), with the requesting key.
 */
export async function openCasesForTriggered(ctx: TenantContext, input: OpenCasesInput) {
  if (input.outcomes.length === 0) return [];
  const at = ctx.clock.now().toISOString();
  const items = await caseItems(ctx, input, at, await anchorKeysFrom(ctx.env.SECRETS_KEY));
  // A scheme's case and its subjects in one batch (the page's set-based statements).
  if (input.subjects?.length) await ctx.db.batchSql(openCasesStatements(ctx, items));
  else await repo.openCases(ctx, items);
  const newIds = new Set(items.map((i) => i.row.id));
  const open = await repo.openCasesFor(
    ctx,
    input.entityType,
    input.entityId,
    input.outcomes.map((o) => o.ruleId),
  );
  await routeOpened(ctx, items, new Set(open.map((c) => c.id)));
  return input.outcomes.flatMap((o) => {
    const found = open.find((c) => c.ruleId === o.ruleId);
    // A case closed between the batch and this read is simply not reported.
    return found
      ? [
          {
            caseId: found.id,
            ruleId: o.ruleId,
            status: found.status as AmlCaseStatus,
            created: newIds.has(found.id),
          },
        ]
      : [];
  });
}

export async function listCases(
  ctx: TenantContext,
  { overdue, ...filter }: Omit<repo.CaseFilter, "dueBy"> & { overdue?: boolean },
  page: PageRequest,
) {
  const now = ctx.clock.now();
  const found = await repo.listCases(
    ctx,
    { ...filter, dueBy: overdue ? now.toISOString() : undefined },
    page,
  );
  const ids = found.rows.map((r) => r.id);
  const [subjects, queues] = await Promise.all([repo.caseSubjects(ctx, ids), queueIdsOf(ctx, "aml", ids)]);
  return presentPage(found, (r) => ({
    ...presentCase(r, now),
    subjects: presentSubjects(r, subjects.get(r.id)),
    queueId: queues.get(r.id) ?? null,
  }));
}

/**
 * Adds subjects to a case already open (a later scheme of its rule on the same principal), so it
 * is found from them too; subjects it lists already keep their first role.
 */
export const addCaseSubjects = (ctx: TenantContext, caseId: string, subjects: readonly CaseSubject[]) => {
  const at = ctx.clock.now().toISOString();
  return repo.addCaseSubjects(
    ctx,
    subjects.map((x) => ({ ...x, caseId, createdAt: at })),
  );
};

export async function getCase(ctx: TenantContext, caseId: string) {
  const row = await repo.findCase(ctx, caseId);
  if (!row) throw notFound("AML case");
  const [history, subjects] = await Promise.all([
    repo.caseHistory(ctx, caseId),
    repo.caseSubjects(ctx, [caseId]),
  ]);
  const { chainValid, anchorValid } = await verifyHistory(ctx, row, history);
  return {
    ...presentCase(row, ctx.clock.now()),
    subjects: presentSubjects(row, subjects.get(caseId)),
    queueId: await queueIdOf(ctx, "aml", caseId),
    history: (await openNotes(ctx, history)).map(presentHistory),
    chainValid,
    anchorValid,
  };
}

/** The use a note about a customer is sealed for (casework addNote; src/lib/subject-sealed.ts). */
export const AML_NOTE_USE = "aml.case_note";

/** The use the free fields of an entry's details are sealed for. */
const AML_FIELDS_USE = "aml.case_history";
/** Details fields that stay plain: statuses, ids, hashes, times, tags (the readers' vocabulary). */
const CLEAR_DETAILS: ReadonlySet<string> = new Set([
  ...["toStatus", "outcome", "requestedBy", "dueAt", "strDueAt", "tag"],
  ...["assigneeId", "assigneeName", "previousAssigneeId"],
  ...["evidenceType", "fileId", "sha256", "size", "contentType", "linkId", "linked"],
]);

/**
 * What an API caller writes into the history of a case about a customer (or one of its accounts)
 * is stored sealed under that customer's key, the chain hashing the sealed form: the note of any
 * entry (reasons, evidence descriptions, snooze reasons) and the free fields of its details (a
 * file's name). An erasure deletes the key; the history is never rewritten. What system actors
 * write (ids, rule names, due dates) stays plain, but a snooze's reason.
 */
async function sealEntry<T extends Omit<EntryBody, "extras">>(
  ctx: TenantContext,
  row: AmlCaseRow,
  body: T,
): Promise<T> {
  if (body.actorType === "system" && body.eventType !== "rule_snoozed") return body;
  const note = body.note?.trim() ? body.note : null;
  if (!note && !body.details) return body;
  const subject = await subjectOf(ctx, row.entityType, row.entityId);
  if (!subject) return body;
  return {
    ...body,
    note: note ? await sealPersonalText(ctx, subject, AML_NOTE_USE, note) : body.note,
    details: await sealPersonalFields(ctx, subject, AML_FIELDS_USE, body.details, CLEAR_DETAILS),
  };
}

/** The entries with their sealed text opened; what an erased customer's key sealed reads "[erased]". */
async function openNotes(ctx: TenantContext, rows: AmlCaseHistoryRow[]): Promise<AmlCaseHistoryRow[]> {
  const [notes, details] = await Promise.all([
    openPersonalTexts(
      ctx,
      AML_NOTE_USE,
      rows.map((r) => r.note),
    ),
    openPersonalFields(
      ctx,
      AML_FIELDS_USE,
      rows.map((r) => r.details),
    ),
  ]);
  return rows.map((r, i) =>
    notes[i] === r.note && details[i] === r.details ? r : { ...r, note: notes[i], details: details[i] },
  );
}

/**
 * What an appended entry says; the service adds ids, sequence, chain and time. `extras` are the
 * case-work projection and statements committed with it (repo.appendHistory).
 */
export type EntryBody = Pick<
  HistoryFields,
  "eventType" | "toStatus" | "actorType" | "actorId" | "actorName" | "actorKeyId" | "note" | "details"
> & { extras?: repo.AppendExtras };

/**
 * Appends one history entry built from the case as it is now, and moves the case's anchor and
 * case-work projection with it. Runs in the case's Durable Object's order (cases/log/service.ts),
 * one append of the case at a time, as every append of the case does (a monitoring page's notes
 * too: appendCaseNotes), so it is built once on the head it reads; an entry the database still
 * refuses (the chain trigger, kept as its guard) is a 409, not rebuilt.
 */
export const appendEntry = async (
  ctx: TenantContext,
  caseId: string,
  build: (row: AmlCaseRow, now: Date) => EntryBody,
) => {
  // Under an Idempotency-Key the entry's id is the same on every attempt: a retry after an answer
  // lost to a kill finds the entry it made and answers it (docs/decisions/faults.md#a-kill-while-a-key-is-claimed).
  const entryId = ctx.idempotent ? await ctx.idempotent.stableId(`aml.case_entry:${caseId}`) : undefined;
  return appendInOrder(ctx, "aml", caseId, () => appendOnce(ctx, caseId, build, entryId));
};

async function appendOnce(
  ctx: TenantContext,
  caseId: string,
  build: (row: AmlCaseRow, now: Date) => EntryBody,
  entryId?: string,
) {
  if (entryId) {
    const earlier = (await repo.caseHistory(ctx, caseId)).find((h) => h.id === entryId);
    const row = earlier && (await repo.findCase(ctx, caseId));
    if (earlier && row) {
      const [opened] = await openNotes(ctx, [earlier]);
      return { case: presentCase(row, ctx.clock.now()), event: presentHistory(opened) };
    }
  }
  const row = await repo.findCase(ctx, caseId);
  if (!row) throw notFound("AML case");
  const now = ctx.clock.now();
  const { extras, ...built } = build(row, now);
  const body = await sealEntry(ctx, row, built);
  const head = await repo.headOf(ctx, caseId);
  const entry = await chainedEntry(
    ctx.tenantId,
    caseId,
    head ?? null,
    row.status,
    body,
    now.toISOString(),
    entryId,
  );
  const anchor = await anchorFor(ctx, caseId, entry.sequence, entry.hash);
  if (!(await repo.appendHistory(ctx, entry, anchor, extras)))
    throw conflict("The case changed concurrently; read it again and retry");
  const updated = await repo.findCase(ctx, caseId);
  const [opened] = await openNotes(ctx, [entry as AmlCaseHistoryRow]);
  return { case: presentCase(updated!, now), event: presentHistory(opened) };
}

/** An entry that records something about the case without moving its status. */
export interface CaseNoteInput {
  eventType: Exclude<HistoryEventType, "created" | "transitioned">;
  actorType: "system" | "user" | "workflow";
  actorId: string;
  actorName?: string | null;
  actorKeyId: string | null;
  /** What happened, for the reader of the history (e.g. the alert id and rules; the snooze's end). */
  note: string;
}

/** Appends a monitoring hit or a snooze to the case's history; the status stays as it is. */
export const appendCaseNote = (ctx: TenantContext, caseId: string, input: CaseNoteInput) =>
  appendEntry(ctx, caseId, (row) => ({
    eventType: input.eventType,
    toStatus: row.status,
    actorType: input.actorType,
    actorId: input.actorId,
    actorName: input.actorName ?? null,
    actorKeyId: input.actorKeyId,
    note: input.note,
  }));

/**
 * appendCaseNote for many cases at once (a monitoring page's hits on open cases): one call to each
 * case's object carrying its notes, the object writing them in the case's order with one batch
 * (append/service.ts appendNotesInObjects). A note whose text would be sealed (an actor other than
 * the system, a snooze) goes through appendCaseNote, which seals it. Answers per note in order
 * null (appended) or its Error (that note's case only failed).
 */
export async function appendCaseNotes(
  ctx: TenantContext,
  notes: ReadonlyArray<{ caseId: string; input: CaseNoteInput }>,
): Promise<Array<Error | null>> {
  const sealed = (input: CaseNoteInput) => input.actorType !== "system" || input.eventType === "rule_snoozed";
  const plain = notes.flatMap((n, i) => (sealed(n.input) ? [] : [i]));
  const alone = notes.flatMap((n, i) => (sealed(n.input) ? [i] : []));
  const [inObjects, oneByOne] = await Promise.all([
    appendNotesInObjects(
      ctx,
      plain.map((i) => {
        const { caseId, input } = notes[i];
        return {
          caseId,
          body: {
            eventType: input.eventType,
            actorType: input.actorType,
            actorId: input.actorId,
            actorName: input.actorName ?? null,
            actorKeyId: input.actorKeyId,
            note: input.note,
            details: null,
          },
        };
      }),
    ),
    settleLimited(alone, NOTES_AT_ONCE, (i) => appendCaseNote(ctx, notes[i].caseId, notes[i].input)),
  ]);
  const out: Array<Error | null> = notes.map(() => null);
  for (const [k, i] of plain.entries()) out[i] = inObjects[k];
  for (const [k, i] of alone.entries()) out[i] = oneByOne[k];
  return out;
}

/** The hashed fields of a stored history entry. */
export const fieldsOf = (row: AmlCaseHistoryRow): HistoryFields => ({
  id: row.id,
  tenantId: row.tenantId,
  caseId: row.caseId,
  sequence: row.sequence,
  eventType: row.eventType as HistoryFields["eventType"],
  fromStatus: row.fromStatus,
  toStatus: row.toStatus,
  actorType: row.actorType,
  actorId: row.actorId,
  actorName: row.actorName,
  actorKeyId: row.actorKeyId,
  note: row.note,
  details: row.details ?? null,
  createdAt: row.createdAt,
});

/**
 * The anchor of a case whose history ends at (sequence, hash) (src/modules/cases/domain/anchor.ts). Throws
 * when SECRETS_KEY is missing: nothing is written without its anchor.
 */
export async function anchorFor(
  ctx: TenantContext,
  caseId: string,
  sequence: number,
  hash: string,
): Promise<Anchor> {
  const keys = await anchorKeysFrom(ctx.env.SECRETS_KEY);
  return anchorOfHead(keys, { kind: "aml", tenantId: ctx.tenantId, caseId }, { sequence, hash });
}

/**
 * Recomputes the history's chain from genesis (the `created` entry covers the case's immutable
 * fields) and checks the case's anchor against the history's last entry. anchorValid is null
 * for cases written before anchors existed; chainValid is false when the anchor does not match.
 */
export const verifyHistory = (ctx: TenantContext, row: AmlCaseRow, history: AmlCaseHistoryRow[]) =>
  checkHistory(row, history, () => anchorKeysFrom(ctx.env.SECRETS_KEY));

/**
 * The check itself, over a case row and its history as loaded (in sequence order). Shared by
 * reads and the re-anchor sweep after a key rotation (cases/system-repo.ts), so there is one verifier.
 * Keys are loaded only when an anchor is there to check.
 */
export async function checkHistory(
  row: AmlCaseRow,
  history: AmlCaseHistoryRow[],
  anchorKeys: () => Promise<AnchorKeys>,
) {
  const snapshot = snapshotOf(row);
  const chain = await verifyChain(
    history.map((h) => ({
      hash: h.hash,
      content: historyContent(fieldsOf(h), snapshot),
      // An erased entry (or the created one, when the case row was) keeps its stored hash.
      redacted:
        h.redactedAt != null || (h.eventType === "created" && row.redactedAt != null)
          ? { previousHash: h.previousHash }
          : undefined,
    })),
  );
  const stored = { anchor: row.headAnchor, keyId: row.headAnchorKeyId };
  const anchorValid =
    stored.anchor === null && stored.keyId === null
      ? null
      : await checkAnchor(
          await anchorKeys(),
          {
            kind: "aml",
            tenantId: row.tenantId,
            caseId: row.id,
            lastSequence: history.length,
            headHash: history.at(-1)?.hash ?? GENESIS_HASH,
          },
          stored,
        );
  const gapless = history.every((h, i) => h.sequence === i + 1);
  const linked = history.every((h, i) => h.previousHash === (i ? history[i - 1].hash : GENESIS_HASH));
  const valid = chain.valid && gapless && linked && anchorValid !== false;
  return {
    chainValid: valid,
    anchorValid,
    eventCount: history.length,
    headHash: chain.valid ? chain.headHash : (history.at(-1)?.hash ?? GENESIS_HASH),
    firstInvalidSequence:
      chain.firstInvalidIndex !== undefined ? history[chain.firstInvalidIndex].sequence : null,
  };
}

/**
 * `GET /v1/kyc-aml/cases/{caseId}/verify`: the same check as the case read, answered as fraud's
 * verify is (valid, count, head, first bad entry, anchor).
 */
export async function verifyCase(ctx: TenantContext, caseId: string) {
  const row = await repo.findCase(ctx, caseId);
  if (!row) throw notFound("AML case");
  const { chainValid, ...rest } = await verifyHistory(ctx, row, await repo.caseHistory(ctx, caseId));
  return { valid: chainValid, ...rest };
}
