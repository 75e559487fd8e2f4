import { badRequest } from "./errors";

/**
 * The opaque `cursor` of keyset pagination (docs/decisions/pagination.md): base64url of a JSON
 * array `[version, list, filterFingerprint, sortKey, total, offset]`. It holds only a position
 * in the caller's own list: the tenant always comes from the API key, so an edited cursor can
 * move within the caller's rows and nowhere else. Not signed, on purpose (nothing in it is a
 * secret or a grant); the list name and the filter fingerprint catch a cursor used elsewhere.
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

const VERSION = 1;
/** Far above any real cursor (a few sort values); the query parameter declares the same cap. */
export const MAX_CURSOR_LENGTH = 1024;

const toBase64Url = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

const fromBase64Url = (text: string) => {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(
    Uint8Array.from(binary, (c) => c.charCodeAt(0)),
  );
};

export const encodeCursor = (state: CursorState): string =>
  toBase64Url(JSON.stringify([VERSION, state.list, state.filter, state.key, state.total, state.offset]));

const malformed = () => badRequest("Invalid cursor", [{ path: "cursor", message: "Malformed cursor" }]);

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isKeyValue = (v: unknown): v is string | number =>
  typeof v === "string" || (typeof v === "number" && Number.isFinite(v));

/** Parses a cursor; anything but one this codec wrote is a 400 naming `cursor`. */
export function decodeCursor(cursor: string): CursorState {
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) {
    throw malformed();
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(cursor));
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
 * with other filters; it is not a security boundary (see CursorState).
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
