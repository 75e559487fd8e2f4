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
 * round-trip, with its path; null when every string is storable. Iterative, in document order:
 * a value nested thousands deep is walked without growing the call stack.
 */
export function findUnstorable(value: unknown, path: Array<string | number> = []): UnstorableAt | null {
  // Each node links to its parent, so a path is built only for the string that is reported.
  type Node = { value: unknown; parent: Node | null; key: string | number | null };
  const pathOf = (node: Node | null, tail: Array<string | number> = []) => {
    const keys = [...tail];
    for (let at = node; at && at.key !== null; at = at.parent) keys.unshift(at.key);
    return [...path, ...keys];
  };
  const stack: Node[] = [{ value, parent: null, key: null }];
  while (stack.length) {
    const node = stack.pop() as Node;
    if (typeof node.value === "string") {
      const reason = unstorableReason(node.value);
      if (reason) return { path: pathOf(node), message: reason };
      continue;
    }
    if (node.value === null || typeof node.value !== "object") continue;
    const entries: Array<readonly [string | number, unknown]> = Array.isArray(node.value)
      ? node.value.map((item, i) => [i, item] as const)
      : Object.entries(node.value);
    for (const [key] of entries) {
      const reason = typeof key === "string" ? unstorableReason(key) : null;
      if (reason) return { path: pathOf(node, [key]), message: `key ${reason}` };
    }
    // Reversed onto the stack, so the first child is visited first.
    for (let i = entries.length - 1; i >= 0; i--)
      stack.push({ value: entries[i][1], parent: node, key: entries[i][0] });
  }
  return null;
}
