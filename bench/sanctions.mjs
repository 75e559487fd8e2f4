#!/usr/bin/env node
// Sanctions matcher benchmark (issue 39): the pure matcher of src/modules/sanctions/domain,
// bundled with esbuild and run in Node.
// 1. Precision and recall at the default threshold over the labelled name pairs of
//    bench/sanctions/pairs.mjs (true variants and near-misses), with every misclassified pair.
// 2. One name against N synthetic list entries (default 50,000): the index build time and the
//    p50/p99 of screening a name (a mix of listed names with variants and names not listed).
// Figures as BENCH_FIGURE lines. Usage: node bench/sanctions.mjs [entries=50000] [queries=2000]
import { figure } from "./lib/figures.mjs";
import { importSource } from "./lib/source.mjs";
import { PAIRS } from "./sanctions/pairs.mjs";
import { syntheticEntries, syntheticQueries } from "./sanctions/synthetic.mjs";

const [ENTRIES = 50_000, QUERIES = 2_000] = process.argv.slice(2).map(Number);
const { ScreeningIndex, DEFAULT_THRESHOLD } = await importSource(
  `export * from "./src/modules/sanctions/domain/match";`,
);

// 1. The labelled pairs.
const entry = (ref, name) => ({
  ref,
  kind: "other",
  names: [{ name, strength: "primary" }],
  datesOfBirth: [],
  nationalities: [],
  programs: [],
  remarks: "",
});
let tp = 0;
let fp = 0;
let fn = 0;
let tn = 0;
const wrong = [];
for (const [query, listed, same] of PAIRS) {
  const index = new ScreeningIndex([entry("x", listed)]);
  const best = new ScreeningIndex([entry("x", listed)]).screen({ name: query }, 0)[0]?.score ?? 0;
  const hit = index.screen({ name: query }).length > 0;
  if (hit && same) tp++;
  else if (hit) fp++;
  else if (same) fn++;
  else tn++;
  if (hit !== same)
    wrong.push(`${same ? "missed" : "false hit"}: "${query}" / "${listed}" score ${best.toFixed(3)}`);
}
console.log(
  `${PAIRS.length} labelled pairs at threshold ${DEFAULT_THRESHOLD}: TP ${tp}, FP ${fp}, FN ${fn}, TN ${tn}`,
);
for (const w of wrong) console.log(`  ${w}`);
// The same pairs at other thresholds: where the default sits on the curve.
const bestScores = PAIRS.map(([query, listed, same]) => [
  new ScreeningIndex([entry("x", listed)]).screen({ name: query }, 0)[0]?.score ?? 0,
  same,
]);
for (const t of [0.8, 0.82, 0.85, 0.88, 0.9, 0.92, 0.95]) {
  const hitsAt = bestScores.filter(([s]) => s >= t);
  const p = hitsAt.filter(([, same]) => same).length / Math.max(1, hitsAt.length);
  const r = hitsAt.filter(([, same]) => same).length / bestScores.filter(([, same]) => same).length;
  console.log(`  threshold ${t.toFixed(2)}: precision ${p.toFixed(3)}, recall ${r.toFixed(3)}`);
}
// Recall is what a sanctions screen must not lose; precision is context (near-misses a letter
// apart are cleared by their reviewers, helped by date of birth and nationality).
figure("sanctions.pairs.precision", tp / (tp + fp), "ratio");
figure("sanctions.pairs.recall", tp / (tp + fn), "ratio", { min: 0.95 });

// 2. One name against ENTRIES entries.
const entries = syntheticEntries(ENTRIES, 39);
let started = performance.now();
const index = new ScreeningIndex(entries);
const buildMs = performance.now() - started;
const queries = syntheticQueries(entries, QUERIES, 40);
// Warm the JIT (a Worker's isolate serves many requests) on other queries than those timed.
for (const q of syntheticQueries(entries, QUERIES, 41)) index.screen(q);
const times = [];
let hits = 0;
for (const q of queries) {
  started = performance.now();
  hits += index.screen(q).length;
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
console.log(
  `${ENTRIES} entries (${index.nameCount} names) indexed in ${buildMs.toFixed(0)} ms; ${QUERIES} queries, ${hits} hits; ` +
    `p50 ${pct(50).toFixed(2)} ms, p99 ${pct(99).toFixed(2)} ms, max ${times.at(-1).toFixed(2)} ms`,
);
figure("sanctions.index.build", buildMs, "ms");
figure("sanctions.screen.p50", pct(50), "ms");
figure("sanctions.screen.p99", pct(99), "ms", ENTRIES >= 50_000 ? { max: 20 } : null);

// 3. The matcher's share of a rescreen: 100,000 customer names against a 500-entry diff (the
// D1 paging and case writes of the sanctions.screen job are not in this figure).
const diff = new ScreeningIndex(syntheticEntries(500, 42));
const book = syntheticQueries(entries, 100_000, 43);
started = performance.now();
let rescreenHits = 0;
for (const q of book) rescreenHits += diff.screen(q).length;
const rescreenS = (performance.now() - started) / 1000;
console.log(
  `rescreen matcher: 100,000 names against 500 changed entries in ${rescreenS.toFixed(2)} s (${rescreenHits} hits)`,
);
figure("sanctions.rescreen_matcher_s@100000x500", rescreenS, "s", { max: 60 });
