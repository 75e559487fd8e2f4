#!/usr/bin/env node
// workerd CPU per ingested transaction, ingestion alone: the built Worker under Miniflare, a
// tenant not screened on arrival (so no queue work runs beside it) with 1,000 customers and one
// account each, then `requests` requests of 1,000 new transactions one after the other (the
// records of bench/monitoring.mjs: a request's 100 customers, 10 counterparties, dates over 29
// days), after one request that warms the isolate. CPU is all of workerd's (the Worker and its
// local D1), read from /proc (bench/lib/workerd-cpu.mjs), so it barely moves with the machine's
// load; run two builds at once, or alternate them, to compare. Asserts nothing.
// Usage: node bench/ingest-cpu.mjs [requests=8]
import { loadavg } from "node:os";
import { figure } from "./lib/figures.mjs";
import { ADMIN_TOKEN, api, arrivalTransaction, customersWithAccounts, startService } from "./lib/server.mjs";
import { workerdCpuSeconds } from "./lib/workerd-cpu.mjs";

const REQUESTS = Number(process.argv[2] ?? 8);
const BATCH = 1000;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

const service = await startService();
try {
  const created = await api(service.url, ADMIN_TOKEN, "POST", "/admin/tenants", {
    name: "ingest cpu",
    shard: 1,
  });
  if (created.status !== 201) throw new Error(`tenant: ${created.status} ${JSON.stringify(created.body)}`);
  const key = created.body.apiKey.key;
  const settings = { monitoring: { onArrival: false } };
  const patched = await api(service.url, ADMIN_TOKEN, "PATCH", `/admin/tenants/${created.body.tenant.id}`, {
    settings,
  });
  if (patched.status !== 200) throw new Error(`settings: ${patched.status} ${JSON.stringify(patched.body)}`);
  const post = async (resource, records) => {
    const res = await api(service.url, key, "POST", `/v1/ingest/${resource}`, records);
    if (res.status !== 200 || res.body.errors.length)
      throw new Error(`${resource}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  };
  const { customers, accounts } = customersWithAccounts(1000, "bench", {
    label: "Customer",
    balance: "5000.00",
  });
  await post("customers", customers);
  await post("accounts", accounts);
  const now = Date.now();
  /** Transaction k of request b, as bench/monitoring.mjs makes them (10 requests cover the customers). */
  const transaction = (b, k) => arrivalTransaction(b * BATCH + k, b, k, (b % 10) * 100 + (k % 100), now);
  const request = (b) => Array.from({ length: BATCH }, (_, k) => transaction(b, k));
  await post("transactions", request(REQUESTS)); // warm-up, not counted
  const atStart = load();
  const cpu = workerdCpuSeconds();
  const t0 = performance.now();
  for (let b = 0; b < REQUESTS; b++) await post("transactions", request(b));
  const seconds = (performance.now() - t0) / 1000;
  const perRecord = ((workerdCpuSeconds() - cpu) * 1000) / (REQUESTS * BATCH);
  console.log(
    `${REQUESTS} requests of ${BATCH} new transactions in ${seconds.toFixed(2)} s: workerd CPU ` +
      `${perRecord.toFixed(4)} ms per record; load average ${atStart} at start, ${load()} at end`,
  );
  figure("ingest.cpu_ms_per_record", perRecord, "ms");
} finally {
  await service.dispose();
}
