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

/** Recomputes the chain over entries in order; `content` must be what was hashed at write time. */
export async function verifyChain(
  entries: Array<{ hash: string; content: unknown }>,
): Promise<ChainVerification> {
  let previous = GENESIS_HASH;
  for (const [index, entry] of entries.entries()) {
    const expected = await chainHash(previous, entry.content);
    if (expected !== entry.hash)
      return { valid: false, eventCount: entries.length, headHash: previous, firstInvalidIndex: index };
    previous = expected;
  }
  return { valid: true, eventCount: entries.length, headHash: previous };
}
