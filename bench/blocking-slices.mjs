#!/usr/bin/env node
// How long the isolate is held (issue 36 item 1, first figures): ingest batches of 1,000
// transactions into a tenant screened on arrival, while a prober sends GET /health (no I/O: its
// latency is the wait for the isolate) back to back and a light GET /v1/customers?limit=1 every
// 50 ms, until the arrivals are screened (GET /v1/monitoring/status: nothing pending).
// Prints the probe's p50/p99/max (the max approximates the longest blocking slice) and the light
// GET's p50/p99. Goals (issue 36): longest slice <= 100 ms, light GET p99 <= 250 ms.
// Usage: node bench/blocking-slices.mjs [batches=10] [--no-screening]
import { figure } from "./lib/figures.mjs";
import { percentile } from "./lib/open-loop.mjs";
import { api, startService, tenantWithAccounts } from "./lib/server.mjs";

const batches = Number(process.argv[2] ?? 10);
// --no-screening: a tenant not screened on arrival, so the figures are the ingest requests' alone.
const screening = !process.argv.includes("--no-screening");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const service = await startService();
try {
  const { url } = service;
  const key = await tenantWithAccounts(url, {
    name: "blocking bench",
    count: 500,
    source: "b",
    settings: screening ? undefined : { monitoring: { onArrival: false } },
  });

  let running = true;
  const probe = [];
  const light = [];
  const timed = async (into, path, token) => {
    const t0 = performance.now();
    const res = await fetch(`${url}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    await res.arrayBuffer();
    into.push(performance.now() - t0);
  };
  const prober = (async () => {
    while (running) await timed(probe, "/health");
  })();
  const lighter = (async () => {
    while (running) {
      await timed(light, "/v1/customers?limit=1", key);
      await sleep(50);
    }
  })();

  // Two seconds with nothing else running: what the probes cost on this machine.
  await sleep(2000);
  const idle = { probe: probe.splice(0).sort((a, b) => a - b), light: light.splice(0).sort((a, b) => a - b) };

  const t0 = performance.now();
  for (let b = 0; b < batches; b++) {
    const batch = Array.from({ length: 1000 }, (_, i) => ({
      externalId: `T${b}-${i}`,
      externalSource: "b",
      accountExternalId: `A${(b * 37 + i) % 500}`,
      type: i % 3 ? "credit" : "debit",
      amount: `${(i % 900) + 1}.00`,
      currency: "GHS",
      transactionDate: new Date(Date.UTC(2026, 9, 1) + (b * 1000 + i) * 60_000).toISOString(),
      counterpartyName: `Counterparty ${i % 60}`,
    }));
    const res = await api(url, key, "POST", "/v1/ingest/transactions", batch);
    if (res.status !== 200) throw new Error(`ingest: ${res.status}`);
  }
  const ingested = performance.now() - t0;
  for (let i = 0; screening && i < 600; i++) {
    const status = (await api(url, key, "GET", "/v1/monitoring/status")).body.status;
    if (!status.pending) break;
    await sleep(500);
  }
  const screened = performance.now() - t0;
  running = false;
  await Promise.all([prober, lighter]);

  probe.sort((a, b) => a - b);
  light.sort((a, b) => a - b);
  const ms = (v) => `${v.toFixed(0)} ms`;
  console.log(
    `${batches} x 1,000 transactions ingested in ${(ingested / 1000).toFixed(1)} s, screened by ${(screened / 1000).toFixed(1)} s`,
  );
  console.log(
    `idle: GET /health (${idle.probe.length}) p50 ${ms(percentile(idle.probe, 50))}, max ${ms(idle.probe.at(-1))}; light GET p50 ${ms(percentile(idle.light, 50))}`,
  );
  console.log(
    `GET /health back to back (${probe.length}): p50 ${ms(percentile(probe, 50))}, p99 ${ms(percentile(probe, 99))}, max ${ms(probe.at(-1))}`,
  );
  console.log(
    `GET /v1/customers?limit=1 every 50 ms (${light.length}): p50 ${ms(percentile(light, 50))}, p99 ${ms(percentile(light, 99))}, max ${ms(light.at(-1))}`,
  );
  const what = screening ? "ingest and screening" : "ingest alone";
  figure(`blocking: longest wait for the isolate, ${what} (health probe max)`, probe.at(-1), "ms", {
    max: 100,
  });
  figure(`blocking: light GET p99, ${what}`, percentile(light, 99), "ms", { max: 250 });
} finally {
  await service.dispose();
}
