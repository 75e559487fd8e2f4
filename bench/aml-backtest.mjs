#!/usr/bin/env node
// AML backtest and evaluate at scale: a tenant of 10,000 customers (one account each) with
// ~30 transactions per customer in the last 30 days, served by the built Worker under plain
// Miniflare (real local D1). Prints wall-clock figures; asserts nothing.
// Usage: node bench/aml-backtest.mjs [customers=10000] [txPerCustomer=30]
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

const root = resolve(import.meta.dirname, "..");
const CUSTOMERS = Number(process.argv[2] ?? 10_000);
const TX_PER_CUSTOMER = Number(process.argv[3] ?? 30);
const ADMIN = "bench-admin-token-0123456789abcdef";
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_SEND_ERROR_REPORTS: "false" };

const outdir = join(root, ".wrangler", "aml-bench");
execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", outdir], {
  cwd: root,
  env,
  stdio: "ignore",
});

const { workerOptions } = unstable_getMiniflareWorkerOptions(join(root, "wrangler.toml"));
delete workerOptions.assets;
const mf = new Miniflare({
  ...workerOptions,
  modules: true,
  modulesRules: [{ type: "ESModule", include: ["**/*.js"] }],
  scriptPath: join(outdir, "index.js"),
  modulesRoot: outdir,
  bindings: { ...workerOptions.bindings, ADMIN_TOKEN: ADMIN, ENVIRONMENT: "test", KEY_PREFIX: "csk_test_" },
  triggers: undefined,
});

/** Statements of a migration file; trigger bodies (BEGIN ... END;) stay whole. */
function statements(text) {
  const out = [];
  let current = [];
  let inTrigger = false;
  for (const line of text.split("\n")) {
    if (/^\s*--/.test(line) || !line.trim()) continue;
    current.push(line);
    if (/CREATE TRIGGER/i.test(line)) inTrigger = true;
    const ends = inTrigger ? /\bEND;\s*$/i.test(line) : /;\s*$/.test(line);
    if (ends) {
      out.push(current.join("\n"));
      current = [];
      inTrigger = false;
    }
  }
  return out;
}

async function migrate(binding, dir) {
  const db = await mf.getD1Database(binding);
  for (const file of readdirSync(join(root, dir))
    .filter((f) => f.endsWith(".sql"))
    .sort())
    for (const s of statements(readFileSync(join(root, dir, file), "utf8"))) await db.prepare(s).run();
  return db;
}

await migrate("CONTROL_DB", "migrations/control");
const shard = await migrate("SHARD_0", "migrations/shard");
await migrate("SHARD_1", "migrations/shard");

