#!/usr/bin/env node
/**
 * One-command provisioning (docs/operations.md#deploying):
 *   npm run deploy -- --env staging|production [--dry-run] [--fixtures <dir>]
 * Lists what the account has (wrangler's own list commands), creates the D1 databases, queues
 * and R2 bucket the environment's config names but the account lacks, writes the databases'
 * ids into wrangler.toml's [env.<env>] blocks, applies the migrations to the control database
 * and every shard, and deploys, uploading absent secrets with the version (`--secrets-file`).
 * Safe to run again: each run starts from the listing, so nothing is created twice.
 * --dry-run prints the plan, builds the bundle (`wrangler deploy --dry-run --env <env>`) and
 * changes nothing; when the listing needs a login that is absent, it plans as if the account
 * were empty. --fixtures reads recorded list outputs instead of calling wrangler (tests).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { commandOf, desiredResources, formatPlan, missingBindings, planDeploy } from "./deploy/plan.mjs";
import { recordDatabaseIds } from "./deploy/toml-ids.mjs";
import {
  parseD1List,
  parseQueuesList,
  parseR2BucketList,
  parseSecretList,
  plain,
} from "./deploy/wrangler-output.mjs";

const require = createRequire(import.meta.url);
const CONFIG = "wrangler.toml";
const WRANGLER = join(require.resolve("wrangler/package.json"), "..", "bin", "wrangler.js");
const QUIET = {
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

function args(argv) {
  const at = (flag) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const env = at("--env");
  if (env !== "staging" && env !== "production") {
    console.error("usage: npm run deploy -- --env staging|production [--dry-run]");
    process.exit(2);
  }
  return { env, dryRun: argv.includes("--dry-run"), fixtures: at("--fixtures") };
}

function wrangler(argv, { input, inherit } = {}) {
  const r = spawnSync(process.execPath, [WRANGLER, ...argv], {
    env: { ...process.env, ...QUIET },
    input,
    encoding: "utf8",
    stdio: inherit ? ["pipe", "inherit", "inherit"] : "pipe",
    maxBuffer: 64 * 1024 * 1024,
  });
  return { stdout: r.stdout ?? "", stderr: r.stderr ?? "", code: r.status ?? 1 };
}

function must(argv) {
  console.log(`$ wrangler ${argv.join(" ")}`);
  const r = wrangler(argv, { inherit: true });
  if (r.code !== 0) throw new Error(`wrangler ${argv.join(" ")} failed (exit ${r.code})`);
}

/** What the account holds, from wrangler (or from recorded outputs under --fixtures). */
function listExisting(env, fixtures) {
  if (fixtures) {
    const read = (f) => readFileSync(join(fixtures, f), "utf8");
    const secrets = (() => {
      try {
        return parseSecretList(read("secret-list.json"), "", 0);
      } catch {
        return null;
      }
    })();
    return {
      databases: parseD1List(read("d1-list.json")),
      queues: new Set(parseQueuesList(read("queues-list.txt"))),
      buckets: new Set(parseR2BucketList(read("r2-bucket-list.txt"))),
      secrets,
    };
  }
  const run = (argv) => {
    const r = wrangler(argv);
    if (r.code !== 0) throw new Error(`wrangler ${argv.join(" ")}: ${plain(r.stderr).trim()}`);
    return r.stdout;
  };
  const queues = new Set();
  // `queues list` prints one page; read pages until one adds nothing.
  for (let page = 1; page < 100; page++) {
    const names = parseQueuesList(run(["queues", "list", "--page", String(page)]));
    const before = queues.size;
    for (const n of names) queues.add(n);
    if (names.length === 0 || queues.size === before) break;
  }
  const s = wrangler(["secret", "list", "--format", "json", "--env", env]);
  return {
    databases: parseD1List(run(["d1", "list", "--json"])),
    queues,
    buckets: new Set(parseR2BucketList(run(["r2", "bucket", "list"]))),
    secrets: parseSecretList(s.stdout, s.stderr, s.code),
  };
}

/** Values of absent secrets: from the environment (CI), else generated and shown once on a terminal. */
function secretValues(names) {
  const values = {};
  const generated = [];
  for (const name of names) {
    if (process.env[name]) values[name] = process.env[name];
    else {
      values[name] = randomBytes(32).toString("base64");
      generated.push(name);
    }
  }
  if (generated.length && !process.stdout.isTTY)
    throw new Error(
      `${generated.join(", ")} absent: set them in the environment, or run on a terminal to generate them`,
    );
  for (const name of generated)
    console.log(`\n${name} (generated; store it now, it is not shown again):\n  ${values[name]}\n`);
  return values;
}

function main() {
  const { env, dryRun, fixtures } = args(process.argv.slice(2));
  const { unstable_readConfig: readConfig } = require("wrangler");
  const config = readConfig({ config: CONFIG, env }, {});
  const missing = missingBindings(readConfig({ config: CONFIG }, {}), config);
  if (missing.length) throw new Error(`[env.${env}] in ${CONFIG} lacks: ${missing.join("; ")}`);
  const desired = desiredResources(config);

  let existing;
  try {
    existing = listExisting(env, fixtures);
  } catch (err) {
    if (!dryRun) throw err;
    console.log(
      `(could not list the account: ${String(err.message).split("\n")[0]}; planning as if it were empty)\n`,
    );
    existing = { databases: new Map(), queues: new Set(), buckets: new Set(), secrets: null };
  }
  const steps = planDeploy({ env, desired, existing });
  console.log(`Deploy plan for ${env} (${desired.worker}):\n${formatPlan(steps, env).join("\n")}`);
  if (dryRun) {
    // The bundle builds and the environment's bindings resolve, without an account.
    if (!fixtures) must(["deploy", "--dry-run", "--env", env, "--outdir", "dist"]);
    return;
  }

  for (const step of steps) {
    if (step.kind === "record-ids") {
      const ids = parseD1List(wrangler(["d1", "list", "--json"]).stdout);
      const byBinding = Object.fromEntries(
        step.bindings.map((b) => [b, ids.get(desired.databases.find((d) => d.binding === b).name)]),
      );
      const { toml, changed } = recordDatabaseIds(readFileSync(CONFIG, "utf8"), env, byBinding);
      writeFileSync(CONFIG, toml);
      console.log(`recorded ids of ${changed.join(", ") || "nothing new"} in ${CONFIG} (commit it)`);
    } else if (step.kind === "deploy" && step.secrets.length) {
      const dir = mkdtempSync(join(tmpdir(), "deploy-secrets-"));
      try {
        const file = join(dir, "secrets.json");
        writeFileSync(file, JSON.stringify(secretValues(step.secrets)), { mode: 0o600 });
        must(["deploy", "--env", env, "--secrets-file", file]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    } else must(commandOf(step, env));
  }
}

try {
  main();
} catch (err) {
  console.error(`deploy: ${err.message}`);
  process.exit(1);
}
