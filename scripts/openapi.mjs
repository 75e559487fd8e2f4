#!/usr/bin/env node
// Builds openapi.json from the route definitions (the app is bundled for Node and asked for
// its document). `--check` exits 1 when the committed file differs: CI fails on a stale one.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { writeOrCheckGenerated } from "./lib/generated-file.mjs";

const root = resolve(import.meta.dirname, "..");
const outDir = mkdtempSync(join(tmpdir(), "openapi-"));
const outfile = join(outDir, "app.mjs");
await build({
  entryPoints: [join(root, "src/app.ts")],
  bundle: true,
  format: "esm",
  platform: "neutral",
  mainFields: ["module", "main"],
  outfile,
  logLevel: "error",
  alias: { "cloudflare:workers": join(root, "scripts/shims/cloudflare-workers.mjs") },
});
const { buildApp, loadOpenApiDocument } = await import(pathToFileURL(outfile).href);
const { openApiDocument } = await loadOpenApiDocument();
const document = await openApiDocument(buildApp());
const text = `${JSON.stringify(document, null, 2)}\n`;
const target = join(root, "openapi.json");

writeOrCheckGenerated({
  root,
  target,
  text,
  regenerate: "npm run openapi",
  summary: `${Object.keys(document.paths).length} paths`,
});
