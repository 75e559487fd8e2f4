import type { TenantScope } from "../../../../db/client";
import type { TenantContext } from "../../../../db/tenant-context";
import { notFound } from "../../../../lib/errors";
import { settleLimited } from "../../../../lib/limited";
import type { AnchorKeys } from "../../../cases/domain/anchor";
import { anchorOfHead, chainedLogEntry } from "../../../cases/domain/log";
import { caseObjectOf } from "../../../cases/log/service";
import { type HistoryFields, historyContent } from "../../domain/history";
import type { NewHistory } from "../../repo";
import * as appendRepo from "./repo";

/**
 * Appending entries to AML case histories: the one builder of a chained entry (one case's append
 * and a page's notes share it, so both hash alike), and the append of many cases' entries at once,
 * each written by its case's object (continuous monitoring's page: docs/methodology/monitoring.md).
 */

/** What an entry says; the chain (id, sequence, from-status, hashes, time) is added by chainedEntry. */
export type EntryFields = Pick<
  HistoryFields,
  "eventType" | "toStatus" | "actorType" | "actorId" | "actorName" | "actorKeyId" | "note" | "details"
>;

/**
 * The entry that follows `head` (null: the chain is empty) in a case whose status is `fromStatus`,
 * placed and hashed by the one builder of case log entries (cases/domain/log.ts).
 */
export async function chainedEntry(
  tenantId: string,
  caseId: string,
  head: { sequence: number; hash: string } | null,
  fromStatus: string,
  body: EntryFields,
  createdAt: string,
  /** Fixed by the caller (a keyed request's id, alike on every attempt); else random. */
  id: string = crypto.randomUUID(),
): Promise<NewHistory & { sequence: number; hash: string }> {
  const { entry } = await chainedLogEntry(
    head,
    ({ sequence, previousHash }) => ({
      fields: {
        id,
        tenantId,
        caseId,
        sequence,
        fromStatus,
        ...body,
        details: body.details ?? null,
        createdAt,
      } satisfies HistoryFields,
      previousHash,
    }),
    ({ fields }) => historyContent(fields),
  );
  return { ...entry.fields, previousHash: entry.previousHash, hash: entry.hash };
}

/** An entry that leaves the case's status as it is (a monitoring hit, a snooze). */
export interface NoteAppend {
  caseId: string;
  body: Omit<EntryFields, "toStatus">;
}

/** Cases whose page notes are in flight at once, each a call to its case's object (as fraud's). */
export const NOTES_AT_ONCE = 8;

/** A case object's write of one case's notes (src/durable-objects/fraud-case.ts appendAmlNotes). */
export interface CaseNotesRequest {
  tenantId: string;
  shard: number;
  caseId: string;
  bodies: ReadonlyArray<NoteAppend["body"]>;
  /** The entries' time: the caller's clock, as one case's append takes it. */
  at: string;
}

/** The part of the case object that writes a case's notes. */
interface CaseNotesWriter {
  appendAmlNotes(req: CaseNotesRequest): Promise<{ written: number } | { notFound: true }>;
}

/**
 * Appends many cases' entries (continuous monitoring's page), each case's in its case's order as
 * every append of it is: one call to each case's object carrying all its entries of the page,
 * NOTES_AT_ONCE cases at once; the object reads its head, chains the entries and writes them with
 * one batch (writeCaseNotes), so nothing is rebuilt or retried here and the page's own queries
 * do not grow with its cases. Answers per note in order null (appended) or the Error of its
 * case's write (that case's notes only).
 */
export async function appendNotesInObjects(
  ctx: TenantContext,
  notes: readonly NoteAppend[],
): Promise<Array<Error | null>> {
  if (notes.length === 0) return [];
  const byCase = new Map<string, number[]>();
  for (const [i, n] of notes.entries()) {
    const of = byCase.get(n.caseId);
    if (of) of.push(i);
    else byCase.set(n.caseId, [i]);
  }
  const cases = [...byCase.entries()];
  const at = ctx.clock.now().toISOString();
  const errors = await settleLimited(cases, NOTES_AT_ONCE, async ([caseId, indexes]) => {
    const answer = await caseObjectOf<CaseNotesWriter>(ctx.env, "aml", caseId).appendAmlNotes({
      tenantId: ctx.tenantId,
      shard: ctx.tenant.shard,
      caseId,
      bodies: indexes.map((i) => notes[i].body),
      at,
    });
    if ("notFound" in answer) throw notFound("AML case");
  });
  const out: Array<Error | null> = notes.map(() => null);
  for (const [k, [, indexes]] of cases.entries()) for (const i of indexes) out[i] = errors[k];
  return out;
}

/**
 * In the case's object, in its order: the case's head, `bodies` chained on it with the case's
 * status, and one batch of the entries and the anchor of the last (appendRepo.appendEntries).
 */
export async function writeCaseNotes(
  scope: TenantScope,
  keys: AnchorKeys,
  req: CaseNotesRequest,
): Promise<{ written: number } | { notFound: true }> {
  const [head] = await appendRepo.headsOf(scope, [req.caseId]);
  if (!head || head.sequence === null || head.hash === null) return { notFound: true };
  const entries: Array<NewHistory & { sequence: number; hash: string }> = [];
  let last: { sequence: number; hash: string } = { sequence: head.sequence, hash: head.hash };
  for (const body of req.bodies) {
    const entry = await chainedEntry(
      req.tenantId,
      req.caseId,
      last,
      head.status,
      { ...body, toStatus: head.status },
      req.at,
    );
    entries.push(entry);
    last = entry;
  }
  const anchor = await anchorOfHead(keys, { kind: "aml", tenantId: req.tenantId, caseId: req.caseId }, last);
  await appendRepo.appendEntries(scope, entries, anchor);
  return { written: entries.length };
}
