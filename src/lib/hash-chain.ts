import { sha256Hex } from "./crypto";

/**
 * Tamper evidence for append-only logs (fraud case events, AML case history): each entry's
 * hash covers its canonical content and the previous entry's hash, so altering, removing
 * or reordering any entry breaks every hash after it.
 */
export const GENESIS_HASH = "0".repeat(64);

/** JSON with object keys sorted at every level, so the same content always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

export const chainHash = (previousHash: string, content: unknown): Promise<string> =>
  sha256Hex(`${previousHash}\n${canonicalJson(content)}`);

export interface ChainVerification {
  valid: boolean;
  eventCount: number;
  headHash: string;
  /** Index of the first entry whose stored hash does not match, when invalid. */
  firstInvalidIndex?: number;
}

/**
 * A chain entry to check. `redacted`: an erasure replaced personal fields after the hash was
 * taken (docs/decisions/offboarding-and-erasure.md), so its content cannot be recomputed; its
 * stored hash stands, provided its stored previous hash links to the entry before it, and the
 * entries after it are recomputed from that stored hash as usual.
 */
export interface ChainEntry {
  hash: string;
  content: unknown;
  redacted?: { previousHash: string };
}

/** Recomputes the chain over entries in order; `content` must be what was hashed at write time. */
export async function verifyChain(entries: ChainEntry[]): Promise<ChainVerification> {
  let previous = GENESIS_HASH;
  for (const [index, entry] of entries.entries()) {
    const expected = entry.redacted
      ? entry.redacted.previousHash === previous
        ? entry.hash
        : `unlinked:${entry.hash}`
      : await chainHash(previous, entry.content);
    if (expected !== entry.hash)
      return { valid: false, eventCount: entries.length, headHash: previous, firstInvalidIndex: index };
    previous = expected;
  }
  return { valid: true, eventCount: entries.length, headHash: previous };
}
