// Lists the longest function-like nodes (declarations, methods, arrows, function expressions)
// under a directory, by line count, using the TypeScript compiler API (a dev dependency).
// Usage: node scripts/longest-functions.mjs [dir=src] [--top N=10] [--over LINES] [--tests]
// Unit tests (*.test.ts) are left out unless --tests: their describe callbacks are not use cases.
// --over LINES lists every function longer than LINES and exits 1 when there is one.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args.splice(i, 2)[1];
};
const top = Number(flag("--top") ?? 10);
const over = flag("--over");
const withTests = args.includes("--tests");
const root = args.find((a) => !a.startsWith("--")) ?? "src";

function* tsFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* tsFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      if (withTests || !entry.name.endsWith(".test.ts")) yield path;
    }
  }
}

// A readable name: the declared one, else the variable, property or call the function sits in.
function nameOf(node) {
  if (node.name) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (
    ts.isVariableDeclaration(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isPropertyDeclaration(parent)
  ) {
    return parent.name.getText();
  }
  if (ts.isCallExpression(parent)) return `<callback of ${parent.expression.getText().slice(0, 40)}>`;
  return "<anonymous>";
}

const found = [];
for (const file of tsFiles(root)) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ name: nameOf(node), file: relative(".", file), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

found.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
const shown = over === undefined ? found.slice(0, top) : found.filter((f) => f.lines > Number(over));
for (const f of shown) console.log(`${String(f.lines).padStart(5)}  ${f.name}  ${f.file}:${f.line}`);
if (over !== undefined && shown.length > 0) process.exitCode = 1;
