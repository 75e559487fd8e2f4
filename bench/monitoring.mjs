#!/usr/bin/env node
// Continuous monitoring on arrival (issue 15), the built Worker under plain Miniflare (real local
// D1 and Queues). Two tenants with the default live rule sets and `customers` customers and
// accounts: one with monitoring.onArrival false (ingestion alone), one with it on. Each ingests
// `transactions` in 1,000-record requests from `concurrency` clients at full speed. Request b
// carries the transactions of its own slice of customers (and 10 counterparties of its own), so
// an entity belongs to one request and its last screening (monitoring_screenings, read from the
// local D1 file after the queue drained) is the one that covered that request.
// Prints: ingestion throughput off vs on; per request, acceptance -> all its entities screened
// (p50, p99); screenings/s; entities missed; workerd CPU per ingested record and per screening
// (also as BENCH_FIGURE lines for `npm run bench -- --summary`; BENCH_INSPECTOR_PORT and
// BENCH_PROFILE take a CPU profile of ingestion and drain, bench/lib/cpu-profile.mjs). With `again` (default 1), the "on" tenant then
// ingests the same requests once more (new transactions of the same entities): the entities whose
// cases opened in the first pass hit them again, so this pass measures appends to open cases
// (`alert_added`): acceptance -> screened (p50, p99), screenings/s and the appends written.
// Asserts nothing.
// Usage: node bench/monitoring.mjs [customers=10000] [transactions=100000] [concurrency=2] [rounds=6] [again=1]
//   [--state DIR] (Miniflare's state in DIR under bench/.data, git-ignored, emptied first and kept
//   after the run for a look at the D1 files: delete it when done; default a temp dir removed at the end)
//   small: node bench/monitoring.mjs 1000 10000
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve, sep } from "node:path";
import { startCpuProfile } from "./lib/cpu-profile.mjs";
import { figure } from "./lib/figures.mjs";
import {
  ADMIN_TOKEN,
  ARRIVAL_COUNTERPARTIES,
  api,
  arrivalTransaction,
  customersWithAccounts,
  startService,
} from "./lib/server.mjs";
import { workerdCpuSeconds } from "./lib/workerd-cpu.mjs";

const args = process.argv.slice(2);
const stateAt = args.indexOf("--state");
const STATE = stateAt >= 0 ? args.splice(stateAt, 2)[1] : undefined;
const [CUSTOMERS = 10_000, TOTAL = 100_000, CONCURRENCY = 2, ROUNDS = 6, AGAIN = 1] = args.map(Number);
const BATCH = 1000;
const BATCHES = Math.ceil(TOTAL / BATCH);
const PER_REQUEST = Math.ceil(CUSTOMERS / BATCHES); // customers per request
const DRAIN_TIMEOUT_MS = 20 * 60_000;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const pct = (values, p) => {
  const v = [...values].sort((a, b) => a - b);
  return v[Math.min(v.length - 1, Math.floor((p / 100) * v.length))];
};
const sec = (ms) => `${(ms / 1000).toFixed(2)} s`;

// A fresh state each run (the figures assume two new tenants on empty shards); only a directory
// under bench/.data is ever removed.
if (STATE) {
  if (!resolve(STATE).startsWith(resolve(import.meta.dirname, ".data") + sep))
    throw new Error("--state must be a directory under bench/.data (it is emptied first)");
  rmSync(STATE, { recursive: true, force: true });
}
// MONITORING_QUIET_SECONDS from the shell sets arrival screening's quiet period (default 2 s):
// 0 measures the claim-at-once behaviour it replaced (docs/methodology/monitoring.md#arrival-order).
const quiet = process.env.MONITORING_QUIET_SECONDS;
const service = await startService({
  persistTo: STATE,
  vars: quiet === undefined ? {} : { MONITORING_QUIET_SECONDS: quiet },
});
console.log(
  `Miniflare, built Worker: ${CUSTOMERS} customers + accounts; ${TOTAL} transactions in ${BATCHES} requests of ${BATCH} ` +
    `(${PER_REQUEST} customers each), ${CONCURRENCY} concurrent clients; load average at start ${load()}`,
);

