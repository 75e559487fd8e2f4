// Module-level import cycles (issue 34 item 6, issue 37): modules that import each other, directly
// or round a longer loop, cannot be changed one at a time. There is none: the modules form one
// order (docs/architecture.md#module-order), and where a lower module must reach a higher one it
// calls a port (src/ports.ts). The test fails on any cycle, naming its modules.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importsOf, resolveImport } from "./layering.mjs";

/**
 * The detection modules in layers, lowest first (docs/architecture.md#detection-modules): a module
 * imports only modules of lower layers among these, so they form no cycle among themselves
 * (issue 34 item 6). Where a lower one must reach a higher one, it calls a port (src/ports.ts).
 */
const DETECTION_LAYERS = [["detection"], ["rules", "cases"], ["fraud", "aml"], ["monitoring"]];

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) yield path;
  }
}

/** module -> the other modules its non-test files import (any import, types and import() too). */
function moduleGraph() {
  const src = fileURLToPath(new URL("../src/", import.meta.url));
  const graph = new Map();
  for (const path of sources(join(src, "modules"))) {
    const file = relative(src, path).split("\\").join("/");
    const from = file.split("/")[1];
    if (!graph.has(from)) graph.set(from, new Set());
    for (const { specifier } of importsOf(file, readFileSync(path, "utf8"))) {
      const to = /^modules\/([^/]+)\//.exec(resolveImport(file, specifier).path ?? "")?.[1];
      if (to && to !== from) graph.get(from).add(to);
    }
  }
  return graph;
}

/** Strongly connected components of more than one module (Tarjan). */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const idx = new Map();
  const low = new Map();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

describe("module-level import cycles", () => {
  it("finds a cycle where there is one, and none in a one-way graph", () => {
    const g = (edges) => new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]));
    expect(cycles(g({ a: ["b"], b: ["c"], c: ["a"], d: ["a"] }))).toEqual([["a", "b", "c"]]);
    expect(cycles(g({ a: ["b"], b: ["c"], c: [], d: ["a", "c"] }))).toEqual([]);
  });

  it("has no module in an import cycle", () => {
    expect(cycles(moduleGraph()), "modules that import each other (round a loop)").toEqual([]);
  }, 30_000); // reads every file under src/: seconds when the machine is busy // reads every file under src/: seconds when the machine is busy

  it("runs the detection modules' imports one way: detection <- rules <- fraud, aml <- monitoring", () => {
    const graph = moduleGraph();
    const layerOf = new Map(DETECTION_LAYERS.flatMap((layer, i) => layer.map((m) => [m, i])));
    const upward = [...layerOf.keys()].flatMap((from) =>
      [...(graph.get(from) ?? [])]
        .filter((to) => layerOf.has(to) && layerOf.get(to) >= layerOf.get(from))
        .map((to) => `${from} -> ${to}`),
    );
    expect(upward, "imports that do not go down a layer").toEqual([]);
    const among = new Map(
      [...layerOf.keys()].map((m) => [m, new Set([...(graph.get(m) ?? [])].filter((to) => layerOf.has(to)))]),
    );
    expect(cycles(among)).toEqual([]);
    expect(graph.get("detection") ?? new Set(), "detection imports no module").toEqual(new Set());
  }, 30_000);

  it("keeps the case module free of the kinds: fraud and aml register into cases (issue 37)", () => {
    const graph = moduleGraph();
    expect([...(graph.get("cases") ?? [])].filter((m) => m === "fraud" || m === "aml")).toEqual([]);
    const both = [...graph].filter(([, to]) => to.has("fraud") && to.has("aml")).map(([from]) => from);
    expect(both, "modules that import both kinds").not.toContain("cases");
  }, 30_000);

  it("fills every port a module declares, once, in src/ports.ts", () => {
    const src = fileURLToPath(new URL("../src/", import.meta.url));
    const declared = [...sources(join(src, "modules"))].flatMap((path) =>
      [...readFileSync(path, "utf8").matchAll(/^export function (provide\w+)\(/gm)].map((m) => m[1]),
    );
    const ports = readFileSync(join(src, "ports.ts"), "utf8");
    const fills = (name) => ports.match(new RegExp(`^${name}\\(`, "gm"))?.length ?? 0;
    expect(declared.length, "ports found").toBeGreaterThan(0);
    expect(
      declared.filter((name) => fills(name) !== 1),
      "ports not filled exactly once",
    ).toEqual([]);
  }, 30_000);
});
