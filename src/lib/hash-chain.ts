import { sha256Hex, toHex } from "./crypto";

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

/** How an entry's hash is taken from the previous hash and its content. */
export type ChainHasher = (previousHash: string, content: unknown) => Promise<string>;

const chainMessage = (previousHash: string, content: unknown) => `${previousHash}\n${canonicalJson(content)}`;

export const chainHash: ChainHasher = (previousHash, content) =>
  sha256Hex(chainMessage(previousHash, content));

const encoder = new TextEncoder();

/**
 * The same chain keyed: HMAC-SHA-256 of the same message under the key `keyOf` picks for the
 * entry (its key id is part of its content, so a rotation verifies), or none when the key is
 * unknown (the entry then fails). Only a holder of the key can recompute a rewritten chain.
 */
export const keyedChainHash =
  (keyOf: (content: unknown) => CryptoKey | undefined): ChainHasher =>
  async (previousHash, content) => {
    const key = keyOf(content);
    if (!key) return "unknown-key";
    return toHex(await crypto.subtle.sign("HMAC", key, encoder.encode(chainMessage(previousHash, content))));
  };

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

/**
 * Recomputes the chain over entries in order; `content` must be what was hashed at write time.
 * `from`: the hash before the first entry (a later page of a long chain); `hash`: a keyed hasher.
 */
export async function verifyChain(
  entries: ChainEntry[],
  { from = GENESIS_HASH, hash = chainHash }: { from?: string; hash?: ChainHasher } = {},
): Promise<ChainVerification> {
  let previous = from;
  for (const [index, entry] of entries.entries()) {
    const expected = entry.redacted
      ? entry.redacted.previousHash === previous
        ? entry.hash
        : `unlinked:${entry.hash}`
      : await hash(previous, entry.content);
    if (expected !== entry.hash)
      return { valid: false, eventCount: entries.length, headHash: previous, firstInvalidIndex: index };
    previous = expected;
  }
  return { valid: true, eventCount: entries.length, headHash: previous };
}
