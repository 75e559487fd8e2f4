#!/usr/bin/env node
import { insertEvents, sleep, startReceiver, until } from "./lib/receiver.mjs";
// Fairness between tenants (docs/decisions/fairness.md): tenant B records webhook events at a
// steady rate (each followed by its outbox.dispatch, as notifyOutbox sends it) while tenant A
// floods the jobs queue with queued AML backtests over its own data. Prints B's
// event-to-delivery p50/p99 with no flood, then during A's flood, and the p99's change (goal:
// within 20%). With --shared, a third phase sends B's outbox.dispatch on the jobs queue, as the
// design before the outbox queue did, to show what the isolation buys.
// Phases of 60 s at 10 events/s: B's p99 is then the 6th-highest of ~500 latencies. At 20 s it
// was the 2nd-highest of ~170, and one delivery that met one of A's statements decided the
// verdict (docs/decisions/fairness.md#bench). A's default flood outlasts the phase.
// Usage: node bench/fairness.mjs [seconds per phase] [B events per second] [A backtests] [A customers] [--shared]
import { ADMIN_TOKEN, api, startService } from "./lib/server.mjs";

const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const seconds = Number(args[0] ?? 60);
const rate = Number(args[1] ?? 10);
const flood = Number(args[2] ?? 500);
const shared = process.argv.includes("--shared");
const SEED_CUSTOMERS = Number(args[3] ?? 500);

const receiver = await startReceiver(() => 200);
const service = await startService();
const tenant = async (name) => {
  const created = await api(service.url, ADMIN_TOKEN, "POST", "/admin/tenants", { name, shard: 0 });
  return { id: created.body.tenant.id, key: created.body.apiKey.key };
};

/** A's data, written straight into the shard: customers with one account and `perCustomer` transactions. */
async function seedA(a, customers = SEED_CUSTOMERS, perCustomer = 10) {
  const db = await service.mf.getD1Database("SHARD_0");
  // D1 reports the database's size after each statement: the growth per table over its rows
  // is what BYTES_PER_ROW (src/modules/usage/domain/quota.ts) estimates.
  const sizes = [(await db.prepare("SELECT 1").run()).meta.size_after];
  const grew = (result) => sizes.push(result.meta.size_after);
  const now = Date.now();
  const iso = (ms) => new Date(ms).toISOString();
  const rows = Array.from({ length: customers }, (_, i) => ({
    i,
    c: crypto.randomUUID(),
    a: crypto.randomUUID(),
  }));
  await db
    .prepare(
      `INSERT INTO customers (id, tenant_id, external_id, external_source, type, name, status, tags, business_info, created_at, updated_at)
       SELECT j.value ->> 'c', ?1, 'C' || (j.value ->> 'i'), 'bench', 'individual', 'Customer ' || (j.value ->> 'i'), 'active', '[]', '{}', ?2, ?2
       FROM json_each(?3) j`,
    )
    .bind(a.id, iso(now), JSON.stringify(rows))
    .run()
    .then(grew);
  await db
    .prepare(
      `INSERT INTO accounts (id, tenant_id, customer_id, external_id, external_source, currency, created_at, updated_at)
       SELECT j.value ->> 'a', ?1, j.value ->> 'c', 'A' || (j.value ->> 'i'), 'bench', 'GHS', ?2, ?2 FROM json_each(?3) j`,
    )
    .bind(a.id, iso(now), JSON.stringify(rows))
    .run()
    .then(grew);
  for (let k = 0; k < perCustomer; k++) {
    const txns = rows.map((r) => ({
      id: crypto.randomUUID(),
      c: r.c,
      a: r.a,
      t: (r.i + k) % 2 ? "debit" : "credit",
      m: 1_000 + ((r.i * 7919 + k * 104729) % 5_000_000),
      d: iso(now - ((r.i * 31 + k * 17) % 30) * 86_400_000),
    }));
    await db
      .prepare(
        `INSERT INTO transactions (id, tenant_id, customer_id, account_id, external_id, external_source, type, amount_minor, currency,
           status, transaction_date, channel, created_at)
         SELECT j.value ->> 'id', ?1, j.value ->> 'c', j.value ->> 'a', j.value ->> 'id', 'bench', j.value ->> 't', j.value ->> 'm', 'GHS',
           'completed', j.value ->> 'd', 'mobile_money', ?2 FROM json_each(?3) j`,
      )
      .bind(a.id, iso(now), JSON.stringify(txns))
      .run();
  }
  grew(await db.prepare("SELECT 1").run());
  const per = (i, n) => ((sizes[i + 1] - sizes[i]) / n).toFixed(0);
  return `bytes per row on the shard (D1 size_after): customers ${per(0, customers)}, accounts ${per(1, customers)}, transactions ${per(2, customers * perCustomer)}`;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** B's steady stream for `seconds`; returns its event-to-first-delivery latencies, sorted. */
async function phase(b, route, queueName) {
  const db = await service.mf.getD1Database("SHARD_0");
  const queue = await service.mf.getQueueProducer(queueName);
  const createdAt = new Map();
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const at = new Date();
    const id = crypto.randomUUID();
    createdAt.set(id, at.getTime());
    const data = {
      customerId: crypto.randomUUID(),
      bhiOverall: 60,
      bhiBand: "fair",
      trend: "stable",
      alerts: [],
    };
    await insertEvents(db, b.id, [{ id, type: "bhi.calculated", createdAt: at.toISOString(), data }]);
    await queue.send({ type: "outbox.dispatch", tenantId: b.id });
    await sleep(1000 / rate);
  }
  const arrived = () => receiver.requests.filter((r) => r.route === route && createdAt.has(r.eventId));
  await until(() => new Set(arrived().map((r) => r.eventId)).size >= createdAt.size, {
    timeoutMs: 10 * 60_000,
    everyMs: 250,
  });
  const first = new Map();
  for (const r of arrived()) if (!first.has(r.eventId)) first.set(r.eventId, r.at);
  const latencies = [...first].map(([id, at]) => at - createdAt.get(id)).sort((x, y) => x - y);
  return { events: createdAt.size, delivered: first.size, latencies };
}

