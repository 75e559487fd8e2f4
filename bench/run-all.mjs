#!/usr/bin/env node
// `npm run bench`: runs every benchmark script in bench/ in turn; each prints its own figures.
// Pass names to run some: `npm run bench -- ingest webhooks`.
// `npm run bench -- --summary`: runs the budget benches at a size that finishes in minutes on
// 2 cores, then prints one JSON object with every budget figure (value, goal, pass) and a line
// per figure (docs/performance.md lists them). Exit 1 when a figure misses its goal.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { parseFigures } from "./lib/figures.mjs";

const dir = import.meta.dirname;

/** The budget benches and their summary sizes (each prints BENCH_FIGURE lines). */
const BUDGETS = [
  { script: "bhi-scale.mjs", args: ["--runs", "1"] },
  { script: "webhooks.mjs", args: ["3000", "50"] },
  { script: "webhooks.mjs", args: ["4000", "200"] },
  { script: "webhooks.mjs", args: ["5000"] },
  { script: "fraud-evaluate.mjs", args: ["200", "--seconds", "10"] },
  { script: "screening.mjs", args: ["100", "--seconds", "10"] },
  // A tenth of the size (full: `node bench/monitoring.mjs`), no `again` pass.
  { script: "monitoring.mjs", args: ["1000", "10000", "2", "4", "0"] },
];

/** Runs a script, its output shown as it comes and kept for the figures. */
function run(script, args = []) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(dir, script), ...args], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on("close", (status) => done({ status, output }));
  });
}

if (process.argv.includes("--summary")) {
  const started = Date.now();
  const figures = [];
  const failedRuns = [];
  for (const { script, args } of BUDGETS) {
    console.log(`\n== bench/${script} ${args.join(" ")}`);
    const { status, output } = await run(script, args);
    if (status !== 0) failedRuns.push(`${script} ${args.join(" ")}`.trim());
    figures.push(...parseFigures(output));
  }
  const summary = {
    minutes: Number(((Date.now() - started) / 60_000).toFixed(1)),
    figures,
    failedRuns,
    pass: failedRuns.length === 0 && figures.every((f) => f.pass !== false),
  };
  console.log("\n== summary");
  console.log(JSON.stringify(summary, null, 2));
  for (const f of figures) {
    const goal = f.goal ? ("max" in f.goal ? `<= ${f.goal.max}` : `>= ${f.goal.min}`) : "";
    const verdict = f.pass === null ? "    " : f.pass ? "ok  " : "MISS";
    console.log(
      `${verdict} ${f.name.padEnd(44)} ${String(f.value).padStart(10)} ${f.unit.padEnd(4)} ${goal}`,
    );
  }
  process.exit(summary.pass ? 0 : 1);
}

const wanted = process.argv.slice(2);
const scripts = readdirSync(dir)
  .filter((f) => f.endsWith(".mjs") && f !== "run-all.mjs")
  .filter((f) => !wanted.length || wanted.some((w) => f.startsWith(w)));
let failed = 0;
for (const script of scripts) {
  console.log(`\n== bench/${script}`);
  if ((await run(script)).status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
