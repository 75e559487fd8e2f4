import type { TenantContext } from "../../../../db/tenant-context";
import { settleLimited } from "../../../../lib/limited";
import { anchorKeysFrom } from "../../../cases/domain/anchor";
import { anchorOfHead, chainedLogEntry } from "../../../cases/domain/log";
import { type HistoryFields, historyContent } from "../../domain/history";
import type { NewHistory } from "../../repo";
import * as appendRepo from "./repo";

/**
 * Appending entries to AML case histories: the one builder of a chained entry (one case's
 * optimistic append and the batch share it, so both hash alike), and the batch append of many
 * cases' entries at once (continuous monitoring's page: docs/methodology/monitoring.md).
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

/** Cases whose lost race (or missing head) is appended one at a time, at most this many at once. */
export const FALLBACK_CONCURRENCY = 8;

/**
 * Appends one entry to each case named, as one case's append would, in one batch: the heads of
 * all the cases in one read, the entries chained and anchored in memory, written together with
 * a guard per entry (appendRepo.appendStatements), then one read of which were stored. An entry
 * whose case moved meanwhile (a concurrent writer took the head), and a second note for a case
 * already in the batch, go through `oneByOne` (the per-case optimistic append), only those.
 * Answers per note in order null (appended) or the Error of its own append.
 */
export async function appendNotesBatched(
  ctx: TenantContext,
  notes: readonly NoteAppend[],
  oneByOne: (index: number) => Promise<unknown>,
): Promise<Array<Error | null>> {
  if (notes.length === 0) return [];
  const first = new Map<string, number>();
  for (const [i, n] of notes.entries()) if (!first.has(n.caseId)) first.set(n.caseId, i);
  const heads = new Map(
    (await appendRepo.headsOf(ctx, [...first.keys()])).map((h) => [h.caseId, h] as const),
  );
  const keys = await anchorKeysFrom(ctx.env.SECRETS_KEY);
  const at = ctx.clock.now().toISOString();
  const batched = await Promise.all(
    [...first.values()].flatMap((i) => {
      const note = notes[i];
      const head = heads.get(note.caseId);
      // Not in this tenant, or no head to follow: the per-case path answers for it.
      if (!head || head.sequence === null || head.hash === null) return [];
      const { sequence, hash } = head;
      return [
        (async () => {
          const entry = await chainedEntry(
            ctx.tenantId,
            note.caseId,
            { sequence, hash },
            head.status,
            { ...note.body, toStatus: head.status },
            at,
          );
          const anchor = await anchorOfHead(
            keys,
            { kind: "aml", tenantId: ctx.tenantId, caseId: note.caseId },
            entry,
          );
          return { index: i, entry, anchor };
        })(),
      ];
    }),
  );
  try {
    await ctx.db.batchSql(appendRepo.appendStatements(ctx, batched));
  } catch (err) {
    // Refused or lost as a whole: the read below says what is stored; the rest go one by one.
    console.error(JSON.stringify({ msg: "aml batch append failed", error: String(err) }));
  }
  const stored = await appendRepo.storedEntryIds(
    ctx,
    batched.map((b) => b.entry.id),
  );
  const done = new Set(batched.filter((b) => stored.has(b.entry.id)).map((b) => b.index));
  const rest = notes.flatMap((_, i) => (done.has(i) ? [] : [i]));
  const errors = await settleLimited(rest, FALLBACK_CONCURRENCY, oneByOne);
  const out: Array<Error | null> = notes.map(() => null);
  for (const [k, i] of rest.entries()) out[i] = errors[k];
  return out;
}
