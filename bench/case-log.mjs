#!/usr/bin/env node
// Fraud case log under contention: N concurrent appends (default 1,000) to ONE case through
// the built Worker under plain Miniflare (real local D1 and Durable Objects). Prints events/s
// and latency, then checks the log: eventSequence exactly 1..N+1 and the hash chain valid.
// Usage: node bench/case-log.mjs [appends] [rounds]
import { ADMIN_TOKEN, api, startService } from "./lib/server.mjs";

const N = Number(process.argv[2] ?? 1000);
const ROUNDS = Number(process.argv[3] ?? 1);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const service = await startService();
let failed = false;
try {
  const created = await api(service.url, ADMIN_TOKEN, "POST", "/admin/tenants", { name: "bench", shard: 0 });
  const key = created.body.apiKey.key;
  console.log(`Miniflare, built Worker: ${N} concurrent appends to one fraud case, ${ROUNDS} round(s)`);
  for (let round = 1; round <= ROUNDS; round++) {
    const opened = await api(service.url, key, "POST", "/v1/fraud/cases", {
      alertId: crypto.randomUUID(),
      entityType: "merchant",
      entityId: "Bench Shop",
      severity: "high",
      overallScore: 70,
    });
    const caseId = opened.body.case.id;
    const latencies = [];
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: N }, async (_, i) => {
        const t0 = performance.now();
        const res = await api(service.url, key, "POST", `/v1/fraud/cases/${caseId}/events`, {
          eventType: "note_added",
          actorType: "user",
          actorId: `analyst-${i}`,
          noteContent: `note ${i}`,
        });
        latencies.push(performance.now() - t0);
        return res;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const ok = results.filter((r) => r.status === 201).length;
    latencies.sort((a, b) => a - b);

    // Read the whole log back in pages and check 1..N+1 (the created event is 1).
    const sequences = [];
    for (let offset = 0; ; offset += 500) {
      const page = await api(
        service.url,
        key,
        "GET",
        `/v1/fraud/cases/${caseId}/events?limit=500&offset=${offset}`,
      );
      sequences.push(...page.body.data.map((e) => e.eventSequence));
      if (!page.body.hasMore) break;
    }
    const gapless = sequences.length === N + 1 && sequences.every((s, i) => s === i + 1);
    const verify = await api(service.url, key, "GET", `/v1/fraud/cases/${caseId}/verify`);
    const fmt = (n) => n.toFixed(1);
    console.log(
      `round ${round}: ${ok}/${N} appended in ${seconds.toFixed(2)} s = ${fmt(ok / seconds)} events/s; ` +
        `latency p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(percentile(latencies, 99))} ms, max ${fmt(latencies.at(-1))} ms`,
    );
    console.log(
      `  sequences 1..${N + 1}: ${gapless ? "gapless and strictly increasing" : `BROKEN (${sequences.length} events)`}; ` +
        `hash chain valid: ${verify.body.valid} (${verify.body.eventCount} events)`,
    );
    if (ok !== N || !gapless || !verify.body.valid) failed = true;
  }
} finally {
  await service.dispose();
}
process.exit(failed ? 1 : 0);
