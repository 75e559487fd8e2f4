#!/usr/bin/env node
// One entity's evaluation over a long history, in Node: how long the synchronous work of one
// evaluation holds the isolate (docs/decisions/faults.md#slices-that-yield).
// - AML: entityFeatures (domain/entity-features.ts) then evaluateRules over the entity rules,
//   from the rows of one read (at most ENTITY_ROWS_LIMIT rows are computed in JavaScript: an
//   entity with more is computed by the feature statement in D1), and entityRowsFrom (the
//   pre-transaction path: the rows of fraud's read, newest first);
// - fraud: evaluateSignals over every catalog signal (its rows oldest first; fraud's read gives
//   them newest first, which evaluation orders in the same linear pass), and the longest step of
//   evaluationSteps (the service drains it with a pause between steps) with the number of steps.
// Each at the reads' limits (2,000 rows for AML, ACTIVITY_CAP 20,000 for fraud) and at 50,000;
// the median of `runs` after one warm-up.
// Usage: node bench/entity-evaluation.mjs [runs=5] [sizes=2000,20000,50000]
import { figure } from "./lib/figures.mjs";
import { importSource } from "./lib/source.mjs";

const m = await importSource(
  `export { entityFeatures, entityRowsFrom } from "./src/modules/aml/domain/entity-features";
export { evaluateRules } from "./src/modules/aml/domain/evaluate";
export { ENTITY_RULES } from "./src/modules/detection/domain/aml/rules";
export { mergeThresholds } from "./src/modules/detection/domain/aml/thresholds";
export { evaluateSignals, evaluationSteps } from "./src/modules/fraud/domain/evaluate";
export { SIGNALS } from "./src/modules/detection/domain/fraud/catalog";
export { mulberry32 } from "./src/lib/random";`,
);
const RUNS = Number(process.argv[2] ?? 5);
const SIZES = (process.argv[3] ?? "2000,20000,50000").split(",").map(Number);
const DAY = 86_400_000;
const NOW = Date.parse("2026-11-30T12:00:00.000Z");
const WINDOW_DAYS = 30;

/** Fraud's baseline before the window (fraud/evaluation/service.ts BASELINE_DAYS). */
const BASELINE_DAYS = 90;

/** `n` transactions of one busy entity over the `days` before now, oldest first. */
function history(n, days) {
  const next = m.mulberry32(n);
  const rng = () => next() / 4_294_967_296;
  const rows = [];
  for (let i = 0; i < n; i++) {
    const at = NOW - rng() * days * DAY;
    const cash = rng() < 0.3;
    rows.push({
      transactionDate: new Date(at).toISOString(),
      type: rng() < 0.5 ? "credit" : "debit",
      amountMinor: Math.round(rng() < 0.1 ? 100_000 * (1 + Math.floor(rng() * 10)) : 500 + rng() * 2_000_000),
      cash,
      country: rng() < 0.05 ? ["NG", "IR", "KP", "GB"][Math.floor(rng() * 4)] : "GH",
      float: false,
      other: cash ? null : `cp-${Math.floor(rng() * 3_000)}`,
      status: rng() < 0.02 ? "failed" : "completed",
    });
  }
  return rows.sort((a, b) => (a.transactionDate < b.transactionDate ? -1 : 1));
}

const thresholds = m.mergeThresholds();
const windowEnd = new Date(NOW).toISOString();
const windowStart = new Date(NOW - WINDOW_DAYS * DAY).toISOString();
const q = {
  entityType: "customer",
  entityId: "c-1",
  windowStart,
  windowEnd,
  thresholds,
  highRiskCountries: ["IR", "KP"],
  homeCountry: "GH",
};
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
/** The median over `RUNS` runs after a warm-up of f's time, or of what f returns with `value`. */
function timed(f, value = false) {
  f();
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const v = f();
    times.push(value ? v : performance.now() - started);
  }
  return median(times);
}

for (const n of SIZES) {
  // AML reads the window and the one before it (the fan rules' normal); fraud the window and its baseline.
  const rows = history(n, 2 * WINDOW_DAYS);
  const read = { transactions: rows.filter((r) => r.status !== "failed"), lastBefore: null, declared: null };
  const aml = timed(() =>
    m.evaluateRules(m.entityFeatures(read, q), m.ENTITY_RULES, thresholds, {
      highRiskCountries: q.highRiskCountries,
      at: windowEnd,
    }),
  );
  const newestFirst = [...rows].reverse();
  const given = timed(() =>
    m.entityRowsFrom({
      newestFirst,
      proposed: null,
      windowStart,
      windowEnd,
      storedLastBefore: null,
      declared: null,
      failedStatuses: ["failed"],
    }),
  );
  const txns = history(n, WINDOW_DAYS + BASELINE_DAYS).map((r) => ({
    amountMinor: r.amountMinor,
    type: r.type,
    at: Date.parse(r.transactionDate),
    category: null,
    status: r.status,
    description: null,
    counterparty: r.other,
  }));
  const fraudInput = {
    entityType: "customer",
    entityId: "c-1",
    now: new Date(NOW),
    windowDays: WINDOW_DAYS,
    entityCreatedAt: null,
    transactions: txns,
    activityBeforeBaselineAt: null,
    baselineDays: BASELINE_DAYS,
  };
  const fraud = timed(() => m.evaluateSignals(fraudInput, m.SIGNALS));
  // Each step timed on its own, with no pause between steps; the median over runs of the longest.
  let steps = 0;
  const longest = timed(() => {
    const work = m.evaluationSteps(fraudInput, m.SIGNALS);
    let [most, count] = [0, 0];
    for (;;) {
      const started = performance.now();
      const step = work.next();
      most = Math.max(most, performance.now() - started);
      count++;
      if (step.done) break;
    }
    steps = count;
    return most;
  }, true);
  console.log(
    `${n} transactions: AML features + rules ${aml.toFixed(1)} ms, entityRowsFrom ${given.toFixed(1)} ms, fraud signals ${fraud.toFixed(1)} ms (${steps} steps, longest ${longest.toFixed(1)} ms)`,
  );
  figure(`entity_aml_evaluation_ms_${n}`, aml, "ms");
  figure(`entity_rows_from_ms_${n}`, given, "ms");
  figure(`entity_fraud_signals_ms_${n}`, fraud, "ms");
  figure(`entity_fraud_longest_step_ms_${n}`, longest, "ms");
}
