import { hmacKeysFrom } from "./derived-keys";
import { badRequest } from "./errors";

/**
 * The opaque `cursor` of keyset pagination (docs/decisions/pagination.md): base64url of a JSON
 * array `[version, list, filterFingerprint, sortKey, total, offset]`, then 22 characters of
 * base64url HMAC-SHA-256 (its first 128 bits) over that text, under a key derived from
 * SECRETS_KEY. Only cursors this service made are accepted: an edited position, total or offset
 * is a 400 naming `cursor`, so the `total` a walk shows is the one its first page counted. The
 * tenant always comes from the API key, so even a genuine cursor moves only within the caller's
 * own rows.
 */
export interface CursorState {
  /** Which list it belongs to (e.g. "customers"). */
  list: string;
  /** fingerprint(filters) of the page that made it. */
  filter: string;
  /** The last row's sort key, id last (driver values). */
  key: (string | number)[];
  /** The total as of the first page. */
  total: number;
  /** How many rows came before the next page. */
  offset: number;
}

const VERSION = 2;
/** Far above any real cursor (a few sort values); the query parameter declares the same cap. */
export const MAX_CURSOR_LENGTH = 1024;
/** The tag that ends every cursor: 16 bytes, 22 base64url characters. */
const TAG_BYTES = 16;
const TAG_CHARS = 22;
const CURSOR_KEYS = { salt: "cursor", info: "credit-ops/cursor/v1", what: "cursors cannot be signed" };

const bytesToBase64Url = (bytes: Uint8Array) => {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};
const base64UrlToBytes = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

const toBase64Url = (text: string) => bytesToBase64Url(new TextEncoder().encode(text));
const fromBase64Url = (text: string) =>
  new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(base64UrlToBytes(text));

/** The cursor keys of a SECRETS_KEY value: the first signs, every one verifies (a rotation). */
export interface CursorKeys {
  signing: CryptoKey;
  all: CryptoKey[];
}

/** HKDF-derived (own info string: independent of the sealing and anchor keys), cached per value. */
export async function cursorKeysFrom(secretsKey: string | undefined): Promise<CursorKeys> {
  const all = (await hmacKeysFrom(secretsKey, CURSOR_KEYS)).map(({ key }) => key);
  return { signing: all[0], all };
}

const tagOf = async (key: CryptoKey, payload: string) =>
  new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(payload))).slice(
    0,
    TAG_BYTES,
  );

/**
 * Constant-time comparison of two tags as text: comparing the characters, not the decoded bytes,
 * also refuses a tag whose last character differs only in the bits base64 discards.
 */
const sameTag = (a: string, b: string) => {
  let diff = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
};

/** A cursor of any JSON text, signed (encodeCursor's last step; tests sign odd shapes with it). */
export async function signCursorText(keys: CursorKeys, json: string): Promise<string> {
  const payload = toBase64Url(json);
  return payload + bytesToBase64Url(await tagOf(keys.signing, payload));
}

export const encodeCursor = (keys: CursorKeys, state: CursorState): Promise<string> =>
  signCursorText(
    keys,
    JSON.stringify([VERSION, state.list, state.filter, state.key, state.total, state.offset]),
  );

const invalid = (message: string) => badRequest("Invalid cursor", [{ path: "cursor", message }]);
const malformed = () => invalid("Malformed cursor");

/** The payload of a cursor whose tag one of our keys made; a 400 naming `cursor` otherwise. */
async function verified(keys: CursorKeys, cursor: string): Promise<string> {
  if (cursor.length <= TAG_CHARS) throw malformed();
  const payload = cursor.slice(0, -TAG_CHARS);
  const given = cursor.slice(-TAG_CHARS);
  for (const key of keys.all) {
    if (sameTag(bytesToBase64Url(await tagOf(key, payload)), given)) return payload;
  }
  throw invalid("Not a cursor this service made, or an altered one");
}

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isKeyValue = (v: unknown): v is string | number =>
  typeof v === "string" || (typeof v === "number" && Number.isFinite(v));

/** Parses a cursor; anything but one this service signed is a 400 naming `cursor`. */
export async function decodeCursor(keys: CursorKeys, cursor: string): Promise<CursorState> {
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) {
    throw malformed();
  }
  const payload = await verified(keys, cursor);
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(payload));
  } catch {
    throw malformed();
  }
  if (!Array.isArray(parsed) || parsed.length !== 6) throw malformed();
  const [version, list, filter, key, total, offset] = parsed;
  if (version !== VERSION || typeof list !== "string" || typeof filter !== "string") throw malformed();
  if (!Array.isArray(key) || key.length === 0 || !key.every(isKeyValue)) throw malformed();
  if (!isCount(total) || !isCount(offset)) throw malformed();
  return { list, filter, key, total, offset };
}

/** JSON with sorted keys and no undefined members: equal filters give equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * A short, stable digest of a list's filters (FNV-1a, 2 x 32 bits): it detects a cursor reused
 * with other filters; the signature, not this digest, is what refuses an edited cursor.
 */
export function filterFingerprint(filter: object): string {
  const text = canonical(filter);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c ^ (a >>> 7), 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}
