#!/usr/bin/env node
// `npm start`: a working local service in one command.
// 1. .dev.vars with a random ADMIN_TOKEN and SECRETS_KEY when missing  2. migrations on every local database
// 3. wrangler dev on :8787 (ENVIRONMENT=development, csk_test_ keys)  4. two demo tenants on
// different shards, seeded through the public ingest API when empty, screened in one portfolio run
// each on the queue  5. keys, a curl and how long each phase took printed.
// Running it again keeps the data (local state lives in .wrangler/).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_splitSqlQuery } from "wrangler";
import { writeFileAtomic } from "./lib/files.mjs";
import { provisionDemo } from "./seed/provision.mjs";

const root = resolve(import.meta.dirname, "..");
const PORT = Number(process.env.PORT ?? 8787);
const BASE = `http://localhost:${PORT}`;
const quiet = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};
const wrangler = join(root, "node_modules/.bin/wrangler");
// wrangler dev runs Miniflare in its Node process: without this its queue broker stops for good
// after a batch over 5 s (a portfolio screening step, a backtest step; scripts/lib/loopback-keepalive.cjs).
const keepalive = `--require "${join(root, "scripts/lib/loopback-keepalive.cjs")}"`; // quoted: a path may hold spaces

/** How long each phase of the start took, printed on one line once the keys are. */
const phases = [];
async function timed(label, fn) {
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    phases.push(`${label} ${((performance.now() - t0) / 1000).toFixed(1)}`);
  }
}

/** Adds `name=<value>` to .dev.vars unless it is there; returns the value either way. */
function ensureDevVar(name, make) {
  const file = join(root, ".dev.vars");
  const existing = existsSync(file) ? readFileSync(file, "utf8") : "";
  const match = existing.match(new RegExp(`^${name}=(.+)$`, "m"));
  if (match) return match[1].trim();
  const value = make();
  writeFileAtomic(file, `${existing}${existing && !existing.endsWith("\n") ? "\n" : ""}${name}=${value}\n`);
  console.log(`Added a random ${name} to .dev.vars.`);
  return value;
}

function ensureDevVars() {
  // SECRETS_KEY seals stored webhook secrets and connector passwords (src/lib/sealed.ts).
  ensureDevVar("SECRETS_KEY", () => randomBytes(32).toString("base64"));
  return ensureDevVar("ADMIN_TOKEN", () => `adm_${randomBytes(24).toString("base64url")}`);
}

/** Every D1 binding with migrations in wrangler.toml (the control database and each SHARD_<n>) and its folder. */
function migratedDatabases() {
  const { unstable_readConfig: readConfig } = createRequire(import.meta.url)("wrangler");
  const config = readConfig({ config: join(root, "wrangler.toml") }, {});
  return config.d1_databases.filter((d) => d.migrations_dir).map((d) => [d.binding, d.migrations_dir]);
}

/**
 * Applies the migrations not yet applied to each local database, in this process through
 * Miniflare on the state `wrangler dev` uses (.wrangler/state/v3/d1), tracked in wrangler's own
 * `d1_migrations` table, so `wrangler d1 migrations apply --local` agrees with it. Three
 * `wrangler d1 migrations apply` processes took about 45 s of the start on a busy machine (and
 * side by side they fail with SQLITE_BUSY); this takes a few seconds.
 */
async function migrate() {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(root, "wrangler.toml"));
  const mf = new Miniflare({
    modules: true,
    script: "export default {}",
    d1Databases: workerOptions.d1Databases,
    d1Persist: join(root, ".wrangler/state/v3/d1"),
  });
  try {
    for (const [binding, dir] of migratedDatabases()) {
      process.stdout.write(`Applying migrations to ${binding}... `);
      const db = await mf.getD1Database(binding);
      await db
        .prepare(
          "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
        )
        .run();
      const applied = new Set(
        (await db.prepare("SELECT name FROM d1_migrations").all()).results.map((r) => r.name),
      );
      const pending = readdirSync(join(root, dir))
        .filter((f) => f.endsWith(".sql") && !applied.has(f))
        .sort();
      // One batch (one transaction) per file with its d1_migrations row: a start killed in the
      // middle leaves the file applied whole or not at all, so the next start can apply it
      // (statement by statement, a kill left "table ... already exists" for every later start).
      for (const file of pending) {
        const statements = unstable_splitSqlQuery(readFileSync(join(root, dir, file), "utf8"));
        await db.batch([
          ...statements.map((q) => db.prepare(q)),
          db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(file),
        ]);
      }
      console.log(pending.length ? `${pending.length} applied` : "up to date");
    }
  } finally {
    await mf.dispose();
  }
}

