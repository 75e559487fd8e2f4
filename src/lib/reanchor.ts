import type { AnchorKeys, CaseKind } from "../modules/cases/domain/anchor";

/**
 * Shared pieces of the re-anchor sweep that runs with `POST /admin/secrets/reseal` after a
 * SECRETS_KEY rotation (src/modules/admin/reseal/service.ts): each case head anchored under an
 * older key of the keyring is verified (chain and old anchor) and, only then, anchored again
 * under the first key. No I/O here.
 */

/** What the sweep found for one kind of case (fraud or AML) over every shard. */
export interface AnchorSweepCount {
  /** Verified (chain and old anchor), then anchored again under the current key. */
  reanchored: number;
  /** Already anchored under the current key: not read, not rewritten. */
  current: number;
  /** Chain or old anchor does not verify: left as it is (re-anchoring would launder it), logged. */
  invalid: number;
  /** Anchored under a key SECRETS_KEY no longer holds: cannot be checked, left as it is. */
  unreadable: number;
  /** Still under an older key after this run (its query budget ran out, or an append moved the head while it ran): run again. */
  pending: number;
}

export const emptyAnchorSweepCount = (): AnchorSweepCount => ({
  reanchored: 0,
  current: 0,
  invalid: 0,
  unreadable: 0,
  pending: 0,
});

/** How many anchored heads of one table name each key id (null: an anchor without a key id). */
export type AnchorTally = Array<{ keyId: string | null; n: number }>;

/**
 * Splits a table's tally by what the keyring can do with it: heads under the current key, under
 * a key it no longer holds, and under an older key it still holds (the ones to re-anchor).
 */
export function splitTally(tally: AnchorTally, keys: AnchorKeys) {
  const split = { current: 0, unreadable: 0, stale: 0, staleKeyIds: [] as string[] };
  for (const { keyId, n } of tally) {
    if (keyId === keys.signingKeyId) split.current += n;
    else if (keyId === null || !keys.keys.has(keyId)) split.unreadable += n;
    else {
      split.stale += n;
      split.staleKeyIds.push(keyId);
    }
  }
  return split;
}

/** One page of a kind's sweep, as reported by its module. */
export interface SweepPage {
  /** Cases read (the page is the last one when fewer than asked). */
  seen: number;
  /** Id of the last case read: the next page starts after it. */
  lastId: string;
  reanchored: number;
  invalid: number;
  /** D1 statements the page used (reads and updates), against the request's budget. */
  statements: number;
}

/** A case that did not verify is not re-anchored; the operator must look at it. */
export const logInvalidCase = (kind: CaseKind, shard: number, tenantId: string, caseId: string) =>
  console.error(
    JSON.stringify({
      level: "error",
      msg: "case log does not verify: not re-anchored under the new key",
      kind,
      shard,
      tenantId,
      caseId,
    }),
  );