const fetchJson = async (method, path, key, body) => {
  const started = performance.now();
  const res = await mf.dispatchFetch(`http://localhost${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const ms = performance.now() - started;
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return { json, ms };
};

const { json: created } = await fetchJson("POST", "/admin/tenants", ADMIN, { name: "AML bench", shard: 0 });
const tenantId = created.tenant.id;
const key = created.apiKey.key;

// ---- seed -------------------------------------------------------------------------------
const seedStart = performance.now();
const now = Date.now();
const iso = (ms) => new Date(ms).toISOString();
let seed = 42;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const channels = ["cash", "mobile_money", "bank_transfer", "card"];
const industries = ["Retail", "Software", "Transport", "Consulting", "Agriculture"];
const customers = [];
for (let i = 0; i < CUSTOMERS; i++)
  customers.push({ id: crypto.randomUUID(), account: crypto.randomUUID(), i });

async function insertJson(sqlText, rows) {
  for (let i = 0; i < rows.length; i += 2_000)
    await shard
      .prepare(sqlText)
      .bind(JSON.stringify(rows.slice(i, i + 2_000)))
      .run();
}
await insertJson(
  `INSERT INTO customers (id, tenant_id, external_id, external_source, type, name, status, tags, business_info, created_at, updated_at)
   SELECT j.value ->> 'id', '${tenantId}', 'C' || (j.value ->> 'i'), 'bench', 'business', 'Customer ' || (j.value ->> 'i'), 'active', '[]',
     json_object('industry', j.value ->> 'industry'), '${iso(now)}', '${iso(now)}' FROM json_each(?) j`,
  customers.map((c) => ({ ...c, industry: industries[c.i % industries.length] })),
);
await insertJson(
  `INSERT INTO accounts (id, tenant_id, customer_id, external_id, external_source, currency, created_at, updated_at)
   SELECT j.value ->> 'account', '${tenantId}', j.value ->> 'id', 'A' || (j.value ->> 'i'), 'bench', 'GHS', '${iso(now)}', '${iso(now)}' FROM json_each(?) j`,
  customers,
);
let txCount = 0;
const batch = [];
const flushTx = async () => {
  await insertJson(
    `INSERT INTO transactions (id, tenant_id, customer_id, account_id, external_id, external_source, type, amount_minor, currency, status,
       transaction_date, channel, counterparty_account, counterparty_country, created_at)
     SELECT j.value ->> 'id', '${tenantId}', j.value ->> 'c', j.value ->> 'a', j.value ->> 'id', 'bench', j.value ->> 't', j.value ->> 'm', 'GHS',
       'completed', j.value ->> 'd', j.value ->> 'ch', j.value ->> 'cp', j.value ->> 'cc', '${iso(now)}' FROM json_each(?) j`,
    batch.splice(0),
  );
};
for (const c of customers) {
  for (let k = 0; k < TX_PER_CUSTOMER; k++) {
    const big = rand() < 0.01;
    batch.push({
      id: crypto.randomUUID(),
      c: c.id,
      a: c.account,
      t: rand() < 0.55 ? "credit" : "debit",
      m: big ? 4_500_000 + Math.floor(rand() * 2_000_000) : 1_000 + Math.floor(rand() * 500_000),
      d: iso(now - Math.floor(rand() * 30 * 86_400_000)),
      ch: channels[Math.floor(rand() * channels.length)],
      // Each customer deals with a handful of regular counterparties.
      cp: `CP-${(c.i * 7 + Math.floor(rand() * 6)) % 50_000}`,
      cc: rand() < 0.02 ? "NG" : "GH",
    });
    txCount++;
  }
  if (batch.length >= 20_000) await flushTx();
}
await flushTx();
console.log(
  `seeded ${CUSTOMERS} customers, ${txCount} transactions in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
);

// ---- measure ----------------------------------------------------------------------------
const runs = [
  ["backtest, current thresholds", { windowDays: 30 }],
  [
    "backtest, trial thresholds (re-runs only the statements they change)",
    { windowDays: 30, thresholds: { largeCashAmount: 40_000, velocityMaxCount: 10 } },
  ],
  ["backtest, 90-day window, all rules incl. geography", { windowDays: 90, highRiskCountries: ["NG"] }],
];
for (const [label, body] of runs) {
  const { json, ms } = await fetchJson("POST", "/v1/kyc-aml/backtest", key, body);
  const hits = json.backtest.rules.map((r) => `${r.ruleId}:${r.currentHits}/${r.trialHits}`).join(" ");
  console.log(
    `${label}: ${ms.toFixed(0)} ms, ${json.backtest.entitiesEvaluated} entities; hits current/trial ${hits}`,
  );
}
const times = [];
for (const c of customers.slice(0, 20)) {
  const { ms } = await fetchJson("POST", "/v1/kyc-aml/evaluate", key, {
    entityType: "customer",
    entityId: c.id,
    dryRun: true,
  });
  times.push(ms);
}
times.sort((a, b) => a - b);
console.log(
  `evaluate one customer (dry run, 20 runs): median ${times[10].toFixed(1)} ms, max ${times[19].toFixed(1)} ms`,
);
const { ms: cpMs } = await fetchJson("POST", "/v1/kyc-aml/evaluate", key, {
  entityType: "counterparty",
  entityId: "CP-123",
  dryRun: true,
});
console.log(`evaluate one counterparty (expression index): ${cpMs.toFixed(1)} ms`);
await mf.dispose();