async function waitForHealth(child) {
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error("wrangler dev exited; see .wrangler/dev.log");
    try {
      const res = await fetch(`${BASE}/health`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the service did not answer on ${BASE}/health within 60 s`);
}

/**
 * Crons never fire by themselves under wrangler dev. The minute cron holds the sweeps that finish
 * what a killed or interrupted process left (screenings whose queue message died, stalled moves
 * and erasures, stuck webhook deliveries, lost portfolio-run steps): tick it as the platform
 * would, once a minute, through the trigger `--test-scheduled` opens (docs/decisions/faults.md).
 */
function tickMinuteCron() {
  console.log("The minute cron is ticked every 60 s (GET /__scheduled?cron=*+*+*+*+*).");
  setInterval(() => {
    fetch(`${BASE}/__scheduled?cron=*+*+*+*+*`)
      .then((res) => res.arrayBuffer())
      .catch(() => {}); // wrangler dev restarting: the next tick tries again
  }, 60_000);
}

const started = performance.now();
const adminToken = ensureDevVars();
await timed("migrations", migrate);
mkdirSync(join(root, ".wrangler"), { recursive: true });
const log = createWriteStream(join(root, ".wrangler/dev.log"), { flags: "a" });
let echo = false; // request logs go to .wrangler/dev.log while seeding, to the terminal after
const dev = spawn(
  wrangler,
  [
    "dev",
    "--port",
    String(PORT),
    "--ip",
    "127.0.0.1",
    "--var",
    "ENVIRONMENT:development",
    "--var",
    "KEY_PREFIX:csk_test_",
    // GET /__scheduled?cron=... ticks a cron by hand. /cdn-cgi/handler/scheduled does not: with
    // [assets] wrangler dev hands it to its asset router, which has no scheduled handler
    // ("exception", nothing logged, the Worker never called).
    "--test-scheduled",
  ],
  {
    cwd: root,
    env: { ...quiet, NODE_OPTIONS: [process.env.NODE_OPTIONS, keepalive].filter(Boolean).join(" ") },
    stdio: ["ignore", "pipe", "pipe"],
  },
);
for (const stream of [dev.stdout, dev.stderr]) {
  stream.on("data", (chunk) => {
    log.write(chunk);
    if (echo) process.stdout.write(chunk);
  });
}
const stop = () => dev.kill("SIGINT");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
dev.on("exit", (code) => process.exit(code ?? 0));

try {
  console.log(`Starting wrangler dev on ${BASE} ...`);
  await timed("wrangler dev", () => waitForHealth(dev));
  const tenants = await provisionDemo({
    base: BASE,
    adminToken,
    keyFile: join(root, ".wrangler/demo-keys.json"),
    timed,
  });
  console.log(
    `\nCredit Operations API is running on ${BASE} (ready in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  console.log(`  Docs:         ${BASE}/v1/docs   (OpenAPI: ${BASE}/v1/openapi.json)`);
  console.log("  Admin token:  ADMIN_TOKEN in .dev.vars");
  console.log("  Demo keys:    also saved in .wrangler/demo-keys.json");
  for (const t of tenants) {
    console.log(
      `\n  ${t.name}  (tenant ${t.id}, shard ${t.shard}${t.agentNetwork ? ", agent network" : ""})`,
    );
    console.log(`    API key: ${t.key}`);
  }
  console.log(
    `\nTry:\n  curl -s -H "Authorization: Bearer ${tenants[0].key}" "${BASE}/v1/customers?limit=3"\n`,
  );
  console.log(`Phases (s): ${phases.join(", ")}`);
  tickMinuteCron();
  console.log("Request logs follow (Ctrl-C to stop).\n");
  echo = true;
} catch (err) {
  console.error(`\nStartup failed: ${err instanceof Error ? err.message : err}`);
  stop();
  process.exitCode = 1;
}
