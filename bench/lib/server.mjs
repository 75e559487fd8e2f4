// Benchmarks load-test the built Worker under plain Miniflare (STACK.md: wrangler dev's proxy and
// per-request logging cost ~3x). This builds the bundle, starts Miniflare with the wrangler.toml
// bindings (local D1, R2, Queues, Durable Objects), applies every migration and hands back a URL.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_splitSqlQuery } from "wrangler";
import "../../scripts/lib/loopback-keepalive.cjs";

const root = resolve(import.meta.dirname, "../..");

export const ADMIN_TOKEN = "bench-admin-token-0123456789";
/** Seals stored webhook secrets and connector passwords (src/lib/sealed.ts): 32 bytes, base64. */
const SECRETS_KEY = Buffer.alloc(32, 7).toString("base64");

/**
 * Applies the migrations not applied before, tracked in wrangler's own d1_migrations table (the
 * Worker reads it: a shard behind on migrations gets no new tenants), so state can persist.
 */
async function migrate(mf, binding, dir, tree = root) {
  const db = await mf.getD1Database(binding);
  await db
    .prepare(
      "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
    )
    .run();
  // Bench state seeded before tracked its migrations in bench_migrations.
  await db
    .prepare("INSERT OR IGNORE INTO d1_migrations (name) SELECT name FROM bench_migrations")
    .run()
    .catch(() => {});
  for (const file of readdirSync(join(tree, dir))
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    if (await db.prepare("SELECT 1 FROM d1_migrations WHERE name = ?").bind(file).first()) continue;
    for (const statement of unstable_splitSqlQuery(readFileSync(join(tree, dir, file), "utf8"))) {
      await db.prepare(statement).run();
    }
    await db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(file).run();
  }
}

/**
 * Builds the Worker as a deployment would (`wrangler deploy --dry-run`); returns the folder.
 * `tree`: another checkout of the repository (bench/worker-weight.mjs --against); `extra`: more
 * wrangler arguments (`--minify`).
 */
export function buildWorker(outdir = mkdtempSync(join(tmpdir(), "bench-build-")), tree = root, extra = []) {
  const build = spawnSync(
    join(tree, "node_modules/.bin/wrangler"),
    ["deploy", "--dry-run", "--outdir", outdir, ...extra],
    {
      cwd: tree,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    },
  );
  if (build.status !== 0) throw new Error(`build failed:\n${build.stderr}`);
  return outdir;
}

/**
 * Miniflare's options for the built Worker in `outdir` with its state under `state`;
 * `rateLimits` keeps the per-key limiter (and its RateLimit-* headers) that benchmarks drop.
 */
export function miniflareOptions(
  outdir,
  state,
  { vars = {}, rateLimits = false, tree = root, port = 0 } = {},
) {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(tree, "wrangler.toml"));
  return {
    ...workerOptions,
    modules: true,
    scriptPath: join(outdir, "index.js"),
    modulesRoot: outdir,
    bindings: {
      ...workerOptions.bindings,
      ADMIN_TOKEN,
      SECRETS_KEY,
      ENVIRONMENT: "development",
      KEY_PREFIX: "csk_test_",
      ...vars,
    },
    // Benchmarks drive one key far past the production budget on purpose: without the per-key
    // limiter binding the Worker does not count (its Durable Object call costs ~1-3 ms a request
    // locally; docs/decisions/http-conventions.md#rate-limits).
    durableObjects: Object.fromEntries(
      Object.entries(workerOptions.durableObjects ?? {}).filter(
        ([name]) => rateLimits || name !== "KEY_RATE_LIMITER",
      ),
    ),
    // Nor the per-address budget (3,000 a minute), which a bench from one address passes
    // within a minute once the Worker keeps up (a 200/s run answered 429 to 231 requests).
    ratelimits: rateLimits ? workerOptions.ratelimits : {},
    d1Persist: join(state, "d1"),
    r2Persist: join(state, "r2"),
    durableObjectsPersist: join(state, "do"),
    port,
    host: "127.0.0.1",
    ...(process.env.BENCH_VERBOSE ? { verbose: true } : {}),
    // BENCH_INSPECTOR_PORT opens workerd's inspector (bench/lib/cpu-profile.mjs takes CPU profiles).
    ...(process.env.BENCH_INSPECTOR_PORT ? { inspectorPort: Number(process.env.BENCH_INSPECTOR_PORT) } : {}),
    // BENCH_LOG=debug shows Miniflare's own log (queue broker dispatches, retries, errors).
    ...(process.env.BENCH_LOG ? { log: new Log(LogLevel[process.env.BENCH_LOG.toUpperCase()]) } : {}),
    // The Worker's per-request log lines would swamp the figures; keep stderr for crashes.
    handleRuntimeStdio: (stdout, stderr) => {
      stdout.resume();
      stderr.pipe(process.stderr);
    },
  };
}