async function tenant(name, shard, onArrival) {
  const created = await api(service.url, ADMIN_TOKEN, "POST", "/admin/tenants", { name, shard });
  if (created.status !== 201) throw new Error(`tenant: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.tenant.id;
  const settings = { monitoring: { onArrival } };
  const patched = await api(service.url, ADMIN_TOKEN, "PATCH", `/admin/tenants/${id}`, { settings });
  if (patched.status !== 200) throw new Error(`settings: ${patched.status} ${JSON.stringify(patched.body)}`);
  return { id, key: created.body.apiKey.key, shard };
}

let retried = 0;
async function post(t, resource, records) {
  const sentAt = Date.now();
  // A keep-alive socket the local server closed as the request left: resent (an unchanged
  // replay writes nothing), counted and printed; the request's sentAt stays the first send.
  let res;
  for (let attempt = 1; !res; attempt++) {
    res = await api(service.url, t.key, "POST", `/v1/ingest/${resource}`, records).catch((err) => {
      if (attempt >= 3) throw err;
      retried++;
      return null;
    });
  }
  if (res.status !== 200 || res.body.errors.length)
    throw new Error(`${resource}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return { sentAt, acceptedAt: Date.now() };
}

async function seedCustomers(t) {
  for (let start = 0; start < CUSTOMERS; start += BATCH) {
    const { customers, accounts } = customersWithAccounts(Math.min(BATCH, CUSTOMERS - start), "bench", {
      from: start,
      label: "Customer",
      balance: "5000.00",
    });
    await post(t, "customers", customers);
    await post(t, "accounts", accounts);
  }
}

/**
 * Transaction k of request b: customer of the request's slice, dated within the last 29 days.
 * Pass p > 0 (the `again` pass) gives the same shape under new ids.
 */
const transaction = (b, k, now, pass = 0) =>
  arrivalTransaction(
    pass * TOTAL + b * BATCH + k,
    b,
    k,
    Math.min(CUSTOMERS - 1, b * PER_REQUEST + (k % PER_REQUEST)),
    now,
  );

/**
 * Ingests requests [from, to) at full speed; fills `requests` with each one's send and acceptance
 * times and answers the seconds it took.
 */
async function ingest(t, requests, from, to, now, pass = 0) {
  let next = from;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < to) {
        const b = next++;
        const n = Math.min(BATCH, TOTAL - b * BATCH);
        requests[b] = await post(
          t,
          "transactions",
          Array.from({ length: n }, (_, k) => transaction(b, k, now, pass)),
        );
      }
    }),
  );
  return (performance.now() - t0) / 1000;
}

