import { describe, expect, it } from "vitest";

// Vite reads every source file at transform time, so this test needs no Node file-system types
const sources = import.meta.glob("./**/*.ts", { query: "?raw", import: "default", eager: true });

// Static imports and re-exports (type-only ones too: a type cycle is still a tangle of modules)
// and dynamic import() calls, with a relative specifier.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']*)["']/g;

/** Removes comments, so an import inside a comment is not an edge. */
const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

function resolve(from: string, specifier: string, files: Set<string>): string | undefined {
  const parts = from.split("/").slice(0, -1);
  for (const segment of specifier.split("/")) {
    if (segment === "..") parts.pop();
    else if (segment !== ".") parts.push(segment);
  }
  const base = parts.join("/");
  return [base, `${base}.ts`, `${base}/index.ts`].find((candidate) => files.has(candidate));
}

/** file -> the files of src/ it imports. */
function importGraph(files: Record<string, string>): Map<string, string[]> {
  const names = new Set(Object.keys(files));
  const graph = new Map<string, string[]>();
  for (const [file, text] of Object.entries(files)) {
    const targets = [...stripComments(text).matchAll(SPECIFIER)]
      .map((match) => resolve(file, match[1], names))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("import graph of src/", () => {
  it("reads the source files", () => {
    expect(Object.keys(sources)).toContain("./jobs/queue.ts");
    expect(importGraph(sources).get("./index.ts")).toContain("./app.ts");
  });

  it("has no import cycle", () => {
    expect(cycles(importGraph(sources))).toEqual([]);
  });

  it("finds a cycle through type-only imports, re-exports and index files", () => {
    const graph = importGraph({
      "./jobs/registry.ts": 'import { handle } from "../modules/a/jobs";',
      "./modules/a/jobs.ts": 'import type { JobMessage } from "../../jobs/registry";\nexport * from "./x";',
      "./modules/a/x/index.ts": '// import { nothing } from "../jobs";\nexport const x = 1;',
      "./lone.ts": 'import { x } from "./modules/a/x";',
    });
    expect(graph.get("./modules/a/jobs.ts")).toEqual(["./jobs/registry.ts", "./modules/a/x/index.ts"]);
    expect(cycles(graph)).toEqual([["./jobs/registry.ts", "./modules/a/jobs.ts"]]);
  });
});
