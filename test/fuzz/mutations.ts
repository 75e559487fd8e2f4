import fc from "fast-check";
import { type FuzzRequest, type IdPools, type Operation, type Parts, render } from "./requests";

/**
 * The invalid family: a valid-shaped request with one thing broken. Each mutation names what it
 * broke in the request's label, so a failure report says which input the API mishandled.
 */

type Path = Array<string | number>;
type Mutation = fc.Arbitrary<FuzzRequest>;

const DEEP_MARK = "\u0001deep\u0001";
export const HUGE = 100_000;
/** URLs stay nearer what proxies pass (query and path values). */
const HUGE_IN_URL = 8_000;

/** Strings that have broken parsers, SQL, full-text search, logs and hash chains elsewhere. */
export const oddText = fc.constantFrom(
  "a\u0000b",
  "\u0000",
  "\ud800",
  "x\udfffy",
  "\u202egnp.exe",
  "zero\u200bwidth",
  "\ufeffbom",
  "e\u0301\u0301\u0301",
  "😀👩‍👩‍👧",
  "\u0007\u001b[31m",
  "' OR 1=1 --",
  '"unterminated',
  "a* OR b NEAR(c d)",
  "\\",
  "../../etc/passwd",
  "%00",
  "{{7*7}}",
);

const wrongTypes: unknown[] = [42, -1.5, "text", true, {}, [], [1, "two"]];
const kind = (v: unknown) => (Array.isArray(v) ? "array" : v === null ? "null" : typeof v);

/** Paths to every node of a body value, a few levels down (the body itself is []). */
function nodes(value: unknown, depth = 0, path: Path = []): Path[] {
  const out: Path[] = [path];
  if (depth >= 3 || !value || typeof value !== "object") return out;
  for (const [key, child] of Object.entries(value))
    out.push(...nodes(child, depth + 1, [...path, Array.isArray(value) ? Number(key) : key]));
  return out;
}

const getAt = (value: unknown, path: Path) =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], value);

