const encoder = new TextEncoder();
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export const toHex = (bytes: ArrayBuffer | Uint8Array): string =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/** Uniform random base62 string (rejection sampling, no modulo bias). */
export function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/**
 * Constant-time comparison of two secrets (tokens, key hashes). Both sides are hashed first, so
 * the bytes compared are always 32 whatever was presented: neither the length of the expected
 * value nor how many leading characters matched shows in the timing.
 */
export async function timingSafeEqualText(a: string, b: string): Promise<boolean> {
  const [left, right] = await Promise.all([
    crypto.subtle.digest("SHA-256", encoder.encode(a)),
    crypto.subtle.digest("SHA-256", encoder.encode(b)),
  ]);
  return constantTimeEqual(new Uint8Array(left), new Uint8Array(right));
}

/** XOR-accumulate over equal-length digests: no early exit. */
function constantTimeEqual(left: Uint8Array, right: Uint8Array): boolean {
  let difference = left.byteLength ^ right.byteLength;
  for (let i = 0; i < left.byteLength; i++) difference |= left[i] ^ (right[i] ?? 0);
  return difference === 0;
}

/**
 * A UUID v7 (RFC 9562): 48 bits of Unix milliseconds, then 74 random bits. Rows keyed by it are
 * appended near the end of their primary-key index instead of scattered through it.
 */
export function uuidV7(at: Date = new Date()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = 0x70 | (bytes[6] & 0x0f);
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  return uuidText(withMillis(bytes, at.getTime()));
}

/** `bytes` with its first 48 bits set to `ms`, big-endian: a version 7 UUID's time. */
export function withMillis(bytes: Uint8Array, ms: number): Uint8Array {
  let t = ms;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = t % 256;
    t = Math.floor(t / 256);
  }
  return bytes;
}

/** 16 bytes as a UUID's text (8-4-4-4-12 lowercase hex). */
export function uuidText(bytes: Uint8Array): string {
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether text is a UUID (any version), case-insensitive: the shape of customer, account and agent ids. */
export const isUuid = (text: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
