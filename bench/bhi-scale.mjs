#!/usr/bin/env node
// BHI at scale: seeds a tenant of 10,000 customers and 1,000,000 transactions (12 weeks) in a
// local D1 database, then prints
//   - seconds for POST /v1/bhi/calculate-from-db (all customers), `--runs N` times (default 3;
//     on a fresh seed the first run has no previous records, the later ones clear isLatest),
//   - D1 statements that run used (the Worker's x-d1-queries header, sent outside production),
//   - seconds for one raw SQLite GROUP BY over the same transactions file (sqlite3 CLI), as
//     many times,
//   - their ratio (median / median; goal <= 3),
//   - the same in CPU seconds (workerd process vs sqlite3), which moves much less than wall
//     time when other work shares the machine's cores,
//   - for scale, seconds for the calculation's own aggregate statement (the per-customer and
//     per-week GROUP BY of src/modules/bhi/repo.ts, bundled with esbuild and run by sqlite3 on
//     the same file): what SQLite alone needs to read what the BHI needs, and the ratio to it.
//
// How it seeds: the Worker is built (`wrangler deploy --dry-run`) and served by plain
// Miniflare with its D1 state under bench/.data/bhi-scale/d1 (gitignored). Miniflare, like
// `wrangler dev`, keeps each local D1 database as a SQLite file named by a hash under
// <persist>/miniflare-D1DatabaseObject/ (wrangler: .wrangler/state/v3/d1/...). The rows are
// generated inside SQLite by recursive-CTE INSERT ... SELECT statements sent through the D1
// binding (mf.getD1Database), 100,000 rows per statement: no per-row round trips and no
// direct writes to the file while the runtime has it open. The raw GROUP BY then opens that
// same file with the sqlite3 CLI (`apt-get install -y sqlite3`) after Miniflare is stopped.
// The tenant (and its key) is kept in bench/.data/bhi-scale/tenant.json, so later runs reuse
// the seeded data; `--fresh` starts over.
//
// `--customers 100000` (10,000,000 transactions, state under bench/.data/bhi-scale-100000)
// times the run on the jobs queue from the 202 until its job succeeds, skips the sqlite3
// baselines, and prints its ratio to the last 10,000-customer run (goal <= 5; run that first,
// in the same conditions): `node bench/bhi-scale.mjs --runs 1 && node bench/bhi-scale.mjs
// --customers 100000 --runs 1`.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { figure } from "./lib/figures.mjs";
import { benchState, seedCustomersWithAccounts, seededTenant, seedRows, seqUuid } from "./lib/seeded.mjs";
import { startService } from "./lib/server.mjs";
import { importSource } from "./lib/source.mjs";
import { workerdCpuSeconds } from "./lib/workerd-cpu.mjs";

const argOf = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const RUNS = argOf("--runs", 3);
// 100 transactions per customer at every size; above 10,000 customers the run goes to the jobs
// queue (202) and is timed until its job succeeds.
const CUSTOMERS = argOf("--customers", 10_000);
const TRANSACTIONS = CUSTOMERS * 100;
const REFERENCE = 10_000;
const state = benchState(CUSTOMERS === REFERENCE ? "bhi-scale" : `bhi-scale-${CUSTOMERS}`);
const lastRunFile = (customers) =>
  join(
    resolve(import.meta.dirname, ".data"),
    customers === REFERENCE ? "bhi-scale" : `bhi-scale-${customers}`,
    "last-run.json",
  );
const CHUNK = 100_000;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const uuid = seqUuid;

async function seed(mf, tenantId) {
  const db = await mf.getD1Database("SHARD_0");
  const t0 = performance.now();
  const now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
  await seedCustomersWithAccounts(db, tenantId, { total: CUSTOMERS, balance: "(i * 7919) % 5000000" });
  // 100 transactions per customer over the last 83 days: 45-64% credits, 0-6% failed, a few
  // overdrafts, varying by customer so the bands spread.
  await seedRows(
    db,
    tenantId,
    { total: TRANSACTIONS, chunk: CHUNK, label: "transactions" },
    `
         INSERT INTO transactions (id, tenant_id, customer_id, account_id, external_id, external_source, type,
           amount_minor, currency, status, transaction_date, balance_after_minor, created_at)
         SELECT ${uuid("10000000", "i")}, ?1, ${uuid("00000000", `i % ${CUSTOMERS}`)}, ${uuid("20000000", `i % ${CUSTOMERS}`)},
           'txn-' || i, 'bench',
           CASE WHEN ((i / ${CUSTOMERS}) * 7 + (i % ${CUSTOMERS}) * 13) % 100 < 45 + (i % ${CUSTOMERS}) % 20
             THEN 'credit' ELSE 'debit' END,
           1000 + (i * 2654435761 + (i / ${CUSTOMERS}) * 40503) % 500000, 'GHS',
           CASE WHEN ((i / ${CUSTOMERS}) * 31 + (i % ${CUSTOMERS}) * 17) % 100 < (i % ${CUSTOMERS}) % 7
             THEN 'failed' ELSE 'completed' END,
           strftime('%Y-%m-%dT%H:%M:%fZ', 'now', printf('-%d minutes', (i * 37) % (83 * 1440))),
           CASE WHEN ((i / ${CUSTOMERS}) * 13 + i % ${CUSTOMERS}) % 200 = 0 THEN -5000 ELSE 100000 END,
           ${now}
         FROM seq`,
  );
  return (performance.now() - t0) / 1000;
}