async function subscribe(b, route) {
  const sub = await api(service.url, b.key, "POST", "/v1/webhooks/subscriptions", {
    url: `${receiver.base}/${route}`,
    eventTypes: ["bhi.calculated"],
  });
  receiver.secrets[route] = sub.body.secret;
}

/** A's flood: `flood` distinct queued backtests (distinct bodies, so dedupe joins none). */
async function startFlood(a) {
  const ids = [];
  for (let i = 0; i < flood; i++) {
    const body = { async: true, windowDays: 30 + (i % 300), top: 1 + (Math.floor(i / 300) % 100) };
    // A dropped local connection is retried: the same body joins the run it may have queued.
    const res = await api(service.url, a.key, "POST", "/v1/kyc-aml/backtest", body).catch(async () => {
      await sleep(500);
      return api(service.url, a.key, "POST", "/v1/kyc-aml/backtest", body);
    });
    if (res.status !== 202) throw new Error(`backtest: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(res.body.backtestId);
  }
  return ids;
}

const line = (label, r) =>
  `${label.padEnd(34)} events ${String(r.events).padStart(4)}  delivered ${String(r.delivered).padStart(4)}  p50 ${String(pct(r.latencies, 50)).padStart(5)} ms  p99 ${String(pct(r.latencies, 99)).padStart(5)} ms`;

try {
  const a = await tenant("flooding tenant A");
  const b = await tenant("webhook tenant B");
  const bytesPerRow = await seedA(a);
  for (const route of ["baseline", "flood", "shared"]) await subscribe(b, route);

  const baseline = await phase(b, "baseline", "OUTBOX_QUEUE");
  // Only the baseline subscription should receive during its phase: disable it afterwards.
  const subs = await api(service.url, b.key, "GET", "/v1/webhooks/subscriptions");
  const byUrl = (route) => subs.body.data.find((s) => s.url.endsWith(`/${route}`)).id;
  const toggle = (route, enabled) =>
    api(service.url, b.key, "PATCH", `/v1/webhooks/subscriptions/${byUrl(route)}`, { enabled });

  await toggle("baseline", false);
  await toggle("shared", false);
  const started = Date.now();
  const floodIds = await startFlood(a);
  const during = await phase(b, "flood", "OUTBOX_QUEUE");
  const usage = await api(service.url, a.key, "GET", "/v1/usage");
  let sharedPhase;
  if (shared) {
    await toggle("flood", false);
    await toggle("shared", true);
    await startFlood(a);
    sharedPhase = await phase(b, "shared", "JOBS_QUEUE");
  }
  const done = async () => {
    let finished = 0;
    for (const id of floodIds) {
      const r = await api(service.url, a.key, "GET", `/v1/kyc-aml/backtests/${id}`);
      if (r.body.status !== "queued") finished++;
    }
    return finished;
  };
  const finished = await done();

  console.log(
    `fairness: Miniflare + built Worker, B at ${rate} events/s for ${seconds} s per phase; A floods ${flood} queued AML backtests (${SEED_CUSTOMERS} customers, 10 transactions each)`,
  );
  console.log(`A's seed: ${bytesPerRow}`);
  console.log(line("B alone", baseline));
  console.log(line("B during A's flood (outbox queue)", during));
  if (sharedPhase) console.log(line("B's dispatch on the jobs queue", sharedPhase));
  const p99 = (r) => pct(r.latencies, 99);
  const change = ((p99(during) - p99(baseline)) / Math.max(1, p99(baseline))) * 100;
  console.log(
    `B's p99 change under the flood: ${change >= 0 ? "+" : ""}${change.toFixed(1)}% (goal: within 20%)`,
  );
  console.log(
    `A: ${finished} of ${flood} backtests finished ${((Date.now() - started) / 1000).toFixed(0)} s after the flood began; A's jobs running at the end: ${usage.body.jobs?.running} (limit ${usage.body.jobs?.concurrency})`,
  );
  if (baseline.delivered !== baseline.events || during.delivered !== during.events) process.exitCode = 1;
} finally {
  await service.dispose();
  await receiver.close();
}
