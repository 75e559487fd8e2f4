import { randomBase62 } from "../../../lib/crypto";

/** Random part of a key: 40 base62 chars (~238 bits). */
const SECRET_LENGTH = 40;
/** Random chars kept in the display prefix, which is also the lookup key. */
const DISPLAY_CHARS = 8;
const KEY_PATTERN = /^csk_(live|test)_[0-9A-Za-z]{32,}$/;

export interface GeneratedKey {
  key: string;
  prefix: string;
}

export function generateApiKey(keyPrefix: string): GeneratedKey {
  const key = `${keyPrefix}${randomBase62(SECRET_LENGTH)}`;
  return { key, prefix: displayPrefix(key) };
}

export const isWellFormedKey = (key: string): boolean => KEY_PATTERN.test(key);

export function displayPrefix(key: string): string {
  const marker = key.indexOf("_", 4) + 1; // after "csk_live_" / "csk_test_"
  return key.slice(0, marker + DISPLAY_CHARS);
}

export type KeyState = "active" | "expired" | "revoked";

export function keyState(key: { revokedAt: string | null; expiresAt: string | null }, now: Date): KeyState {
  if (key.revokedAt) return "revoked";
  if (key.expiresAt && Date.parse(key.expiresAt) <= now.getTime()) return "expired";
  return "active";
}

/** The old key after a rotation lives until the grace ends, never longer than it would have. */
export function graceExpiry(currentExpiry: string | null, now: Date, graceSeconds: number): string {
  const graceEnd = now.getTime() + graceSeconds * 1000;
  const end = currentExpiry ? Math.min(Date.parse(currentExpiry), graceEnd) : graceEnd;
  return new Date(end).toISOString();
}
