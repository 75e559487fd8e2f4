#!/usr/bin/env node
// Fraud case log under contention: N concurrent appends (default 1,000) to ONE case through
// the built Worker under plain Miniflare (real local D1 and Durable Objects). Prints events/s
// and latency, then checks the log: eventSequence exactly 1..N+1 and the hash chain valid.
// Usage: node bench/case-log.mjs [appends] [rounds]
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_splitSqlQuery } from "wrangler";

const N = Number(process.argv[2] ?? 1000);
const ROUNDS = Number(process.argv[3] ?? 1);
const root = resolve(import.meta.dirname, "..");
const ADMIN_TOKEN = "bench-admin-token-0123456789";

async function migrate(mf, binding, dir) {
  const db = await mf.getD1Database(binding);
  for (const file of readdirSync(join(root, dir))
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    for (const statement of unstable_splitSqlQuery(readFileSync(join(root, dir, file), "utf8"))) {
      await db.prepare(statement).run();
    }
  }
}

async function startService() {
  const outdir = mkdtempSync(join(tmpdir(), "bench-build-"));
  const build = spawnSync(
    join(root, "node_modules/.bin/wrangler"),
    ["deploy", "--dry-run", "--outdir", outdir],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    },
  );
  if (build.status !== 0) throw new Error(`build failed:\n${build.stderr}`);
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(root, "wrangler.toml"));
  const state = mkdtempSync(join(tmpdir(), "bench-state-"));
  const mf = new Miniflare({
    ...workerOptions,
    modules: true,
    scriptPath: join(outdir, "index.js"),
    modulesRoot: outdir,
    bindings: { ...workerOptions.bindings, ADMIN_TOKEN, ENVIRONMENT: "development", KEY_PREFIX: "csk_test_" },
    d1Persist: join(state, "d1"),
    r2Persist: join(state, "r2"),
    durableObjectsPersist: join(state, "do"),
    port: 0,
    host: "127.0.0.1",
    handleRuntimeStdio: (stdout, stderr) => {
      stdout.resume();
      stderr.pipe(process.stderr);
    },
  });
  const url = (await mf.ready).toString().replace(/\/$/, "");
  await migrate(mf, "CONTROL_DB", "migrations/control");
  for (const binding of ["SHARD_0", "SHARD_1"]) await migrate(mf, binding, "migrations/shard");
  return {
    url,
    dispose: async () => {
      await mf.dispose();
      rmSync(state, { recursive: true, force: true });
      rmSync(outdir, { recursive: true, force: true });
    },
  };
}

async function api(url, token, method, path, body) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

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