async function post(url, key, path, body) {
  const cpu0 = workerdCpuSeconds();
  const t0 = performance.now();
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  let json = await res.json();
  // A queued run: polled until its job is done (the figure is the whole job).
  while (res.status === 202 && !["succeeded", "failed"].includes(json.job.status)) {
    await new Promise((r) => setTimeout(r, 250));
    const poll = await fetch(`${url}/v1/bhi/calculate-from-db/jobs/${json.jobId}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    json = { ...json, job: (await poll.json()).job };
  }
  return {
    seconds: (performance.now() - t0) / 1000,
    cpuSeconds: workerdCpuSeconds() - cpu0,
    status: res.status,
    json,
    queries: res.headers.get("x-d1-queries"),
    timings: res.headers.get("server-timing"),
  };
}

/**
 * The calculation's aggregate statement as SQL text with its parameters inlined (they are a
 * tenant id and ISO timestamps), built by the Worker's own code so the two cannot drift.
 */
async function activitySql(tenantId, asOf) {
  const mod = await importSource(
    `export { activityQuery } from "./src/modules/bhi/calculation/repo.ts";
    export { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
    export { WINDOW_WEEKS } from "./src/modules/bhi/domain/components.ts";`,
  );
  const weekStarts = Array.from({ length: mod.WINDOW_WEEKS + 1 }, (_, k) =>
    new Date(asOf.getTime() - 7 * k * 86_400_000).toISOString(),
  );
  const query = new mod.SQLiteAsyncDialect().sqlToQuery(
    mod.activityQuery({ tenantId }, { kind: "all" }, weekStarts),
  );
  let i = 0;
  return query.sql.replace(/\?/g, () => `'${String(query.params[i++]).replace(/'/g, "''")}'`);
}

/** One run of the fair baseline on a fresh copy of the file (the bench's own data stays as it is). */
function fairBaseline(file, tenantId, activity, run) {
  const copy = join(state, "fair-baseline.sqlite");
  copyFileSync(file, copy);
  const columns = (
    "tenant_id customer_id version bhi_overall bhi_band liquidity_score volatility_score revenue_stability_score " +
    "expense_ratio_score payment_behavior_score trend previous_bhi bhi_change_percent is_significant_change " +
    "input_metrics alerts alert_count component_weights recent_scores calculation_version created_at"
  ).split(" ");
  const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
  const values = columns.map((c) =>
    c === "version" ? "r.version + 1" : c === "created_at" ? NOW : `r.${c}`,
  );
  const script = `BEGIN;
CREATE TEMP TABLE activity AS ${activity};
INSERT INTO bhi_records (id, ${columns.join(", ")})
  SELECT r.id || '-fair-${run}', ${values.join(", ")}
  FROM bhi_latest l JOIN bhi_records r ON r.id = l.record_id
  WHERE l.tenant_id = '${tenantId}';
SELECT changes();
COMMIT;`;
  const t0 = performance.now();
  const out = spawnSync("sqlite3", [copy], { encoding: "utf8", input: script, maxBuffer: 64 << 20 });
  const seconds = (performance.now() - t0) / 1000;
  rmSync(copy, { force: true });
  if (out.status !== 0) throw new Error(`fair baseline: ${out.stderr}`);
  return { seconds, records: Number(out.stdout.trim().split("\n").at(-1)) };
}

function sqliteFileWith(tenantId) {
  const dir = join(state, "d1/miniflare-D1DatabaseObject");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".sqlite"))) {
    const path = join(dir, file);
    const out = spawnSync(
      "sqlite3",
      [path, `SELECT count(*) FROM transactions WHERE tenant_id = '${tenantId}'`],
      {
        encoding: "utf8",
      },
    );
    if (out.status === 0 && Number(out.stdout.trim()) === TRANSACTIONS) return path;
  }
  throw new Error("no local D1 file holds the seeded transactions");
}

