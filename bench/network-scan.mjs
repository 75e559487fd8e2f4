#!/usr/bin/env node
// The network scan's pure work over random transfers: its time per book size, the longest
// synchronous step between two yields (docs/decisions/faults.md#slices-that-yield), and how many
// hits chance alone gives (about 0.5 per 1,000 holders). Two measures:
// - the typologies' scan (networkSchemeSteps, what detectNetworkSchemes drains) over the transfers;
// - the whole scan after the read, as findSchemes runs it (scanSteps: pairing the legs, the
//   typologies, the fans, structuring; then the shares) over both legs of each transfer, at most
//   MAX_LEGS (400,000) legs like a scan's read.
// Each step is timed with no pause between steps, so the total is the CPU a scan costs.
// Usage: node bench/network-scan.mjs [holders=20000] [transfers=200000] [runs=3]
import { figure } from "./lib/figures.mjs";
import { importSource } from "./lib/source.mjs";
import { gcPauses, longestWithoutGc, timeSteps } from "./lib/steps.mjs";

const m = await importSource(
  `export { networkSchemeSteps } from "./src/modules/aml/domain/network/detect";
export { NETWORK_DEFAULTS } from "./src/modules/aml/domain/network/types";
export { movementSteps, shareSteps } from "./src/modules/aml/domain/network/shares";
export { scanSteps } from "./src/modules/aml/domain/network-scan";
export { mergeThresholds, toMinorUnits } from "./src/modules/detection/domain/aml/thresholds";
export { READ_FLOOR_SHARE } from "./src/modules/aml/domain/network-fans";
export { Book, background, mulberry32 } from "./src/modules/aml/domain/network/fixtures";`,
);
const [HOLDERS = 20_000, TRANSFERS = 200_000, RUNS = 3] = process.argv.slice(2).map(Number);
const MAX_LEGS = 400_000;
const book = new m.Book("bg");
m.background(book, m.mulberry32(7), HOLDERS, TRANSFERS);

// Both legs of each transfer, as the scan reads them: the payer's debit and the payee's credit,
// each naming the other's account; holderTransfers pairs them back into one transfer.
const legs = [];
for (const t of book.transfers) {
  if (legs.length >= MAX_LEGS) break;
  const leg = { amountMinor: t.amountMinor, at: t.at };
  legs.push({ ...leg, id: `${t.id}d`, customerId: t.from, type: "debit", counterpartyAccount: `a-${t.to}` });
  legs.push({ ...leg, id: `${t.id}c`, customerId: t.to, type: "credit", counterpartyAccount: `a-${t.from}` });
}
const holderOf = new Map();
for (let i = 0; i < HOLDERS; i++) holderOf.set(`a-bg${i}`, `bg${i}`);
const thresholds = m.mergeThresholds();
const groups = [
  {
    typologies: ["cycle", "scatter_gather", "gather_scatter", "layering", "fan_in", "fan_out", "structuring"],
    thresholds,
  },
];
const floor = Math.floor(m.toMinorUnits(thresholds.networkMinAmount) * m.READ_FLOOR_SHARE);

function* wholeScan() {
  const found = yield* m.scanSteps(legs, holderOf, groups, floor);
  const movements = yield* m.movementSteps(found.smaller);
  return yield* m.shareSteps(found.hits, movements);
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const ms = (list) => list.map((t) => t.toFixed(0)).join(", ");
const runs = { scan: [], whole: [] };
let hits = [];
const gc = gcPauses();
for (let i = 0; i < RUNS; i++) {
  const scan = timeSteps(m.networkSchemeSteps(book, m.NETWORK_DEFAULTS));
  hits = scan.value;
  runs.scan.push(scan);
  runs.whole.push(timeSteps(wholeScan()));
}
const pauses = await gc.take();
gc.stop();
for (const r of [...runs.scan, ...runs.whole]) r.longestNoGcMs = longestWithoutGc(r, pauses);
const report = (what, list) =>
  console.log(
    `${what}, ${RUNS} runs: ${ms(list.map((r) => r.totalMs))} ms (CPU ${ms(list.map((r) => r.totalCpuMs))}) in ` +
      `${list[0].steps} steps; the longest ${ms(list.map((r) => r.longestMs))} ms ` +
      `(CPU ${ms(list.map((r) => r.longestCpuMs))}; without the collector's pauses in it ` +
      `${ms(list.map((r) => r.longestNoGcMs))}); steps over 50 ms: ${list.map((r) => r.over50).join(", ")}`,
  );
report(`typologies over ${TRANSFERS} transfers among ${HOLDERS} holders`, runs.scan);
report(`whole scan over ${legs.length} legs`, runs.whole);
console.log(`longest collector pause: ${Math.max(0, ...pauses.map((p) => p.end - p.start)).toFixed(0)} ms`);
figure("network_scan_ms", Math.round(median(runs.scan.map((r) => r.totalMs))), "ms", { max: 10_000 });
// The goals are on the steps less the collector's pauses (the heap's, not the slicing's).
figure("network_scan_longest_step_ms", Math.round(median(runs.scan.map((r) => r.longestMs))), "ms");
const noGc = (list) => Math.round(median(list.map((r) => r.longestNoGcMs)));
figure("network_scan_longest_step_without_gc_ms", noGc(runs.scan), "ms", { max: 50 });
figure("network_whole_scan_ms", Math.round(median(runs.whole.map((r) => r.totalMs))), "ms");
figure("network_whole_scan_longest_step_ms", Math.round(median(runs.whole.map((r) => r.longestMs))), "ms");
figure("network_whole_scan_longest_step_without_gc_ms", noGc(runs.whole), "ms", { max: 50 });
figure("network_chance_hits_per_1000_holders", Number(((hits.length / HOLDERS) * 1000).toFixed(2)), "hits", {
  max: 5,
});
