#!/usr/bin/env node
// What one BHI write group costs local D1 (docs/decisions/faults.md, "BHI's D1 transactions one
// at a time"): the group's INSERT into bhi_records on the full shard schema (its pointer and event
// triggers included), rows sent as JSON two ways, alternately in one Miniflare:
//   per column  one JSON array per record, a json_extract per column (each parses the record again);
//   flat        the records' values one after the other, grouped back by `key / 18` (now).
// Prints D1's own duration (meta.duration) of each form per group: median and minimum.
// Usage: node bench/bhi-write-sql.mjs [group=100] [reps=40]
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Miniflare } from "miniflare";
import { unstable_splitSqlQuery } from "wrangler";

const root = resolve(import.meta.dirname, "..");
const [group = 100, reps = 40] = process.argv.slice(2).map(Number);
const state = mkdtempSync(join(tmpdir(), "bench-bhi-sql-"));
const mf = new Miniflare({
  modules: true,
  script: "export default { fetch: () => new Response('ok') };",
  d1Databases: { DB: "db" },
  d1Persist: join(state, "d1"),
});
try {
  await mf.ready;
  const db = await mf.getD1Database("DB");
  const dir = join(root, "migrations/shard");
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort())
    for (const s of unstable_splitSqlQuery(readFileSync(join(dir, f), "utf8"))) await db.prepare(s).run();

  // Records shaped like the bench tenant's (1.2 KB of JSON each: 21 input metrics, 3 alerts).
  let n = 0;
  const r = (a) => Math.round(Math.random() * a * 100) / 100;
  const alert = (type) => ({
    type,
    severity: "warning",
    message: `Outflow is ${Math.round(r(300))}% of inflow over the window, which is above the threshold.`,
    metric: "expenseRatio",
    currentValue: r(3),
    threshold: 1,
  });
  const record = () => {
    const i = n++;
    const metrics = Object.fromEntries(
      "windowDays accountCount balance inflow outflow inflowPeriod1 inflowPeriod2 inflowPeriod3 avgPeriodOutflow liquidityCoverPeriods weeklyNetStdDev avgWeeklyInflow volatilityRatio revenueCv revenueChangePercent expenseRatio creditCount debitCount failedDebitCount failedPaymentRate overdraftCount"
        .split(" ")
        .map((k) => [k, r(1000)]),
    );
    const id = (k) =>
      `0193${(Date.now() + k).toString(16).slice(-4)}-${i.toString(16).padStart(4, "0")}-7000-8000-${String(i).padStart(12, "0")}`;
    return [
      id(0),
      id(1),
      1,
      r(100),
      "fair",
      r(100),
      r(100),
      r(100),
      r(100),
      r(100),
      "stable",
      null,
      null,
      0,
      metrics,
      [alert("expenses_exceed_income"), alert("revenue_drop"), alert("low_liquidity")],
      3,
      [r(100)],
    ];
  };
  const cols =
    "id, customer_id, version, bhi_overall, bhi_band, liquidity_score, volatility_score, revenue_stability_score, expense_ratio_score, payment_behavior_score, trend, previous_bhi, bhi_change_percent, is_significant_change, input_metrics, alerts, alert_count, recent_scores";
  const width = cols.split(", ").length;
  const head = `INSERT INTO bhi_records (tenant_id, component_weights, calculation_version, created_at, ${cols}) SELECT ?, json(?), ?, ?`;
  const forms = {
    "per column": `${head}, ${Array.from({ length: width }, (_, i) => `json_extract(value, '$[${i}]')`).join(", ")} FROM json_each(?)`,
    flat: `${head}, ${Array.from({ length: width }, (_, i) => `max(CASE WHEN key % ${width} = ${i} THEN value END)`).join(", ")} FROM json_each(?) GROUP BY key / ${width}`,
  };
  /** Records in arrays under 80,000 bytes (as the Worker sends them), whole records per array. */
  const chunks = (rows, flat) => {
    const out = [];
    let cur = [];
    let size = 2;
    for (const row of rows) {
      const text = flat ? JSON.stringify(row).slice(1, -1) : JSON.stringify(row);
      if (cur.length && size + text.length + 1 > 80_000) {
        out.push(`[${cur.join(",")}]`);
        cur = [];
        size = 2;
      }
      cur.push(text);
      size += text.length + 1;
    }
    if (cur.length) out.push(`[${cur.join(",")}]`);
    return out;
  };
  const weights = JSON.stringify({
    liquidity: 0.25,
    volatility: 0.2,
    revenueStability: 0.2,
    expenseRatio: 0.2,
    paymentBehavior: 0.15,
  });
  const durations = Object.fromEntries(Object.keys(forms).map((k) => [k, []]));
  for (let rep = 0; rep < reps; rep++) {
    for (const [form, text] of Object.entries(forms)) {
      const rows = Array.from({ length: group }, record);
      const at = new Date().toISOString();
      const statements = chunks(rows, form === "flat").map((c) =>
        db.prepare(text).bind("t1", weights, "1.1.0", at, c),
      );
      const results = await db.batch(statements);
      durations[form].push(results.reduce((sum, x) => sum + x.meta.duration, 0));
    }
  }
  const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  for (const [form, d] of Object.entries(durations))
    console.log(
      `${form}: a group of ${group} records, D1 meta.duration median ${median(d)} ms, min ${Math.min(...d)} ms (${reps} groups)`,
    );
} finally {
  await mf.dispose();
  rmSync(state, { recursive: true, force: true });
}