// ---- run ---------------------------------------------------------------------------------
console.log("building the Worker and starting Miniflare ...");
const service = await startService({ persistTo: state });
const { mf, url } = service;
try {
  const tenant = await seededTenant(
    url,
    state,
    { name: "BHI scale bench", shard: 0 },
    `${CUSTOMERS.toLocaleString()} customers, ${TRANSACTIONS.toLocaleString()} transactions`,
    (tenantId) => seed(mf, tenantId),
  );

  // Each calculation's outbox events are fanned out by the webhooks module's outbox.dispatch
  // job in the same workerd, on the same database: a run must not overlap the previous run's
  // dispatch (nor the figures include it), so wait until the tenant's outbox is drained.
  const shard = await mf.getD1Database("SHARD_0");
  const drainOutbox = async () => {
    const t0 = performance.now();
    for (;;) {
      const row = await shard
        .prepare("SELECT count(*) AS n FROM events WHERE tenant_id = ?1 AND dispatched_at IS NULL")
        .bind(tenant.id)
        .first();
      if (row.n === 0) return (performance.now() - t0) / 1000;
      if (performance.now() - t0 > 300_000) throw new Error(`outbox not drained: ${row.n} events pending`);
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  // Events left by an earlier bench process (Miniflare runs no cron sweep) are marked
  // dispatched: this tenant has no webhook subscriptions, so dispatching them fans out nothing.
  await shard
    .prepare("UPDATE events SET dispatched_at = ?2 WHERE tenant_id = ?1 AND dispatched_at IS NULL")
    .bind(tenant.id, new Date().toISOString())
    .run();
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await post(url, tenant.key, "/v1/bhi/calculate-from-db", {});
    if (r.status === 202) {
      if (r.json.job.status !== "succeeded") throw new Error(`job: ${JSON.stringify(r.json.job)}`);
      runs.push(r);
      const { job } = r.json;
      console.log(
        `calculate-from-db (all, queued) run ${i + 1}: ${r.seconds.toFixed(2)} s (workerd CPU ${r.cpuSeconds.toFixed(2)} s), ` +
          `${job.successful.toLocaleString()} scored, ${job.failed} failed`,
      );
      console.log(`  (outbox of that run dispatched in ${(await drainOutbox()).toFixed(1)} s, not counted)`);
      continue;
    }
    if (r.status !== 200) throw new Error(`calculate: ${r.status} ${JSON.stringify(r.json).slice(0, 500)}`);
    runs.push(r);
    console.log(
      `calculate-from-db (all) run ${i + 1}: ${r.seconds.toFixed(2)} s (workerd CPU ${r.cpuSeconds.toFixed(2)} s), ${r.json.summary.successful.toLocaleString()} scored, ` +
        `${r.json.summary.failed} failed, ${r.queries} D1 statements, bands ${JSON.stringify(r.json.summary.byBand)}, phases ${r.timings}`,
    );
    console.log(`  (outbox of that run dispatched in ${(await drainOutbox()).toFixed(1)} s, not counted)`);
  }
  await service.dispose();
  const calcMedian = median(runs.map((r) => r.seconds));
  writeFileSync(
    lastRunFile(CUSTOMERS),
    JSON.stringify({ customers: CUSTOMERS, seconds: calcMedian, at: new Date().toISOString() }),
  );
  figure(`bhi.calculate_seconds@${CUSTOMERS}`, calcMedian, "s");
  if (CUSTOMERS !== REFERENCE) {
    const reference = existsSync(lastRunFile(REFERENCE))
      ? JSON.parse(readFileSync(lastRunFile(REFERENCE), "utf8"))
      : undefined;
    if (!reference) console.log("no 10,000-customer run recorded yet: run `node bench/bhi-scale.mjs` first");
    else {
      const ratio = calcMedian / reference.seconds;
      console.log(
        `${CUSTOMERS.toLocaleString()} customers / 10,000 (run at ${reference.at}): ${ratio.toFixed(2)} (${calcMedian.toFixed(1)} s / ${reference.seconds.toFixed(1)} s; goal <= 5)`,
      );
      figure(`bhi.scale_ratio@${CUSTOMERS}`, ratio, "x", { max: 5 });
    }
    process.exit(0);
  }

  const file = sqliteFileWith(tenant.id);
  const groupBy =
    `SELECT customer_id, COUNT(*), SUM(CASE WHEN type = 'credit' THEN amount_minor ELSE 0 END), ` +
    `SUM(CASE WHEN type = 'debit' THEN amount_minor ELSE 0 END) FROM transactions ` +
    `WHERE tenant_id = '${tenant.id}' GROUP BY customer_id`;
  spawnSync("sqlite3", [file, `${groupBy};`], { encoding: "utf8", maxBuffer: 64 << 20 }); // warm the page cache
  const rawRuns = [];
  let groups = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const raw = spawnSync("sqlite3", [file, `${groupBy};`], { encoding: "utf8", maxBuffer: 64 << 20 });
    const seconds = (performance.now() - t0) / 1000;
    if (raw.status !== 0) throw new Error(raw.stderr);
    groups = raw.stdout.trim().split("\n").length;
    // The same query once more with the CLI's timer, for its CPU time (user + sys).
    const timed = spawnSync("sqlite3", [file], {
      encoding: "utf8",
      maxBuffer: 64 << 20,
      input: `.timer on\n${groupBy};\n`,
    });
    const [, user, sys] = timed.stdout.match(/user ([\d.]+) sys ([\d.]+)/) ?? [];
    rawRuns.push({ seconds, cpuSeconds: Number(user) + Number(sys) });
  }

  // The calculation's own aggregate, run by sqlite3 on the same file.
  const activity = await activitySql(tenant.id, new Date());
  const activityRuns = [];
  for (let i = 0; i < RUNS; i++) {
    const timed = spawnSync("sqlite3", [file], {
      encoding: "utf8",
      maxBuffer: 64 << 20,
      input: `.timer on\n.output /dev/null\n${activity};\n`,
    });
    const [, real, user, sys] = timed.stdout.match(/real ([\d.]+) user ([\d.]+) sys ([\d.]+)/) ?? [];
    if (timed.status !== 0 || !real) throw new Error(`activity SQL: ${timed.stderr}`);
    activityRuns.push({ seconds: Number(real), cpuSeconds: Number(user) + Number(sys) });
  }

  // The fair baseline (issue 21): the same job done by raw SQLite on a copy of the same file,
  // in one transaction: the BHI's own aggregate, then the same records appended (copies of the
  // latest ones, one version later, so each is as large), which move the same pointers and make
  // the same bhi.calculated outbox events through the same triggers.
  const fairRuns = [];
  for (let i = 0; i < RUNS; i++) fairRuns.push(fairBaseline(file, tenant.id, activity, i));

  const list = (xs, f) => xs.map((x) => f(x).toFixed(2)).join(", ");
  const calc = median(runs.map((r) => r.seconds));
  const raw = median(rawRuns.map((r) => r.seconds));
  const calcCpu = median(runs.map((r) => r.cpuSeconds));
  const rawCpu = median(rawRuns.map((r) => r.cpuSeconds));
  console.log("");
  console.log(
    `raw SQLite GROUP BY over the same file: ${list(rawRuns, (r) => r.seconds)} s (${groups} groups)`,
  );
  console.log(`calculate-from-db (all):                ${list(runs, (r) => r.seconds)} s`);
  console.log(
    `ratio (median / median):                ${(calc / raw).toFixed(2)} (${calc.toFixed(2)} s / ${raw.toFixed(2)} s; the old goal, not a fair one)`,
  );
  console.log(
    `CPU seconds: calculate (workerd) ${list(runs, (r) => r.cpuSeconds)}; raw GROUP BY (sqlite3) ${list(rawRuns, (r) => r.cpuSeconds)}`,
  );
  console.log(
    `CPU ratio (median / median):            ${(calcCpu / rawCpu).toFixed(2)} (${calcCpu.toFixed(2)} s / ${rawCpu.toFixed(2)} s)`,
  );
  console.log(
    `D1 statements used:                     ${runs.map((r) => r.queries).join(", ")} (limit 1,000)`,
  );
  const activityMedian = median(activityRuns.map((r) => r.seconds));
  console.log("");
  console.log(
    `for scale, the BHI's own aggregate statement in sqlite3: ${list(activityRuns, (r) => r.seconds)} s ` +
      `(CPU ${list(activityRuns, (r) => r.cpuSeconds)} s)`,
  );
  console.log(
    `calculate-from-db (all) / that statement:                ${(calc / activityMedian).toFixed(2)} (${calc.toFixed(2)} s / ${activityMedian.toFixed(2)} s)`,
  );
  const fair = median(fairRuns.map((r) => r.seconds));
  console.log("");
  console.log(
    `fair baseline (sqlite3: that aggregate + the same ${fairRuns[0].records.toLocaleString()} records, pointer moves and events, one transaction): ${list(fairRuns, (r) => r.seconds)} s`,
  );
  console.log(
    `calculate-from-db (all) / fair baseline:                 ${(calc / fair).toFixed(2)} (${calc.toFixed(2)} s / ${fair.toFixed(2)} s; goal <= 2)`,
  );
  figure(`bhi.fair_baseline_seconds@${CUSTOMERS}`, fair, "s");
  figure("bhi.ratio_to_fair_baseline", calc / fair, "x", { max: 2 });
} catch (err) {
  await service.dispose().catch(() => {});
  throw err;
}