async function untilDrained(t, startedAt) {
  let last = "";
  for (;;) {
    const res = await api(service.url, t.key, "GET", "/v1/monitoring/status").catch(() => null);
    const s = res?.status === 200 ? res.body.status : null;
    if (s && s.pending === 0 && s.claimed === 0) return s;
    if (Date.now() - startedAt > DRAIN_TIMEOUT_MS) throw new Error(`not drained: ${JSON.stringify(s)}`);
    const line = s ? `  pending ${s.pending}, claimed ${s.claimed}, dead-lettered ${s.deadLettered}` : "";
    if (line !== last && process.stdout.isTTY) process.stdout.write(`\r${line.padEnd(60)}`);
    last = line;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

// ---- monitoring off (shard 1) and on (shard 0), interleaved ----------------------------------
// The machine is shared, so absolute timings drift: the requests are ingested in ROUNDS slices,
// each slice by both tenants back to back (alternating which goes first), and the throughput
// ratio on/off is taken per round (median and spread). Screening of earlier "on" slices runs
// during later slices of both tenants, as it would on a shared isolate.
const off = await tenant("Monitoring bench (off)", 1, false);
const on = await tenant("Monitoring bench (on)", 0, true);
await seedCustomers(off);
await seedCustomers(on);
const now = Date.now();
const onRun = { requests: [], seconds: 0 };
const offRun = { requests: [], seconds: 0 };
const times = [];
let ingestCpuPerRecord = 0;
const profile = await startCpuProfile("ingest-and-drain");
const cpuAtStart = workerdCpuSeconds();
for (let r = 0; r < ROUNDS; r++) {
  const from = Math.floor((r * BATCHES) / ROUNDS);
  const to = Math.floor(((r + 1) * BATCHES) / ROUNDS);
  const records = Math.min(TOTAL, to * BATCH) - from * BATCH;
  const order = r % 2 ? [on, off] : [off, on];
  const took = {};
  for (const t of order) {
    const run = t === on ? onRun : offRun;
    const cpu = workerdCpuSeconds();
    const seconds = await ingest(t, run.requests, from, to, now);
    // The first round's "off" slice runs before any screening: ingestion's own CPU per record.
    if (r === 0 && t === off) ingestCpuPerRecord = (workerdCpuSeconds() - cpu) / records;
    run.seconds += seconds;
    took[t === on ? "on" : "off"] = seconds;
  }
  times.push(took);
  console.log(
    `round ${r + 1}/${ROUNDS} (${records} records, ${order[0] === on ? "on first" : "off first"}): ` +
      `off ${(records / took.off).toFixed(0)} rec/s, on ${(records / took.on).toFixed(0)} rec/s, ` +
      `on/off ${((took.off / took.on) * 100).toFixed(0)}%; load ${load()}`,
  );
}
// Whichever tenant goes second in a round ingests while the first one's screening runs (one local
// isolate): a pair of rounds (one in each order) cancels that position effect.
const pairs = [];
for (let r = 0; r + 1 < ROUNDS; r += 2)
  pairs.push((times[r].off + times[r + 1].off) / (times[r].on + times[r + 1].on));
const sortedPairs = [...pairs].sort((a, b) => a - b);
console.log(
  `ingestion: off ${(TOTAL / offRun.seconds).toFixed(0)} records/s, on ${(TOTAL / onRun.seconds).toFixed(0)} records/s ` +
    `(on/off ${((offRun.seconds / onRun.seconds) * 100).toFixed(0)}%); on/off per pair of rounds: ` +
    `${pairs.map((x) => `${(x * 100).toFixed(0)}%`).join(", ")} (min ${(sortedPairs[0] * 100).toFixed(0)}%, ` +
    `max ${(sortedPairs.at(-1) * 100).toFixed(0)}%; goal >= 80%)`,
);
const cpuAtIngested = workerdCpuSeconds();
const status = await untilDrained(on, Date.now());
const cpuAtDrained = workerdCpuSeconds();
await profile.stop();
process.stdout.write("\n");

// ---- what was screened, from the local D1 file ------------------------------------------------
const shard = await service.mf.getD1Database("SHARD_0");
const screened = async (sql) => (await shard.prepare(sql).bind(on.id).all()).results;
const entities = [
  ...(await screened(`
    SELECT 'customer' AS type, CAST(substr(c.external_id, 2) AS INTEGER) AS n, s.screened_at, s.screenings
    FROM customers c LEFT JOIN monitoring_screenings s
      ON s.tenant_id = c.tenant_id AND s.entity_type = 'customer' AND s.entity_id = c.id
    WHERE c.tenant_id = ?1`)),
  ...(await screened(`
    SELECT 'account' AS type, CAST(substr(a.external_id, 2) AS INTEGER) AS n, s.screened_at, s.screenings
    FROM accounts a LEFT JOIN monitoring_screenings s
      ON s.tenant_id = a.tenant_id AND s.entity_type = 'account' AND s.entity_id = a.id
    WHERE a.tenant_id = ?1`)),
  ...(await screened(`
    SELECT 'counterparty' AS type, entity_id AS name, screened_at, screenings
    FROM monitoring_screenings WHERE tenant_id = ?1 AND entity_type = 'counterparty'`)),
];
/** The request an entity belongs to (customers and accounts by number, counterparties by name). */
const requestOf = (e) =>
  e.type === "counterparty" ? Number(e.name.split("-")[1]) : Math.floor(e.n / PER_REQUEST);
const latest = new Array(BATCHES).fill(0);
let missed = 0;
let screenings = 0;
const expectedCounterparties = BATCHES * ARRIVAL_COUNTERPARTIES;
for (const e of entities) {
  const b = requestOf(e);
  // Customers past the last request's slice received no transaction: nothing to screen.
  if (b >= BATCHES) continue;
  const at = e.screened_at ? Date.parse(e.screened_at) : null;
  screenings += e.screenings ?? 0;
  // A screening claims the entity's pending row, which its transaction wrote in the same
  // statement: one that started after the request was sent saw the request's transactions.
  if (at === null || at < onRun.requests[b].sentAt) missed++;
  else latest[b] = Math.max(latest[b], at);
}
const counterpartiesSeen = entities.filter((e) => e.type === "counterparty").length;
missed += Math.max(0, expectedCounterparties - counterpartiesSeen);
const lags = onRun.requests.map((r, b) => latest[b] - r.acceptedAt);
const first = Math.min(...onRun.requests.map((r) => r.sentAt));
const lastScreened = Math.max(...latest);
const alerts = await shard
  .prepare("SELECT kind, count(*) AS n FROM monitoring_alerts WHERE tenant_id = ? GROUP BY kind")
  .bind(on.id)
  .all();
console.log(
  `acceptance -> all of a request's entities screened: p50 ${sec(pct(lags, 50))}, p99 ${sec(pct(lags, 99))}, ` +
    `max ${sec(Math.max(...lags))} (goal p99 <= 10 s)`,
);
console.log(
  `screenings: ${screenings} of ${entities.length} entities (${status.deadLettered} dead-lettered) in ` +
    `${sec(lastScreened - first)} from the first request: ${(screenings / ((lastScreened - first) / 1000)).toFixed(0)} screenings/s; ` +
    `alerts ${alerts.results.map((a) => `${a.kind} ${a.n}`).join(", ")}`,
);
console.log(`entities missed (no screening at or after their request): ${missed}`);
// Locally the Worker, both shards' D1 and the queue consumer share one workerd thread, so the
// on/off ratio is a CPU split: ingestion's own CPU (measured on the first "off" slice, before any
// screening) against screening's (the rest of the CPU of ingestion and drain, over the screenings).
const totalCpu = cpuAtDrained - cpuAtStart;
const ingestCpu = ingestCpuPerRecord * 2 * TOTAL;
console.log(
  `workerd CPU: ${totalCpu.toFixed(1)} s in all (${(cpuAtIngested - cpuAtStart).toFixed(1)} s until the last request, ` +
    `${(cpuAtDrained - cpuAtIngested).toFixed(1)} s after it); ingestion alone ${(ingestCpuPerRecord * 1000).toFixed(3)} ms ` +
    `per record (${ingestCpu.toFixed(1)} s for both tenants), so screening ~${(((totalCpu - ingestCpu) * 1000) / screenings).toFixed(1)} ms ` +
    `per screening; last screening ${sec(lastScreened - Math.max(...onRun.requests.map((r) => r.acceptedAt)))} ` +
    `after the last "on" request was accepted`,
);

const at = `@${CUSTOMERS}x${TOTAL}`;
figure(`monitoring.p99_s${at}`, pct(lags, 99) / 1000, "s", { max: 10 });
figure(`monitoring.p50_s${at}`, pct(lags, 50) / 1000, "s");
figure(`monitoring.ingest_on_off${at}`, offRun.seconds / onRun.seconds, "x", { min: 0.8 });
figure(`monitoring.screenings_per_s${at}`, screenings / ((lastScreened - first) / 1000), "/s");
figure(`monitoring.missed${at}`, missed, "", { max: 0 });
figure(`monitoring.cpu_ms_per_screening${at}`, ((totalCpu - ingestCpu) * 1000) / screenings, "ms");
figure(`monitoring.ingest_cpu_ms_per_record${at}`, ingestCpuPerRecord * 1000, "ms");

// ---- again: the same entities, their cases open: appends ----------------------------------------
const appended = async () => {
  const one = async (sql) => (await shard.prepare(sql).bind(on.id).first()).n;
  return {
    aml: await one(
      "SELECT count(*) AS n FROM aml_case_history WHERE tenant_id = ? AND event_type = 'alert_added'",
    ),
    fraud: await one(
      "SELECT count(*) AS n FROM fraud_case_events WHERE tenant_id = ? AND event_type = 'alert_added'",
    ),
  };
};
const lastScreenedPerRequest = async (since) => {
  const rows = await screened(`SELECT entity_type, entity_id, screened_at FROM monitoring_screenings
    WHERE tenant_id = ?1 AND screened_at >= '${new Date(since).toISOString()}'`);
  return rows;
};
for (let pass = 1; pass <= AGAIN; pass++) {
  const before = await appended();
  const again = { requests: [] };
  const startedAt = Date.now();
  const seconds = await ingest(on, again.requests, 0, BATCHES, now, pass);
  await untilDrained(on, startedAt);
  process.stdout.write("\n");
  const after = await appended();
  // Each request's entities: its customers and accounts (by external id) and its counterparties.
  const ids = new Map();
  for (const e of await screened(`SELECT 'customer' AS type, id, CAST(substr(external_id, 2) AS INTEGER) AS n FROM customers WHERE tenant_id = ?1
      UNION ALL SELECT 'account', id, CAST(substr(external_id, 2) AS INTEGER) FROM accounts WHERE tenant_id = ?1`))
    ids.set(`${e.type}:${e.id}`, Math.floor(e.n / PER_REQUEST));
  const last = new Array(BATCHES).fill(0);
  let count = 0;
  for (const s of await lastScreenedPerRequest(startedAt)) {
    const b =
      s.entity_type === "counterparty"
        ? Number(s.entity_id.split("-")[1])
        : ids.get(`${s.entity_type}:${s.entity_id}`);
    if (b === undefined || b >= BATCHES) continue;
    count++;
    last[b] = Math.max(last[b], Date.parse(s.screened_at));
  }
  const againLags = again.requests.map((r, b) => last[b] - r.acceptedAt);
  const span = (Math.max(...last) - Math.min(...again.requests.map((r) => r.sentAt))) / 1000;
  console.log(
    `again ${pass}: ingested ${(TOTAL / seconds).toFixed(0)} records/s; acceptance -> screened p50 ${sec(pct(againLags, 50))}, ` +
      `p99 ${sec(pct(againLags, 99))}, max ${sec(Math.max(...againLags))}; ${count} entities screened in ${span.toFixed(2)} s ` +
      `(${(count / span).toFixed(0)} screenings/s)`,
  );
  console.log(
    `again ${pass}: cases appended (alert_added written): aml ${after.aml - before.aml}, fraud ${after.fraud - before.fraud}`,
  );
}
console.log(`requests resent after a closed socket: ${retried}; load average at end ${load()}`);
await service.dispose();
