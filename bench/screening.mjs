#!/usr/bin/env node
// Pre-transaction screening (issue 15), served by the built Worker under plain Miniflare (real
// local D1): POST /v1/screening/transactions for a customer with 500 transactions in its 30-day
// window, one request at a time and paced at 100 req/s, under the built-in rule sets (every
// fraud signal and AML rule, fraud + AML in one request). Each proposed transaction is a cash
// credit just under the reporting threshold, so rules fire and the alerts are stored in the
// request (the worst case). Prints figures; asserts nothing. Goal: p99 <= 35 ms at 100 req/s.
// Usage: node bench/screening.mjs [customers=1000] [txPerCustomer=50] [--fresh]
import { benchState, seededTenant, seedRows, seqUuid } from "./lib/seeded.mjs";
import { api, startService } from "./lib/server.mjs";

const [CUSTOMERS = 1_000, TX = 50] = process.argv
  .slice(2)
  .filter((a) => !a.startsWith("--"))
  .map(Number);
const state = benchState(`screening-${CUSTOMERS}x${TX}`);
const service = await startService({ persistTo: state });
const shard = await service.mf.getD1Database("SHARD_0");
const DAY = 86_400;

const tenant = await seededTenant(
  service.url,
  state,
  { name: "Screening bench", shard: 0 },
  `${CUSTOMERS} customers x ${TX} transactions, customer 0 with 500`,
  async (tenantId) => {
    const t0 = performance.now();
    await seedRows(
      shard,
      tenantId,
      { total: CUSTOMERS, label: "customers" },
      `INSERT INTO customers (id, tenant_id, external_id, external_source, type, name, status, tags, created_at, updated_at)
      SELECT ${seqUuid("c0000000", "i")}, ?1, 'C' || i, 'bench', 'individual', 'Customer ' || i, 'active', '[]',
        '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z' FROM seq`,
    );
    await seedRows(
      shard,
      tenantId,
      { total: CUSTOMERS, label: "accounts" },
      `INSERT INTO accounts (id, tenant_id, customer_id, external_id, external_source, currency, created_at, updated_at)
      SELECT ${seqUuid("a0000000", "i")}, ?1, ${seqUuid("c0000000", "i")}, 'A' || i, 'bench', 'GHS',
        '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z' FROM seq`,
    );
    // Customers 1.. get TX each over 120 days (window + baseline); customer 0 gets 500 in its
    // 30-day window plus 200 in the baseline before it.
    const txInsert = (prefix, customer, days, offset = 0) => `
      INSERT INTO transactions (id, tenant_id, customer_id, account_id, external_id, external_source, type, amount_minor,
        currency, status, transaction_date, channel, counterparty_account, counterparty_country, created_at)
      SELECT ${seqUuid(prefix, "i")}, ?1, ${seqUuid("c0000000", customer)}, ${seqUuid("a0000000", customer)},
        '${prefix}' || i, 'bench', CASE WHEN (i * 7) % 11 < 6 THEN 'credit' ELSE 'debit' END,
        CASE WHEN (i * 13) % 100 = 0 THEN 3000000 + (i * 31) % 3000000 ELSE 1000 + (i * 97) % 500000 END,
        'GHS', 'completed',
        strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || ((i * 7919) % (${days} * ${DAY}) + ${offset} * ${DAY} + 60) || ' seconds'),
        CASE (i * 3) % 4 WHEN 0 THEN 'cash' WHEN 1 THEN 'mobile_money' WHEN 2 THEN 'bank_transfer' ELSE 'card' END,
        'CP-' || (i % 50), CASE WHEN i % 50 = 0 THEN 'NG' ELSE 'GH' END, '2025-01-01T00:00:00.000Z'
      FROM seq`;
    await seedRows(
      shard,
      tenantId,
      { total: (CUSTOMERS - 1) * TX, label: "transactions" },
      txInsert("t0000000", `1 + i % ${CUSTOMERS - 1}`, 120),
    );
    await seedRows(shard, tenantId, { total: 500 }, txInsert("e0000000", "0", 29));
    await seedRows(shard, tenantId, { total: 200 }, txInsert("f0000000", "0", 89, 30));
    return (performance.now() - t0) / 1000;
  },
);
const call = (method, path, body) => api(service.url, tenant.key, method, path, body);
const customerId = "c0000000-0000-4000-8000-000000000000";
const inWindow = await shard
  .prepare(
    "SELECT count(*) AS n FROM transactions WHERE tenant_id = ? AND customer_id = ? AND transaction_date >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-30 days')",
  )
  .bind(tenant.id, customerId)
  .first();
const storedBefore = await shard
  .prepare("SELECT count(*) AS n FROM transactions WHERE tenant_id = ?")
  .bind(tenant.id)
  .first();

// A cash credit just under the default reporting threshold (GHS 50,000): rules fire, alerts are stored.
const body = {
  customerId,
  type: "credit",
  amount: "49999.00",
  currency: "GHS",
  channel: "cash",
  counterpartyName: "Walk-in depositor",
};
// The same customer with a small mobile-money debit: fewer rules fire (the cost of storing alerts).
const quiet = { customerId, type: "debit", amount: "12.50", currency: "GHS", channel: "mobile_money" };
let current = body;
const screen = () => call("POST", "/v1/screening/transactions", current);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function sequential(n = 100, label = "just-under-threshold cash credit") {
  const ms = [];
  let queries = null;
  let alerts = 0;
  for (let k = 0; k < n; k++) {
    const t0 = performance.now();
    const res = await screen();
    ms.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`screen: ${res.status} ${JSON.stringify(res.body)}`);
    queries = res.headers.get("x-d1-queries");
    alerts = res.body.screening.alertIds.length;
  }
  ms.sort((a, b) => a - b);
  console.log(
    `screening one at a time (${label}, ${n} requests): p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms, ` +
      `D1 queries per request ${queries ?? "n/a"}, alerts stored per request ${alerts}`,
  );
}

async function paced({ rps = 100, seconds = 10 } = {}) {
  // Let the previous run's queue drain first.
  await new Promise((r) => setTimeout(r, 2_000));
  const latencies = [];
  let errors = 0;
  const start = performance.now();
  const pending = [];
  for (let k = 0; k < rps * seconds; k++) {
    const wait = start + (k * 1000) / rps - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      (async () => {
        const t0 = performance.now();
        const res = await screen().catch(() => ({ status: 0 }));
        if (res.status !== 200) errors++;
        else latencies.push(performance.now() - t0);
      })(),
    );
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  console.log(
    `screening paced at ${rps} req/s for ${seconds} s: p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms, errors ${errors}`,
  );
}

console.log(`customer 0: ${inWindow.n} transactions in its 30-day window`);
await sequential(20); // warm-up
await sequential(100);
current = quiet;
await sequential(100, "small mobile-money debit");
current = body;
const rates = (process.env.RATES ?? "100,50,30").split(",").map(Number);
for (const rps of rates) await paced({ rps, seconds: 10 });
const storedAfter = await shard
  .prepare("SELECT count(*) AS n FROM transactions WHERE tenant_id = ?")
  .bind(tenant.id)
  .first();
console.log(`transactions stored before ${storedBefore.n}, after ${storedAfter.n} (screening stores none)`);
await service.dispose();
