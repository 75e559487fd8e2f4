#!/usr/bin/env node
// Are two OpenAPI documents the same API? Every $ref is replaced by what it names (a shared
// component and an inline copy of it compare equal), then each operation's fields, parameters,
// request body and responses are compared. Differences only in prose (description, summary,
// example, examples) are counted apart and do not fail the comparison.
// Usage: node scripts/openapi-compare.mjs [<old> [<new>]]
//   <old>: a file, or a git revision whose openapi.json is read (default: main)
//   <new>: a file (default: ./openapi.json)
// Exits 1 when an operation differs in more than prose, or one is missing on either side.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];
const PROSE = new Set(["description", "summary", "example", "examples"]);

function load(source, fallback) {
  const which = source ?? fallback;
  if (existsSync(which)) return { name: which, document: JSON.parse(readFileSync(which, "utf8")) };
  const text = execFileSync("git", ["show", `${which}:openapi.json`], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  return { name: `${which}:openapi.json`, document: JSON.parse(text) };
}

/** The node with every $ref replaced by its target; a ref met again inside itself stays a marker. */
function dereference(document, node, inside = []) {
  if (Array.isArray(node)) return node.map((item) => dereference(document, item, inside));
  if (!node || typeof node !== "object") return node;
  if (typeof node.$ref === "string") {
    if (inside.includes(node.$ref)) return { $recursive: node.$ref.split("/").at(-1) };
    const target = node.$ref
      .slice(2)
      .split("/")
      .reduce((at, key) => at?.[key.replaceAll("~1", "/").replaceAll("~0", "~")], document);
    if (target === undefined) throw new Error(`unresolved ${node.$ref}`);
    const { $ref, ...siblings } = node;
    const resolved = dereference(document, target, [...inside, node.$ref]);
    return Object.keys(siblings).length
      ? { ...resolved, ...dereference(document, siblings, inside) }
      : resolved;
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, dereference(document, v, inside)]));
}

const withoutProse = (node) => {
  if (Array.isArray(node)) return node.map(withoutProse);
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => !PROSE.has(k))
      .map(([k, v]) => [k, withoutProse(v)]),
  );
};

/** JSON with sorted keys (key order is not meaning) and parameters sorted by place and name. */
const canonical = (node) => JSON.stringify(sortKeys(node));
function sortKeys(node) {
  if (Array.isArray(node)) return node.map(sortKeys);
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.keys(node)
      .sort()
      .map((k) => [k, sortKeys(node[k])]),
  );
}

function operations(document) {
  const out = new Map();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const shared = item.parameters ?? [];
    for (const method of METHODS) {
      if (!item[method]) continue;
      const op = dereference(document, {
        ...item[method],
        parameters: [...shared, ...(item[method].parameters ?? [])],
      });
      op.parameters.sort((a, b) => `${a.in} ${a.name}`.localeCompare(`${b.in} ${b.name}`));
      out.set(`${method.toUpperCase()} ${path}`, op);
    }
  }
  return out;
}

/** The first place two values differ, as a path. */
function firstDifference(a, b, path = "") {
  if (canonical(a) === canonical(b)) return null;
  if (a && b && typeof a === "object" && typeof b === "object" && Array.isArray(a) === Array.isArray(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(a[key], b[key], `${path}/${key}`);
      if (found) return found;
    }
  }
  return `${path || "/"}: ${JSON.stringify(a)?.slice(0, 120)} -> ${JSON.stringify(b)?.slice(0, 120)}`;
}

const [oldArg, newArg] = process.argv.slice(2);
const before = load(oldArg, "main");
const after = load(newArg, resolve(root, "openapi.json"));
const a = operations(before.document);
const b = operations(after.document);
const missing = [...a.keys()].filter((k) => !b.has(k));
const added = [...b.keys()].filter((k) => !a.has(k));
let same = 0;
let proseOnly = 0;
const differing = [];
for (const [key, op] of a) {
  if (!b.has(key)) continue;
  if (canonical(op) === canonical(b.get(key))) same++;
  else if (canonical(withoutProse(op)) === canonical(withoutProse(b.get(key)))) proseOnly++;
  else differing.push(`${key}: ${firstDifference(withoutProse(op), withoutProse(b.get(key)))}`);
}
const refs = (document) => JSON.stringify(document.paths).split('"$ref"').length - 1;
console.log(`${before.name} -> ${after.name}`);
console.log(
  `operations: ${a.size} -> ${b.size}; identical once dereferenced ${same}, differing only in prose ${proseOnly}, ` +
    `differing ${differing.length}; missing ${missing.length}, added ${added.length}`,
);
console.log(
  `components: ${Object.keys(before.document.components?.schemas ?? {}).length} -> ` +
    `${Object.keys(after.document.components?.schemas ?? {}).length} schemas; $refs under paths ${refs(before.document)} -> ${refs(after.document)}; ` +
    `bytes ${JSON.stringify(before.document).length} -> ${JSON.stringify(after.document).length}`,
);
for (const line of [...missing.map((k) => `missing: ${k}`), ...added.map((k) => `added: ${k}`), ...differing])
  console.log(`  ${line}`);
if (missing.length || added.length || differing.length) process.exit(1);
