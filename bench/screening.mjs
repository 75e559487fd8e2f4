#!/usr/bin/env node
// Pre-transaction screening (issue 15), served by the built Worker under plain Miniflare (real
// local D1): POST /v1/screening/transactions for a customer with 500 transactions in its 30-day
// window (bench/lib/entity-history.mjs), under the built-in rule sets (every fraud signal and AML
// rule, fraud + AML in one request). Each proposed transaction is a cash credit just under the
// reporting threshold, so rules fire and the alerts are stored in the request (the worst case).
// Prints, one request at a time, latency and workerd CPU per request (the Worker and its D1 both
// run in workerd; CPU moves much less than latency on a shared machine), then open-loop load at
// each rate (requests leave on schedule whatever the answers; latency from the scheduled instant,
// so queueing shows). Goal: p99 <= 35 ms at 100 req/s. Asserts nothing; prints BENCH_FIGURE lines.
// Usage: node bench/screening.mjs [rate=100 ...] [--seconds 10] [--customers 1000] [--tx 50] [--fresh]
// Profile the Worker: BENCH_INSPECTOR_PORT=9230 BENCH_PROFILE=/tmp/screen node bench/screening.mjs
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
const SECONDS = option("seconds", 10);
const CUSTOMERS = option("customers", 1_000);
const TX = option("tx", 50);
const rates = process.argv
  .slice(2)
  .filter((a, i, all) => !a.startsWith("--") && !all[i - 1]?.startsWith("--"))
  .map(Number);
if (!rates.length) rates.push(100);
const GOAL_MS = 35;
const GOAL_RPS = 100;

const { service, shard, tenant, inWindow } = await entityHistoryTenant("screening", {
  customers: CUSTOMERS,
  tx: TX,
});
const storedTransactions = async () =>
  (await shard.prepare("SELECT count(*) AS n FROM transactions WHERE tenant_id = ?").bind(tenant.id).first())
    .n;

// A cash credit just under the default reporting threshold (GHS 50,000): rules fire, alerts are stored.
const body = {
  customerId: ENTITY_ID,
  type: "credit",
  amount: "49999.00",
  currency: "GHS",
  channel: "cash",
  counterpartyName: "Walk-in depositor",
};
// The same customer with a small mobile-money debit: fewer rules fire (the cost of storing alerts).
const quiet = {
  customerId: ENTITY_ID,
  type: "debit",
  amount: "12.50",
  currency: "GHS",
  channel: "mobile_money",
};
const screen = (proposal) => api(service.url, tenant.key, "POST", "/v1/screening/transactions", proposal);

async function sequential(proposal, n, label) {
  const ms = [];
  let last;
  const cpu0 = workerdCpuSeconds();
  for (let k = 0; k < n; k++) {
    const t0 = performance.now();
    last = await screen(proposal);
    ms.push(performance.now() - t0);
    if (last.status !== 200) throw new Error(`screen: ${last.status} ${JSON.stringify(last.body)}`);
  }
  const cpuMs = ((workerdCpuSeconds() - cpu0) * 1000) / n;
  ms.sort((a, b) => a - b);
  console.log(
    `one at a time (${label}, ${n} requests): p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms, ` +
      `workerd CPU ${cpuMs.toFixed(1)} ms per request, D1 queries per request ${last.headers.get("x-d1-queries") ?? "n/a"}, ` +
      `alerts stored per request ${last.body.screening.alertIds.length}`,
  );
  return { cpuMs, p50: percentile(ms, 50) };
}

try {
  const storedBefore = await storedTransactions();
  console.log(`customer 0: ${inWindow} transactions in its 30-day window`);
  await sequential(body, 30, "warm-up");
  const loud = await sequential(body, 150, "just-under-threshold cash credit");
  await sequential(quiet, 150, "small mobile-money debit");
  figure("screening.cpu_ms_per_request", loud.cpuMs, "ms");
  figure("screening.sequential_p50_ms", loud.p50, "ms");
  // Checked before the load: an overloaded Worker keeps working through the requests the client
  // gave up on, and a read after the load would wait behind them.
  const storedAfter = await storedTransactions();
  console.log(`transactions stored before ${storedBefore}, after ${storedAfter} (screening stores none)`);
  figure("screening.transactions_stored", storedAfter - storedBefore, "", { max: 0 });
  for (const rps of rates) {
    await new Promise((r) => setTimeout(r, 1_000));
    const profile = await startCpuProfile(`${rps}rps`);
    const cpuBefore = workerdCpuSeconds();
    const r = await openLoopPost(`${service.url}/v1/screening/transactions`, tenant.key, body, {
      rps,
      seconds: SECONDS,
    });
    const cpu = ((workerdCpuSeconds() - cpuBefore) * 1000) / r.sent;
    await profile.stop();
    console.log(
      `${describe(`open loop at ${rps} req/s for ${SECONDS} s`, r)}; workerd CPU ${cpu.toFixed(1)} ms per request`,
    );
    figure(`screening.p99_ms@${rps}/s`, r.p99, "ms", rps === GOAL_RPS ? { max: GOAL_MS } : null);
    figure(`screening.achieved_rps@${rps}/s`, r.achievedRps, "/s");
    figure(`screening.errors@${rps}/s`, r.errors, "", { max: 0 });
  }
} finally {
  await service.dispose();
}
