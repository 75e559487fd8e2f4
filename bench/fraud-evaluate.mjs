#!/usr/bin/env node
// Fraud evaluation per request (issue 21), served by the built Worker under plain Miniflare (real
// local D1): POST /v1/fraud/evaluate for a customer with 500 transactions in its 30-day window
// (and 200 in the baseline before it), under the tenant's live rule sets (the built-in ones: every
// fraud signal). Prints
//   - one request at a time: latency p50/p99 and workerd CPU per request (the Worker and its D1
//     both run in workerd; CPU moves much less than latency when the machine is shared),
//   - open-loop load at each rate (requests leave on schedule whatever the answers, latency from
//     the scheduled instant, so queueing shows): achieved rate and p50/p95/p99.
// Goal: p99 <= 35 ms at 200 req/s. Asserts nothing; prints BENCH_FIGURE lines.
// Usage: node bench/fraud-evaluate.mjs [rate=200 ...] [--seconds 15] [--customers 1000] [--tx 50] [--fresh]
// Profile the Worker: BENCH_INSPECTOR_PORT=9230 BENCH_PROFILE=/tmp/eval node bench/fraud-evaluate.mjs
import { startCpuProfile } from "./lib/cpu-profile.mjs";
import { ENTITY_ID, entityHistoryTenant } from "./lib/entity-history.mjs";
import { figure } from "./lib/figures.mjs";
import { describe, openLoopPost, percentile } from "./lib/open-loop.mjs";
import { api } from "./lib/server.mjs";
import { workerdCpuSeconds } from "./lib/workerd-cpu.mjs";

const option = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = option("seconds", 15);
const CUSTOMERS = option("customers", 1_000);
const TX = option("tx", 50);
const rates = process.argv
  .slice(2)
  .filter((a, i, all) => !a.startsWith("--") && !all[i - 1]?.startsWith("--"))
  .map(Number);
if (!rates.length) rates.push(200);
const GOAL_MS = 35;
const GOAL_RPS = 200;

const { service, tenant, inWindow } = await entityHistoryTenant("fraud-evaluate", {
  customers: CUSTOMERS,
  tx: TX,
});
const body = { entityType: "customer", entityId: ENTITY_ID, windowDays: 30 };
const evaluate = () => api(service.url, tenant.key, "POST", "/v1/fraud/evaluate", body);

try {
  console.log(`customer 0: ${inWindow} transactions in its 30-day window`);
  const first = await evaluate();
  if (first.status !== 200) throw new Error(`evaluate: ${first.status} ${JSON.stringify(first.body)}`);
  const fired = first.body.alert.triggeredSignals.map((s) => s.signalId);
  console.log(
    `alert: score ${first.body.alert.overallScore}, ${fired.length} of ${first.body.alert.evaluatedSignalIds.length} signals triggered (${fired.join(", ")}); ` +
      `D1 queries per request ${first.headers.get("x-d1-queries") ?? "n/a"}`,
  );

  // One at a time: the cost of one evaluation without queueing.
  for (let k = 0; k < 30; k++) await evaluate(); // warm-up
  const SEQUENTIAL = 200;
  const ms = [];
  const cpu0 = workerdCpuSeconds();
  for (let k = 0; k < SEQUENTIAL; k++) {
    const t0 = performance.now();
    const res = await evaluate();
    ms.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`evaluate: ${res.status}`);
  }
  const cpuMs = ((workerdCpuSeconds() - cpu0) * 1000) / SEQUENTIAL;
  ms.sort((a, b) => a - b);
  console.log(
    `one at a time (${SEQUENTIAL} requests): p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms, ` +
      `workerd CPU ${cpuMs.toFixed(1)} ms per request`,
  );
  figure("fraud_evaluate.cpu_ms_per_request", cpuMs, "ms");
  figure("fraud_evaluate.sequential_p50_ms", percentile(ms, 50), "ms");

  for (const rps of rates) {
    await new Promise((r) => setTimeout(r, 1_000));
    const profile = await startCpuProfile(`${rps}rps`);
    const cpuBefore = workerdCpuSeconds();
    const r = await openLoopPost(`${service.url}/v1/fraud/evaluate`, tenant.key, body, {
      rps,
      seconds: SECONDS,
    });
    const cpu = ((workerdCpuSeconds() - cpuBefore) * 1000) / r.sent;
    await profile.stop();
    console.log(
      `${describe(`open loop at ${rps} req/s for ${SECONDS} s`, r)}; workerd CPU ${cpu.toFixed(1)} ms per request`,
    );
    figure(`fraud_evaluate.p99_ms@${rps}/s`, r.p99, "ms", rps === GOAL_RPS ? { max: GOAL_MS } : null);
    figure(`fraud_evaluate.achieved_rps@${rps}/s`, r.achievedRps, "/s");
    figure(`fraud_evaluate.errors@${rps}/s`, r.errors, "", { max: 0 });
  }
} finally {
  await service.dispose();
}
