#!/usr/bin/env node
// Generates sdk/src/schema.ts (types only) from openapi.json with openapi-typescript.
// `--check` exits 1 when the committed file differs: CI fails on a stale SDK, as on a stale openapi.json.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { writeOrCheckGenerated } from "./lib/generated-file.mjs";

const root = resolve(import.meta.dirname, "..");
const target = join(root, "sdk/src/schema.ts");
const document = JSON.parse(readFileSync(join(root, "openapi.json"), "utf8"));
const header =
  "// Generated from openapi.json by `npm run sdk` (scripts/sdk.mjs, openapi-typescript). Do not edit.\n";
// silent: two workflow paths share a shape (runs/{runId} vs {workflowId}/trigger); harmless for types.
const text = header + astToString(await openapiTS(document, { silent: true }));

writeOrCheckGenerated({
  root,
  target,
  text,
  regenerate: "npm run sdk",
  summary: `${Math.round(text.length / 1024)} KB`,
});
