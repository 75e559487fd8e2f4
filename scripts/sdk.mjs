#!/usr/bin/env node
// Generates sdk/src/schema.ts (types only) from openapi.json with openapi-typescript.
// `--check` exits 1 when the committed file differs: CI fails on a stale SDK, as on a stale openapi.json.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";

const root = resolve(import.meta.dirname, "..");
const target = join(root, "sdk/src/schema.ts");
const document = JSON.parse(readFileSync(join(root, "openapi.json"), "utf8"));
const header =
  "// Generated from openapi.json by `npm run sdk` (scripts/sdk.mjs, openapi-typescript). Do not edit.\n";
// silent: two workflow paths share a shape (runs/{runId} vs {workflowId}/trigger); harmless for types.
const text = header + astToString(await openapiTS(document, { silent: true }));

if (process.argv.includes("--check")) {
  let current = "";
  try {
    current = readFileSync(target, "utf8");
  } catch {}
  if (current !== text) {
    console.error("sdk/src/schema.ts is stale: run `npm run sdk` and commit the result.");
    process.exit(1);
  }
  console.log("sdk/src/schema.ts is current.");
} else {
  writeFileSync(target, text);
  console.log(`wrote sdk/src/schema.ts (${Math.round(text.length / 1024)} KB)`);
}
