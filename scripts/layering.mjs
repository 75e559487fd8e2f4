// Checks every import under src/ against the layering rules of scripts/layering-rules.mjs
// (docs/architecture.md#layers). Imports are read with the TypeScript parser: static imports and
// re-exports (type-only ones too), import() calls and types, require(). Relative imports are
// resolved, so a rule holds however a path is spelled. Exits 1 when an import is refused.
// Usage: node scripts/layering.mjs
import { readdirSync, readFileSync } from "node:fs";
import { join, posix, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import {
  ALSO_OWNS,
  CROSS_MODULE_EXCEPTIONS,
  HTTP_EXCEPTIONS,
  KINDS,
  MAY_NOT_IMPORT,
  PUBLIC,
} from "./layering-rules.mjs";

/** A glob of the rules (`*` one segment, `**` any number) as a regular expression. */
function globRegExp(glob) {
  const segment = (s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*");
  const body = glob
    .split("/")
    .map((s, i, all) => {
      if (s !== "**") return `${segment(s)}${i < all.length - 1 ? "/" : ""}`;
      return i < all.length - 1 ? "(?:[^/]+/)*" : "[^/]+(?:/[^/]+)*";
    })
    .join("");
  return new RegExp(`^${body}$`);
}
const matcher = (globs) => {
  const res = globs.map(globRegExp);
  return (text) => res.some((re) => re.test(text));
};

const kinds = Object.fromEntries(
  Object.entries(KINDS).map(([name, k]) => [
    name,
    { ...k, package: matcher(k.packages ?? []), path: matcher(k.paths ?? []) },
  ]),
);
const isPublic = matcher(PUBLIC);
const isCrossModuleException = matcher(CROSS_MODULE_EXCEPTIONS);
const httpMayImport = matcher(HTTP_EXCEPTIONS.mayImport);

/** The import as the rules see it: `{ path }` relative to src/ without extension, or `{ pkg }`. */
export function resolveImport(file, specifier) {
  if (!specifier.startsWith(".")) return { pkg: specifier };
  const path = posix
    .normalize(posix.join(posix.dirname(file), specifier))
    .replace(/\.(ts|js|mjs)$/, "")
    .replace(/\/index$/, "");
  return { path };
}

const moduleOf = (path) => /^modules\/([^/]+)\/(.+)$/.exec(path);

/** The role of a file of modules/<module>/ (scripts/layering-rules.mjs, MAY_NOT_IMPORT). */
export function roleOf(file) {
  const [, , ...rest] = file.split("/");
  const dirs = rest.slice(0, -1);
  const name = rest.at(-1);
  if (dirs.includes("domain")) return "domain";
  if (dirs.includes("routes")) return "routes";
  if (name === "schemas.ts") return "schemas";
  if (name === "responses.ts") return "responses";
  if (name === "system-repo.ts") return "system-repo";
  return "other";
}

function isKind(kind, target, module) {
  if (target.pkg !== undefined) return kind.package(target.pkg);
  if (!kind.path(target.path)) return false;
  if (!kind.exceptOwn) return true;
  return target.path !== `db/shard/${module}` && !(ALSO_OWNS[module] ?? []).includes(target.path);
}

function httpRefusal(file, target) {
  if (!target.path?.startsWith("modules/")) return undefined;
  if (!HTTP_EXCEPTIONS.files.includes(file))
    return {
      rule: "http may not import modules",
      why: `src/http/ reaches modules only in ${HTTP_EXCEPTIONS.files.join(", ")} (HTTP_EXCEPTIONS)`,
    };
  if (httpMayImport(target.path.slice("modules/".length))) return undefined;
  return {
    rule: "HTTP_EXCEPTIONS",
    why: `this file of src/http/ may reach only ${HTTP_EXCEPTIONS.mayImport.join(", ")}`,
  };
}

function moduleRefusal(file, module, target) {
  const role = roleOf(file);
  for (const name of MAY_NOT_IMPORT[role]) {
    const kind = kinds[name];
    if (isKind(kind, target, module)) return { rule: `${role} may not import ${name}`, why: kind.why };
  }
  const into = target.path && moduleOf(target.path);
  if (!into || into[1] === module) return undefined;
  if (isPublic(into[2]) || isCrossModuleException(`${into[1]}/${into[2]}`)) return undefined;
  return {
    rule: "another module's private file",
    why: "another module is reached only through its service.ts, schemas.ts (a sub-feature's too), present.ts, read-model.ts or domain/ (PUBLIC), or a CROSS_MODULE_EXCEPTIONS entry",
  };
}

/**
 * A module's responses.ts is evaluated only when the OpenAPI document is built: routes load it
 * with import(), other files take its types, and only another responses.ts (or a test) imports
 * its values statically.
 */
function responsesRefusal(file, target, { typeOnly = false, dynamic = false } = {}) {
  if (!target.path?.endsWith("/responses") || typeOnly || dynamic) return undefined;
  if (file.endsWith("/responses.ts") || file.endsWith(".test.ts")) return undefined;
  return {
    rule: "responses are loaded with import()",
    why: "a responses.ts holds schemas only the OpenAPI document needs: a route passes a loader, jsonContent(async () => (await import(...)).X), other files import its types (docs/architecture.md#what-loads-lazily)",
  };
}

/**
 * Why `file` (a path relative to src/, e.g. `modules/fraud/service.ts`) may not import
 * `specifier`, as `{ rule, why }`; undefined when it may. Files outside modules/ and http/
 * (db/, jobs/, lib/, the entry) have no rule but the one of responses.ts. `how` says whether the
 * import is type-only or an import() call.
 */
export function refusal(file, specifier, how) {
  const target = resolveImport(file, specifier);
  const responses = responsesRefusal(file, target, how);
  if (responses) return responses;
  if (file.startsWith("http/")) return httpRefusal(file, target);
  const own = moduleOf(file);
  return own ? moduleRefusal(file, own[1], target) : undefined;
}

/** Whether an import or export declaration brings in types only (`import type`, `{ type A }`). */
function typeOnlyDeclaration(node) {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    !clause.name &&
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

/**
 * The module specifiers a TypeScript source imports, with their lines; `typeOnly` for types
 * alone, `dynamic` for an import() call.
 */
export function importsOf(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found = [];
  const add = (node, how = {}) => {
    if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)))
      found.push({
        specifier: node.text,
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
        typeOnly: how.typeOnly ?? false,
        dynamic: how.dynamic ?? false,
      });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node))
      add(node.moduleSpecifier, { typeOnly: typeOnlyDeclaration(node) });
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node.moduleReference.expression, { typeOnly: node.isTypeOnly });
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node.argument.literal, { typeOnly: true });
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      add(node.arguments[0], { dynamic: true });
    else if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "require"
    )
      add(node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every refused import of one file (`file` relative to src/). */
export function checkFile(file, text) {
  return importsOf(file, text).flatMap(({ specifier, line, typeOnly, dynamic }) => {
    const refused = refusal(file, specifier, { typeOnly, dynamic });
    return refused ? [{ file, line, specifier, ...refused }] : [];
  });
}

function* tsFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* tsFiles(path);
    else if (entry.name.endsWith(".ts")) yield path;
  }
}

function main() {
  const src = fileURLToPath(new URL("../src/", import.meta.url));
  let files = 0;
  const refused = [];
  for (const path of tsFiles(src)) {
    files++;
    refused.push(...checkFile(relative(src, path).split("\\").join("/"), readFileSync(path, "utf8")));
  }
  for (const r of refused)
    console.error(`src/${r.file}:${r.line}: import "${r.specifier}" refused (${r.rule}): ${r.why}`);
  if (refused.length > 0) {
    console.error(`layering: ${refused.length} import(s) refused; the rules: scripts/layering-rules.mjs`);
    process.exit(1);
  }
  console.log(`layering: ${files} files under src/, no import refused`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
