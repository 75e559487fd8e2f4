/**
 * Strings that storage would not hand back exactly. D1 stores text as UTF-8: a lone UTF-16
 * surrogate (half of a pair, e.g. "\uD800") cannot be encoded and reads back as U+FFFD, so a
 * hash taken over the string at write time never matches the stored row again and an honest
 * log would verify as tampered. NUL reads back intact through the D1 API, but SQLite's own
 * text functions (length, substr, comparisons in triggers) stop at it; it has no place in
 * free text, so it is refused too. Everything else (any well-formed Unicode) round-trips.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` cannot be stored exactly, or null when it can. */
export function unstorableReason(text: string): string | null {
  if (LONE_SURROGATE.test(text)) return "contains a lone UTF-16 surrogate (not valid Unicode text)";
  if (text.includes("\u0000")) return "contains a NUL character";
  return null;
}

export interface UnstorableAt {
  path: Array<string | number>;
  message: string;
}

/**
 * The first string in `value` (keys of objects included, at any depth) that storage would not
 * round-trip, with its path; null when every string is storable.
 */
export function findUnstorable(value: unknown, path: Array<string | number> = []): UnstorableAt | null {
  if (typeof value === "string") {
    const reason = unstorableReason(value);
    return reason ? { path, message: reason } : null;
  }
  if (value === null || typeof value !== "object") return null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findUnstorable(item, [...path, i]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const reason = unstorableReason(key);
    if (reason) return { path: [...path, key], message: `key ${reason}` };
    const found = findUnstorable(item, [...path, key]);
    if (found) return found;
  }
  return null;
}