/**
 * Starts the service; `persistTo` keeps state between runs (default: a fresh temp dir);
 * `rateLimits` keeps the per-key limiter (and its RateLimit-* headers) that benchmarks drop;
 * `built` serves a bundle already built by `buildWorker` (kept on dispose) from checkout `tree`;
 * `port` a fixed port (a restarted service keeps its address).
 */
export async function startService({
  persistTo,
  vars = {},
  rateLimits = false,
  built,
  tree = root,
  port = 0,
} = {}) {
  const outdir = built ?? buildWorker(undefined, tree);
  let state;
  let mf;
  let url;
  // Miniflare's synchronous D1 proxy sometimes fails an assertion while the migrations run
  // (`SynchronousFetcher`, seen when two benches start at once on a loaded machine): the service is
  // started again, on a fresh state when it had one; applied migrations are skipped.
  for (let attempt = 1; ; attempt++) {
    state = persistTo ?? mkdtempSync(join(tmpdir(), "bench-state-"));
    mf = new Miniflare(miniflareOptions(outdir, state, { vars, rateLimits, tree, port }));
    try {
      url = (await mf.ready).toString().replace(/\/$/, "");
      await migrate(mf, "CONTROL_DB", "migrations/control", tree);
      for (const binding of ["SHARD_0", "SHARD_1"]) await migrate(mf, binding, "migrations/shard", tree);
      break;
    } catch (err) {
      await mf.dispose().catch(() => {});
      if (!persistTo) rmSync(state, { recursive: true, force: true });
      if (attempt >= 3) throw err;
      console.error(`service start failed (${err.message}); starting again (attempt ${attempt + 1} of 3)`);
    }
  }
  const dispose = async () => {
    await mf.dispose();
    if (!persistTo) rmSync(state, { recursive: true, force: true });
    if (!built) rmSync(outdir, { recursive: true, force: true });
  };
  return { url, mf, state, dispose };
}

export async function api(url, token, method, path, body, contentType = "application/json") {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { "content-type": contentType } : {}),
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, body: json, headers: res.headers };
}

/** Closed-loop load: `concurrency` clients for `seconds`; returns req/s and latency percentiles. */
export async function load(makeRequest, { concurrency = 20, seconds = 5 } = {}) {
  const latencies = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const res = await makeRequest();
        await res.arrayBuffer();
        if (!res.ok) errors++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { requests: latencies.length, rps: latencies.length / seconds, p50: pct(50), p99: pct(99), errors };
}

/**
 * Ingest records of `count` customers C<from>.. with one GHS account each (A<from>..), named
 * `<label> <i>` with `balance`.
 */
export function customersWithAccounts(
  count,
  source,
  { from = 0, label = "Business", balance = "100.00" } = {},
) {
  const customers = Array.from({ length: count }, (_, k) => ({
    externalId: `C${from + k}`,
    externalSource: source,
    name: `${label} ${from + k}`,
  }));
  const accounts = customers.map((c, k) => ({
    externalId: `A${from + k}`,
    externalSource: source,
    customerExternalId: c.externalId,
    currency: "GHS",
    currentBalance: balance,
  }));
  return { customers, accounts };
}

/**
 * Transaction `i`, the `k`-th of request `b`, on account A<customer>, as the arrival benches
 * (bench/monitoring.mjs, bench/ingest-cpu.mjs) send them: 1% large cash deposits (some rules
 * fire, some cases open), dated within the 29 days before `now`, ARRIVAL_COUNTERPARTIES a request.
 */
export const ARRIVAL_COUNTERPARTIES = 10;
export const arrivalTransaction = (i, b, k, customer, now) => {
  const large = i % 100 === 0;
  return {
    externalId: `T${i}`,
    externalSource: "bench",
    accountExternalId: `A${customer}`,
    type: large || i % 3 ? "credit" : "debit",
    amount: large ? "60000.00" : `${(i % 5000) + 1}.${String(i % 100).padStart(2, "0")}`,
    currency: "GHS",
    transactionDate: new Date(now - ((i * 7919) % (29 * 86_400)) * 1000 - 60_000).toISOString(),
    channel: large || i % 2 ? "cash" : "mobile_money",
    counterpartyName: `CP-${b}-${k % ARRIVAL_COUNTERPARTIES}`,
  };
};

/**
 * A new tenant (shard 0) with `count` customers C0.. and one GHS account each (A0..), through the
 * API; answers its key. `settings` go into the tenant's creation.
 */
export async function tenantWithAccounts(url, { name, count, source, settings }) {
  const created = await api(url, ADMIN_TOKEN, "POST", "/admin/tenants", {
    name,
    shard: 0,
    ...(settings ? { settings } : {}),
  });
  const key = created.body.apiKey.key;
  const { customers, accounts } = customersWithAccounts(count, source);
  await api(url, key, "POST", "/v1/ingest/customers", customers);
  await api(url, key, "POST", "/v1/ingest/accounts", accounts);
  return key;
}
