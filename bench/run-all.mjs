#!/usr/bin/env node
// `npm run bench`: runs every benchmark script in bench/ in turn; each prints its own figures.
// Pass names to run some: `npm run bench -- ingest webhooks`.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";

const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const scripts = readdirSync(dir)
  .filter((f) => f.endsWith(".mjs") && f !== "run-all.mjs")
  .filter((f) => !wanted.length || wanted.some((w) => f.startsWith(w)));
let failed = 0;
for (const script of scripts) {
  console.log(`\n== bench/${script}`);
  const run = spawnSync(process.execPath, [join(dir, script)], { stdio: "inherit" });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
