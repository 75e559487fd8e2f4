/**
 * Checks on parsed, untrusted JSON. Every walk is iterative (an explicit stack), so a
 * 100,000-deep value is measured without touching the call stack.
 */

/** Keys that reach an object's prototype when assigned or merged; refused anywhere in input. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

export const isForbiddenKey = (key: string): boolean => FORBIDDEN_KEYS.has(key);

type Frame = { value: unknown; path: string; depth: number };

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** Own enumerable keys of an object, or array indexes; [] for anything else. */
function children(value: unknown): [string | number, unknown][] {
  if (Array.isArray(value)) return value.map((v, i) => [i, v]);
  if (typeof value === "object" && value !== null) return Object.entries(value);
  return [];
}

/**
 * The dotted path of the first forbidden key in `value` (`metadata.__proto__`), or null.
 * JSON.parse makes `"__proto__"` an own property: harmless until the object is spread or
 * assigned somewhere, which is exactly what this keeps from ever happening.
 */
export function forbiddenKeyPath(value: unknown, prefix = ""): string | null {
  const stack: Frame[] = [{ value, path: prefix, depth: 0 }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    for (const [key, child] of children(frame.value)) {
      const path = join(frame.path, key);
      if (typeof key === "string" && isForbiddenKey(key)) return path;
      if (typeof child === "object" && child !== null) stack.push({ value: child, path, depth: 0 });
    }
  }
  return null;
}

/** Nesting depth: a scalar is 0, `{}` and `[]` are 1, `{"a": {}}` is 2. Stops counting past `limit`. */
export function jsonDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: Frame[] = [{ value, path: "", depth: typeof value === "object" && value !== null ? 1 : 0 }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    deepest = Math.max(deepest, frame.depth);
    if (deepest > limit) return deepest;
    for (const [, child] of children(frame.value)) {
      if (typeof child === "object" && child !== null) {
        stack.push({ value: child, path: "", depth: frame.depth + 1 });
      }
    }
  }
  return deepest;
}

const encoder = new TextEncoder();

/** UTF-8 bytes of the value's JSON text. Call only on values of bounded depth (stringify recurses). */
export const jsonBytes = (value: unknown): number => encoder.encode(JSON.stringify(value) ?? "").length;
