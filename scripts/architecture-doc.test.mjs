// docs/architecture.md held to the tree: its module table, the layering exceptions, the shard
// tables each module owns and the Durable Object classes.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CROSS_MODULE_EXCEPTIONS, HTTP_EXCEPTIONS } from "./layering-rules.mjs";

const root = new URL("../", import.meta.url);
const read = (path) => readFileSync(new URL(path, root), "utf8");
const doc = read("docs/architecture.md");

/** The text of a `## ` section, up to the next one. */
function section(title) {
  const start = doc.indexOf(`\n## ${title}\n`);
  if (start === -1) throw new Error(`docs/architecture.md has no section "${title}"`);
  const end = doc.indexOf("\n## ", start + 1);
  return doc.slice(start, end === -1 ? undefined : end);
}

/** The cells of each body row of the markdown tables in `text` (header and rule rows left out). */
function tableRows(text) {
  const lines = text.split("\n");
  const isRule = (line) => /^\|[-| :]+\|$/.test(line ?? "");
  return lines
    .filter((line, i) => line.startsWith("| ") && !isRule(line) && !isRule(lines[i + 1]))
    .map((line) =>
      line
        .slice(2, -2)
        .split(" | ")
        .map((cell) => cell.trim()),
    );
}

const ticked = (text) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
/** `text` without its parenthesised asides (nested ones too). */
function withoutAsides(text) {
  let out = text;
  for (let before = ""; before !== out; ) [before, out] = [out, out.replace(/\([^()]*\)/g, "")];
  return out;
}
const sorted = (values) => [...new Set(values)].sort();

const modules = readdirSync(new URL("src/modules/", root), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const tablesIn = (text) => [...text.matchAll(/sqliteTable\(\s*"([^"]+)"/g)].map((m) => m[1]);

describe("docs/architecture.md", () => {
  it("lists every module of src/modules in its module table, and no other", () => {
    const listed = tableRows(section("Modules")).map(([name]) => ticked(name)[0]);
    expect(modules.length).toBeGreaterThan(20);
    expect(sorted(listed)).toEqual(sorted(modules));
  });

  it("names the layering exceptions of scripts/layering-rules.mjs", () => {
    const rows = tableRows(section("Layers")).filter(
      ([from]) => from.startsWith("`http/") || from === "any module",
    );
    const http = rows.filter(([from]) => from !== "any module");
    expect(sorted(http.map(([from]) => ticked(from)[0]))).toEqual(sorted(HTTP_EXCEPTIONS.files));
    expect(sorted(http.flatMap(([, targets]) => ticked(targets)))).toEqual(sorted(HTTP_EXCEPTIONS.mayImport));
    const across = rows.filter(([from]) => from === "any module").flatMap(([, targets]) => ticked(targets));
    expect(sorted(across)).toEqual(sorted(CROSS_MODULE_EXCEPTIONS));
  });

  it("gives each module the shard tables its src/db/shard/<module>.ts declares", () => {
    const owners = tableRows(section("Tables and their owners"));
    for (const module of modules) {
      let declared = [];
      try {
        declared = tablesIn(read(`src/db/shard/${module}.ts`));
      } catch {}
      const row = owners.find(([name]) => name === `\`${module}\``);
      const shard = withoutAsides(row?.[1] ?? "")
        .split(";")
        .filter((part) => !part.trim().startsWith("control:"))
        .flatMap(ticked);
      expect(sorted(shard), module).toEqual(sorted(declared));
    }
    const unowned = /\n(`[^\n]+`) own no table\./.exec(section("Tables and their owners"))?.[1] ?? "";
    for (const module of modules)
      expect(
        owners.some(([name]) => name === `\`${module}\``) || ticked(unowned).includes(module),
        module,
      ).toBe(true);
  });

  it("names control tables that src/db/control-schema.ts declares", () => {
    const declared = tablesIn(read("src/db/control-schema.ts"));
    const listed = tableRows(section("Tables and their owners")).flatMap(([, tables]) =>
      withoutAsides(tables)
        .split(";")
        .filter((part) => part.trim().startsWith("control:"))
        .flatMap(ticked),
    );
    expect(listed.filter((table) => !declared.includes(table))).toEqual([]);
    // The rest belong to src/jobs, named in the Jobs section.
    const rest = declared.filter((table) => !listed.includes(table));
    expect(rest.filter((table) => !ticked(section("Jobs")).includes(table))).toEqual([]);
  });

  it("describes every job type of src/jobs/messages.ts, and no other", () => {
    const types = [...read("src/jobs/messages.ts").matchAll(/^export const \w+_JOB = "([^"]+)";$/gm)].map(
      (m) => m[1],
    );
    const described = tableRows(section("Jobs"))
      .map(([type]) => ticked(type)[0])
      .filter((type) => /^[a-z-]+\.[a-z.-]+$/.test(type ?? ""));
    expect(types.length).toBeGreaterThan(10);
    expect(sorted(described)).toEqual(sorted(types));
  });

  it("describes each Durable Object class that src/index.ts exports and wrangler.toml binds", () => {
    const exported = [
      ...read("src/index.ts").matchAll(/export \{ (\w+) \} from "\.\/durable-objects\//g),
    ].map((m) => m[1]);
    const toml = read("wrangler.toml");
    const bound = [...toml.matchAll(/^\[\[durable_objects\.bindings\]\][^[]*class_name = "(\w+)"/gm)].map(
      (m) => m[1],
    );
    expect(exported.length).toBeGreaterThan(1);
    expect(sorted(bound)).toEqual(sorted(exported));
    const described = section("Durable Objects");
    for (const name of exported) expect(described, name).toContain(`\`${name}\``);
    const count = ["one", "two", "three", "four"][exported.length - 1];
    expect(doc).toContain(`hosts ${count} Durable Object class`);
  });
});
