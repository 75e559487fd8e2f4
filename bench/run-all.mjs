#!/usr/bin/env node
// `npm run bench`: runs every benchmark script in bench/ in turn; each prints its own figures.
// Pass names to run some: `npm run bench -- ingest webhooks`.
// `npm run bench -- --summary`: runs the budget benches at a size that finishes in minutes on
// 2 cores, then prints one JSON object with every budget figure (value, goal, pass) and a line
// per figure (docs/performance.md lists them), and appends the run (date, commit, machine, every
// figure) as one line to bench/history.jsonl. Exit 1 when a figure misses its goal.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { parseFigures } from "./lib/figures.mjs";
import { appendHistory, gitState, HISTORY_FILE, machineNow, summaryEntry } from "./lib/history.mjs";

const dir = import.meta.dirname;

/**
 * The budget benches, their summary sizes (each prints BENCH_FIGURE lines) and how long each may
 * take before it is stopped and counted as a failed run (a few times its usual time on 2 cores),
 * so the summary always ends.
 */
const BUDGETS = [
  // Three runs: the first reads a cold SQLite page cache (~2x slower); the median is a warm one.
  { script: "bhi-scale.mjs", args: ["--runs", "3"], minutes: 4 },
  { script: "webhooks.mjs", args: ["3000", "50"], minutes: 2 },
  { script: "webhooks.mjs", args: ["4000", "200"], minutes: 2 },
  { script: "webhooks.mjs", args: ["5000"], minutes: 2 },
  { script: "fraud-evaluate.mjs", args: ["200", "--seconds", "10"], minutes: 2 },
  { script: "screening.mjs", args: ["100", "--seconds", "10"], minutes: 2 },
  // A tenth of the issue's size (full: `node bench/monitoring.mjs`), no `again` pass.
  { script: "monitoring.mjs", args: ["1000", "10000", "2", "4", "0"], minutes: 4 },
  // A quarter of the default holders over 60 days (full: `node bench/detection.mjs`): every
  // typology planted once or twice, so its recall figures are coarse.
  { script: "detection.mjs", args: ["500", "60"], minutes: 5 },
  // The network typologies' pure scan: 200,000 random transfers among 20,000 holders.
  // With its longest synchronous step, and the whole scan over 400,000 legs.
  { script: "network-scan.mjs", args: [], minutes: 2 },
  // One entity's evaluation (AML, fraud) over 2,000 to 50,000 transactions, in Node.
  { script: "entity-evaluation.mjs", args: [], minutes: 1 },
  // The pure matcher in Node: labelled pairs, one name against 50,000 entries, a rescreen's matching.
  { script: "sanctions.mjs", args: [], minutes: 2 },
  { script: "sanctions-rescreen.mjs", args: [], minutes: 4 },
];

/**
 * Runs a script, its output shown as it comes and kept for the figures; past `minutes` it is
 * killed (with the workerd it started: it runs in its own process group) and its status is
 * "timed out".
 */
function run(script, args = [], minutes = Number.POSITIVE_INFINITY) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(dir, script), ...args], {
      stdio: ["ignore", "pipe", "inherit"],
      detached: true,
    });
    let output = "";
    let timedOut = false;
    child.stdout.on("data", (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    const watchdog = Number.isFinite(minutes)
      ? setTimeout(() => {
          timedOut = true;
          console.log(`bench/${script}: stopped after ${minutes} min`);
          process.kill(-child.pid, "SIGKILL");
        }, minutes * 60_000)
      : undefined;
    child.on("close", (status) => {
      clearTimeout(watchdog);
      done({ status: timedOut ? "timed out" : status, output });
    });
  });
}

if (process.argv.includes("--summary")) {
  const started = Date.now();
  const machineAtStart = machineNow();
  const figures = [];
  const failedRuns = [];
  const benches = [];
  for (const { script, args, minutes } of BUDGETS) {
    console.log(`\n== bench/${script} ${args.join(" ")}`);
    const began = Date.now();
    const { status, output } = await run(script, args, minutes);
    const seconds = Math.round((Date.now() - began) / 1000);
    console.log(`bench/${script} ${args.join(" ")}: ${seconds} s`);
    benches.push({ run: `${script} ${args.join(" ")}`, seconds, status });
    if (status !== 0)
      failedRuns.push(`${script} ${args.join(" ")} (${status === "timed out" ? status : `exit ${status}`})`);
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
  const entry = summaryEntry({
    date: new Date(),
    git: gitState(dir),
    machineAtStart,
    machineAtEnd: machineNow(),
    summary,
    benches,
  });
  appendHistory(entry);
  console.log(
    `\nappended to ${HISTORY_FILE} (commit ${entry.commit}${entry.dirty ? ", uncommitted changes" : ""})`,
  );
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
