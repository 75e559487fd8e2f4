#!/usr/bin/env node
// Webhook delivery at volume: N events (default 10,000) recorded in the outbox in batches of
// 100, each batch followed by its outbox.dispatch job (as a capability's notifyOutbox does),
// fanned out to one subscription and delivered by the queue consumer to a verifying receiver
// on 127.0.0.1, all under Miniflare with the built Worker.
// Prints delivered, lost (must be 0), duplicates, failed verifications, throughput and
// p50/p99 event-to-delivery latency (event created_at -> first arrival at the receiver).
// Usage: node bench/webhooks.mjs [events] [eventsPerSecond]
import { figure } from "./lib/figures.mjs";
import { insertEvents, sleep, startReceiver, until } from "./lib/receiver.mjs";
import { ADMIN_TOKEN, api, startService } from "./lib/server.mjs";

const total = Number(process.argv[2] ?? 10_000);
const rate = Number(process.argv[3] ?? 0); // 0: as fast as the outbox takes them
const BATCH = 100;

const receiver = await startReceiver(() => 200);
const service = await startService();
try {
  const created = await api(service.url, ADMIN_TOKEN, "POST", "/admin/tenants", {
    name: "webhooks bench",
    shard: 0,
  });
  const tenantId = created.body.tenant.id;
  const key = created.body.apiKey.key;
  const sub = await api(service.url, key, "POST", "/v1/webhooks/subscriptions", {
    url: `${receiver.base}/bench`,
    eventTypes: ["*"],
  });
  receiver.secrets.bench = sub.body.secret;

  const db = await service.mf.getD1Database("SHARD_0");
  const outbox = await service.mf.getQueueProducer("OUTBOX_QUEUE");
  const createdAt = new Map();
  const started = Date.now();
  for (let i = 0; i < total; i += BATCH) {
    const at = new Date();
    const batch = Array.from({ length: Math.min(BATCH, total - i) }, (_, k) => ({
      id: crypto.randomUUID(),
      type: "bhi.calculated",
      createdAt: at.toISOString(),
      data: {
        customerId: crypto.randomUUID(),
        bhiOverall: 50 + ((i + k) % 50),
        bhiBand: "fair",
        trend: "stable",
        alerts: [],
      },
    }));
    for (const e of batch) createdAt.set(e.id, at.getTime());
    await insertEvents(db, tenantId, batch);
    await outbox.send({ type: "outbox.dispatch", tenantId });
    if (rate > 0) await sleep((BATCH / rate) * 1000);
  }
  const produced = Date.now();
  await until(() => new Set(receiver.requests.map((r) => r.eventId)).size >= total, {
    timeoutMs: 20 * 60_000,
    everyMs: 500,
  });
  const finished = Date.now();
  await sleep(3000); // late duplicates, if any, would arrive now

  const first = new Map();
  for (const r of receiver.requests) if (!first.has(r.eventId)) first.set(r.eventId, r.at);
  const delivered = [...createdAt.keys()].filter((id) => first.has(id)).length;
  const latencies = [...first.entries()]
    .filter(([id]) => createdAt.has(id))
    .map(([id, at]) => at - createdAt.get(id))
    .sort((a, b) => a - b);
  const pct = (p, sorted = latencies) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  // Where the time goes: event -> its delivery row (the outbox hop: OUTBOX_QUEUE + fan-out) and
  // delivery row -> arrival (the delivery hop: WEBHOOK_QUEUE + the consumer's attempt).
  const fannedOut = new Map(
    (
      await db
        .prepare(
          "SELECT event_id, created_at FROM webhook_deliveries WHERE tenant_id = ? AND replay_of IS NULL",
        )
        .bind(tenantId)
        .all()
    ).results.map((r) => [r.event_id, Date.parse(r.created_at)]),
  );
  const hops = { outbox: [], delivery: [] };
  for (const [id, at] of first) {
    if (!createdAt.has(id) || !fannedOut.has(id)) continue;
    hops.outbox.push(fannedOut.get(id) - createdAt.get(id));
    hops.delivery.push(at - fannedOut.get(id));
  }
  for (const list of Object.values(hops)) list.sort((a, b) => a - b);
  const dead = await api(service.url, key, "GET", "/v1/webhooks/deliveries?status=dead&limit=1");
  console.log(`events ${total}, one subscription, Miniflare + built Worker, receiver on 127.0.0.1`);
  console.log(
    `produced in ${((produced - started) / 1000).toFixed(1)} s${rate ? ` (target ${rate}/s)` : ""}`,
  );
  console.log(`delivered   ${delivered}`);
  console.log(`lost        ${total - delivered}`);
  console.log(`duplicates  ${receiver.requests.length - first.size}`);
  console.log(`unverified  ${receiver.requests.filter((r) => !r.verified).length}`);
  console.log(`dead        ${dead.body.pagination?.total ?? "?"}`);
  console.log(`throughput  ${(delivered / ((finished - started) / 1000)).toFixed(0)} deliveries/s`);
  console.log(`latency     p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${latencies.at(-1) ?? 0} ms`);
  console.log(
    `  outbox hop   p50 ${pct(50, hops.outbox)} ms, p99 ${pct(99, hops.outbox)} ms (event -> delivery row)`,
  );
  console.log(
    `  delivery hop p50 ${pct(50, hops.delivery)} ms, p99 ${pct(99, hops.delivery)} ms (delivery row -> receiver)`,
  );
  // Budgets (issue 21): p99 <= 0.5 s at 50 events/s and <= 2 s at 200/s; a burst >= 600/s.
  const at = rate ? `${rate}/s` : "burst";
  figure(`webhooks.lost@${at}`, total - delivered, "", { max: 0 });
  figure(`webhooks.duplicates@${at}`, receiver.requests.length - first.size, "", { max: 0 });
  if (rate) figure(`webhooks.p99_ms@${at}`, pct(99), "ms", { max: rate <= 50 ? 500 : 2000 });
  else
    figure("webhooks.deliveries_per_s@burst", delivered / ((finished - started) / 1000), "/s", { min: 600 });
  if (delivered !== total) process.exitCode = 1;
} finally {
  await service.dispose();
  await receiver.close();
}
