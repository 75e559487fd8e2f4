#!/usr/bin/env node

import { benchState, seedCustomersWithAccounts, seededTenant, seedRows, seqUuid } from "./lib/seeded.mjs";
import { startService } from "./lib/server.mjs";

const state = benchState("insights-scale");
const CUSTOMERS = 100_000;
const TRANSACTIONS = 1_200_000;
const CHUNK = 100_000;
const DAYS = 730;

const uuid = seqUuid;

async function seed(mf, tenantId) {
  const db = await mf.getD1Database("SHARD_0");
  const t0 = performance.now();
  const now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
  await seedCustomersWithAccounts(db, tenantId, {
    total: CUSTOMERS,
    columns: {
      vertical:
        "CASE i % 5 WHEN 0 THEN 'retail' WHEN 1 THEN 'agriculture' WHEN 2 THEN 'transport' WHEN 3 THEN 'services' ELSE 'manufacturing' END",
    },
    balance: "(i * 7919) % 5000000",
  });
  await seedRows(
    db,
    tenantId,
    { total: TRANSACTIONS, chunk: CHUNK, label: "transactions" },
    `
         INSERT INTO transactions (id, tenant_id, customer_id, account_id, external_id, external_source, type,
           amount_minor, currency, status, transaction_date, counterparty_country, created_at)
         SELECT ${uuid("10000000", "i")}, ?1, ${uuid("00000000", `i % ${CUSTOMERS}`)}, ${uuid("20000000", `i % ${CUSTOMERS}`)},
           'txn-' || i, 'bench',
           CASE WHEN ((i / ${CUSTOMERS}) * 7 + (i % ${CUSTOMERS}) * 13) % 100 < 45 + (i % ${CUSTOMERS}) % 20
             THEN 'credit' ELSE 'debit' END,
           1000 + (i * 2654435761 + (i / ${CUSTOMERS}) * 40503) % 500000, 'GHS',
           CASE WHEN (i * 31) % 100 < 3 THEN 'failed' ELSE 'completed' END,
           strftime('%Y-%m-%dT%H:%M:%fZ', 'now', printf('-%d minutes', (i * 37) % (${DAYS} * 1440))),
           CASE i % 10 WHEN 0 THEN 'NG' WHEN 1 THEN 'TG' ELSE 'GH' END,
           ${now}
         FROM seq`,
  );
  return (performance.now() - t0) / 1000;
}

/** One timed request; a keep-alive socket the server closed while idle is retried once. */
async function timed(url, key, method, path, body, retry = true) {
  const t0 = performance.now();
  try {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    return { seconds: (performance.now() - t0) / 1000, status: res.status, json };
  } catch (err) {
    if (retry && err?.cause?.code === "UND_ERR_SOCKET") return timed(url, key, method, path, body, false);
    throw err;
  }
}

console.log("building the Worker and starting Miniflare ...");
const service = await startService({ persistTo: state });
const { mf, url } = service;
try {
  const tenant = await seededTenant(
    url,
    state,
    { name: "Insights scale bench", shard: 0 },
    `${CUSTOMERS.toLocaleString()} customers, ${TRANSACTIONS.toLocaleString()} transactions`,
    (tenantId) => seed(mf, tenantId),
  );
  const operations = [
    ["GET", "/v1/insights/saas-metrics"],
    ["GET", "/v1/insights/saas-metrics/history?months=24"],
    ["GET", "/v1/insights/runway/00000000-0000-4000-8000-000000000042"],
    ["GET", "/v1/insights/runway/portfolio"],
    ["GET", "/v1/insights/concentration?months=12"],
    ["GET", "/v1/insights/portfolio-narrative"],
    ["POST", "/v1/insights/what-if-churn", { churnRatePercent: 10, horizonMonths: 12 }],
  ];
  console.log("");
  for (const [method, path, body] of operations) {
    const runs = [];
    for (let i = 0; i < 2; i++) {
      const r = await timed(url, tenant.key, method, path, body);
      if (r.status !== 200)
        throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.json).slice(0, 400)}`);
      runs.push(r);
    }
    console.log(
      `${`${method} ${path}`.padEnd(72)} ${runs.map((r) => `${r.seconds.toFixed(2)} s`).join(", ")}`,
    );
  }
} finally {
  await service.dispose().catch(() => {});
}