function setAt(value: unknown, path: Path, replacement: unknown, remove = false): unknown {
  if (!path.length) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  const parent = getAt(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (remove) delete parent[last];
  else parent[last] = replacement;
  return copy;
}

const deepText = (levels: number, array: boolean) =>
  array ? `${"[".repeat(levels)}1${"]".repeat(levels)}` : `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

function bodyMutations(op: Operation, parts: Parts): Mutation[] {
  if (!op.body) return [];
  const go = (label: string, body: unknown, raw?: string, type?: string | null) =>
    render(op, { ...parts, body }, `invalid: ${label}`, type, raw);
  const inner = nodes(parts.body).filter((p) => p.length > 0);
  const strings = inner.filter((p) => typeof getAt(parts.body, p) === "string");
  const objects = nodes(parts.body).filter((p) => kind(getAt(parts.body, p)) === "object");
  const text = JSON.stringify(parts.body ?? {});
  const out: Mutation[] = [
    fc.constantFrom<unknown>([], "text", 42, null, true).map((b) => go(`body is ${kind(b)}`, b)),
    fc
      .constantFrom(text.slice(0, Math.max(1, text.length - 1)), `${text},`, `{'a': 1}`, "{", "", "\u0000")
      .map((raw) => go(`malformed JSON ${JSON.stringify(raw.slice(0, 20))}`, parts.body, raw)),
    fc
      .constantFrom<string | null>(
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        null,
      )
      .map((type) => go(`content type ${type ?? "missing"}`, parts.body, undefined, type)),
    fc
      .tuple(fc.constantFrom(5_000, 20_000), fc.boolean(), fc.constantFrom(...nodes(parts.body)))
      .map(([levels, array, path]) => {
        const marked = JSON.stringify(setAt(parts.body, path, DEEP_MARK));
        const raw = marked.replace(JSON.stringify(DEEP_MARK), deepText(levels, array));
        return go(
          `${levels}-deep ${array ? "array" : "object"} at ${path.join(".") || "(body)"}`,
          parts.body,
          raw,
        );
      }),
  ];
  if (objects.length)
    out.push(
      fc
        .tuple(
          fc.constantFrom(...objects),
          fc.constantFrom("unexpectedField", "__proto__", "tenantId", "constructor"),
          fc.jsonValue({ maxDepth: 1 }),
        )
        // A computed key makes "__proto__" an own property, so JSON.stringify sends it.
        .map(([path, key, value]) =>
          go(
            `unknown field ${key} at ${path.join(".") || "(body)"}`,
            setAt(parts.body, path, { ...(getAt(parts.body, path) as object), [key]: value }),
          ),
        ),
    );
  if (inner.length) {
    out.push(
      fc
        .constantFrom(...inner)
        .map((path) => go(`missing ${path.join(".")}`, setAt(parts.body, path, undefined, true))),
      fc
        .tuple(fc.constantFrom(...inner), fc.constantFrom(...wrongTypes))
        .filter(([path, value]) => kind(getAt(parts.body, path)) !== kind(value))
        .map(([path, value]) => go(`${path.join(".")} is ${kind(value)}`, setAt(parts.body, path, value))),
      fc
        .tuple(fc.constantFrom(...inner), fc.constantFrom("x", "é", "\u0000"))
        .map(([path, unit]) =>
          go(`${HUGE}-char string at ${path.join(".")}`, setAt(parts.body, path, unit.repeat(HUGE))),
        ),
    );
  }
  if (strings.length)
    out.push(
      fc
        .tuple(fc.constantFrom(...strings), oddText)
        .map(([path, odd]) => go(`odd text at ${path.join(".")}`, setAt(parts.body, path, odd))),
      fc
        .constantFrom(...strings)
        .map((path) => go(`bad enum/format at ${path.join(".")}`, setAt(parts.body, path, "NOT_A_VALUE"))),
    );
  return out;
}

function urlMutations(op: Operation, parts: Parts, ids: IdPools): Mutation[] {
  const go = (label: string, next: Partial<Parts>) => render(op, { ...parts, ...next }, `invalid: ${label}`);
  const out: Mutation[] = [];
  const queryNames = op.queryParams.map((p) => p.name);
  if (queryNames.length)
    out.push(
      fc
        .tuple(
          fc.constantFrom(...queryNames),
          fc.oneof(
            oddText,
            fc.constantFrom(
              "-1",
              "abc",
              "1e309",
              "NaN",
              "9007199254740993",
              "",
              "NOT_A_VALUE",
              "x".repeat(HUGE_IN_URL),
            ),
          ),
        )
        .map(([name, value]) =>
          go(`query ${name}=${JSON.stringify(value.slice(0, 20))}`, {
            query: { ...parts.query, [name]: value },
          }),
        ),
    );
  for (const { name } of op.pathParams) {
    out.push(
      fc.oneof(oddText, fc.constantFrom("..", "%2e%2e", "null", "0", "x".repeat(HUGE_IN_URL))).map((value) =>
        go(`path ${name}=${JSON.stringify(value.slice(0, 20))}`, {
          pathParams: { ...parts.pathParams, [name]: value },
        }),
      ),
    );
    const foreign = ids.foreign[name] ?? [];
    if (foreign.length && !op.admin)
      out.push(
        fc
          .constantFrom(...foreign)
          .map((id) =>
            render(
              op,
              { ...parts, pathParams: { ...parts.pathParams, [name]: id } },
              `foreign: ${name} of another tenant`,
            ),
          ),
      );
  }
  return out;
}

export function mutations(op: Operation, parts: Parts, ids: IdPools): fc.Arbitrary<FuzzRequest> {
  const all = [...bodyMutations(op, parts), ...urlMutations(op, parts, ids)];
  return all.length ? fc.oneof(...all) : fc.constant(render(op, parts, "invalid: nothing to break"));
}
