/**
 * The one builder of a case log entry, for every kind (docs/decisions/case-work.md#one-log).
 * A kind keeps its own entry fields and its own hashed content (fraud: `eventContent`, AML:
 * `historyContent`, both unchanged, so older entries verify as before); this places the entry
 * after the log's head (sequence + 1, chained to the head's hash), hashes the kind's content of
 * it, and anchors the head it makes under the Worker's key. No I/O.
 */
import { chainHash, GENESIS_HASH } from "../../../lib/hash-chain";
import { type Anchor, type AnchorKeys, anchorHead, type CaseKind } from "./anchor";

/** A log's head: its last sequence and that entry's hash (null: the log is empty). */
export interface LogLink {
  sequence: number;
  hash: string;
}

/** Where the entry after `head` sits. */
export interface LogPlace {
  sequence: number;
  previousHash: string;
}

export const placeAfter = (head: LogLink | null): LogPlace => ({
  sequence: (head?.sequence ?? 0) + 1,
  previousHash: head?.hash ?? GENESIS_HASH,
});

/**
 * The entry after `head`: `place` builds the kind's fields at that place, `contentOf` names what
 * of them is hashed. Answers the entry with its hash and the log's new head.
 */
export async function chainedLogEntry<T>(
  head: LogLink | null,
  place: (at: LogPlace) => T,
  contentOf: (entry: T) => unknown,
): Promise<{ entry: T & { hash: string }; head: LogLink }> {
  const at = placeAfter(head);
  const entry = place(at);
  const hash = await chainHash(at.previousHash, contentOf(entry));
  return { entry: { ...entry, hash }, head: { sequence: at.sequence, hash } };
}

/** Which log a head belongs to. */
export interface LogOwner {
  kind: CaseKind;
  tenantId: string;
  caseId: string;
}

/** The anchor of a log's head (cases/domain/anchor.ts): what is written with the entry that made it. */
export const anchorOfHead = (keys: AnchorKeys, owner: LogOwner, head: LogLink): Promise<Anchor> =>
  anchorHead(keys, { ...owner, lastSequence: head.sequence, headHash: head.hash });

/** chainedLogEntry and the anchor of the head it makes, as one step (a single append). */
export async function anchoredLogEntry<T>(
  keys: AnchorKeys,
  owner: LogOwner,
  head: LogLink | null,
  place: (at: LogPlace) => T,
  contentOf: (entry: T) => unknown,
): Promise<{ entry: T & { hash: string }; head: LogLink; anchor: Anchor }> {
  const built = await chainedLogEntry(head, place, contentOf);
  return { ...built, anchor: await anchorOfHead(keys, owner, built.head) };
}
