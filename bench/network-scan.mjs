#!/usr/bin/env node
// The network typologies' pure scan (detectNetworkSchemes) over random transfers: its time per
// book size and how many hits chance alone gives (about 0.5 per 1,000 holders). The speed figure
// that used to be a timed unit test (src/modules/aml/domain/network/detect.test.ts).
// Usage: node bench/network-scan.mjs [holders=20000] [transfers=200000] [runs=3]
import { figure } from "./lib/figures.mjs";
import { importSource } from "./lib/source.mjs";

const { detectNetworkSchemes, NETWORK_DEFAULTS, Book, background, mulberry32 } = await importSource(
  `export { detectNetworkSchemes } from "./src/modules/aml/domain/network/detect";
export { NETWORK_DEFAULTS } from "./src/modules/aml/domain/network/types";
export { Book, background, mulberry32 } from "./src/modules/aml/domain/network/fixtures";`,
);
const [HOLDERS = 20_000, TRANSFERS = 200_000, RUNS = 3] = process.argv.slice(2).map(Number);
const book = new Book("bg");
background(book, mulberry32(7), HOLDERS, TRANSFERS);
const times = [];
let hits = [];
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  hits = detectNetworkSchemes(book, NETWORK_DEFAULTS);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
console.log(
  `${TRANSFERS} transfers among ${HOLDERS} holders, ${RUNS} runs: ${times.map((t) => t.toFixed(0)).join(", ")} ms`,
);
figure("network_scan_ms", Math.round(times[Math.floor(times.length / 2)]), "ms", { max: 10_000 });
figure("network_chance_hits_per_1000_holders", Number(((hits.length / HOLDERS) * 1000).toFixed(2)), "hits", {
  max: 5,
});
