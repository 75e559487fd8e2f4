import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { desiredResources, missingBindings, planDeploy } from "./plan.mjs";
import { recordDatabaseIds } from "./toml-ids.mjs";
import { parseD1List, parseQueuesList, parseR2BucketList, parseSecretList } from "./wrangler-output.mjs";

const require = createRequire(import.meta.url);
const { unstable_readConfig: readConfig } = require("wrangler");
const FIXTURES = new URL("./fixtures/", import.meta.url).pathname;
const fixture = (name) => readFileSync(join(FIXTURES, name), "utf8");
const TOML = readFileSync("wrangler.toml", "utf8");

/** The account the fixtures describe: recorded wrangler 4.86 outputs (see wrangler-output.mjs). */
const recorded = () => ({
  databases: parseD1List(fixture("d1-list.json")),
  queues: new Set(parseQueuesList(fixture("queues-list.txt"))),
  buckets: new Set(parseR2BucketList(fixture("r2-bucket-list.txt"))),
  secrets: parseSecretList(fixture("secret-list.json"), "", 0),
});

function configFrom(toml, env) {
  const dir = mkdtempSync(join(tmpdir(), "deploy-plan-"));
  const path = join(dir, "wrangler.toml");
  writeFileSync(path, toml);
  return readConfig({ config: path, env }, {});
}

describe("wrangler output readers (recorded outputs of wrangler 4.86)", () => {
  it("reads database ids, queue names from the table, bucket names and secret names", () => {
    const existing = recorded();
    expect([...existing.databases]).toEqual([
      ["credit-ops-staging-control", "11111111-1111-4111-8111-111111111111"],
      ["credit-ops-staging-shard-0", "22222222-2222-4222-8222-222222222222"],
    ]);
    expect([...existing.queues]).toEqual(["credit-ops-staging-jobs", "credit-ops-staging-webhooks"]);
    expect([...existing.buckets]).toEqual(["credit-ops-staging-files"]);
    expect([...existing.secrets]).toEqual(["ADMIN_TOKEN"]);
  });

  it("reads a Worker that does not exist yet as one without secrets, and fails on other errors", () => {
    expect(parseSecretList("", fixture("secret-list-missing-worker.stderr.txt"), 1)).toBeNull();
    expect(() => parseSecretList("", "Authentication error [code: 10000]", 1)).toThrow(/Authentication/);
  });
});

describe("the deploy plan", () => {
  it("creates only what the account lacks, records ids, migrates every database, sets absent secrets", () => {
    const steps = planDeploy({
      env: "staging",
      desired: desiredResources(readConfig({ config: "wrangler.toml", env: "staging" }, {})),
      existing: recorded(),
    });
    expect(steps.filter((s) => s.kind.startsWith("create")).map((s) => `${s.kind} ${s.name}`)).toEqual([
      "create-d1 credit-ops-staging-shard-1",
      "create-queue credit-ops-staging-jobs-dlq",
      "create-queue credit-ops-staging-outbox",
      "create-queue credit-ops-staging-outbox-dlq",
      "create-queue credit-ops-staging-webhooks-dlq",
    ]);
    expect(steps.find((s) => s.kind === "record-ids")?.bindings).toEqual([
      "CONTROL_DB",
      "SHARD_0",
      "SHARD_1",
    ]);
    expect(steps.filter((s) => s.kind === "migrate").map((s) => s.binding)).toEqual([
      "CONTROL_DB",
      "SHARD_0",
      "SHARD_1",
    ]);
    expect(steps.at(-1)).toEqual({
      kind: "deploy",
      worker: "credit-ops-api-staging",
      secrets: ["SECRETS_KEY"],
    });
  });

  it("is idempotent: once ids are recorded and everything exists, only migrations and the deploy remain", () => {
    const ids = {
      CONTROL_DB: "11111111-1111-4111-8111-111111111111",
      SHARD_0: "22222222-2222-4222-8222-222222222222",
      SHARD_1: "33333333-3333-4333-8333-333333333333",
    };
    const recordedToml = recordDatabaseIds(TOML, "staging", ids).toml;
    const desired = desiredResources(configFrom(recordedToml, "staging"));
    expect(desired.databases.map((d) => d.id)).toEqual(Object.values(ids));
    const everything = {
      databases: new Map(desired.databases.map((d) => [d.name, d.id])),
      queues: new Set(desired.queues),
      buckets: new Set(desired.buckets),
      secrets: new Set(["ADMIN_TOKEN", "SECRETS_KEY"]),
    };
    const steps = planDeploy({ env: "staging", desired, existing: everything });
    expect(steps.map((s) => s.kind)).toEqual(["migrate", "migrate", "migrate", "deploy"]);
    expect(steps.at(-1)?.secrets).toEqual([]);
  });

  it("plans a first deploy (no Worker yet) with every secret, and a new shard block as one more database", () => {
    const withShard2 = `${TOML}\n[[env.staging.d1_databases]]\nbinding = "SHARD_2"\ndatabase_name = "credit-ops-staging-shard-2"\nmigrations_dir = "migrations/shard"\n`;
    const steps = planDeploy({
      env: "staging",
      desired: desiredResources(configFrom(withShard2, "staging")),
      existing: { ...recorded(), secrets: null },
    });
    expect(steps.filter((s) => s.kind === "create-d1").map((s) => s.binding)).toEqual(["SHARD_1", "SHARD_2"]);
    expect(steps.filter((s) => s.kind === "migrate").map((s) => s.binding)).toContain("SHARD_2");
    expect(steps.at(-1)?.secrets).toEqual(["ADMIN_TOKEN", "SECRETS_KEY"]);
  });
});

describe("environments in wrangler.toml", () => {
  it("restate every binding of the top level (wrangler does not inherit them)", () => {
    const top = readConfig({ config: "wrangler.toml" }, {});
    for (const env of ["staging", "production"])
      expect(missingBindings(top, readConfig({ config: "wrangler.toml", env }, {}))).toEqual([]);
    const lacking = { ...top, r2_buckets: [], vars: {} };
    expect(missingBindings(top, lacking)).toEqual([
      "r2_buckets FILES",
      "vars ENVIRONMENT",
      "vars KEY_PREFIX",
    ]);
  });
});

describe("recordDatabaseIds", () => {
  it("writes ids into one environment's blocks only, keeping comments, and replaces a stale id", () => {
    const first = recordDatabaseIds(TOML, "staging", { SHARD_0: "aaaa" });
    expect(first.changed).toEqual(["SHARD_0"]);
    expect(first.toml).toContain('database_name = "credit-ops-staging-shard-0"\ndatabase_id = "aaaa"');
    expect(first.toml).not.toContain('database_name = "credit-ops-shard-0"\ndatabase_id = "aaaa"');
    expect(first.toml.split("\n").filter((l) => l.startsWith("#"))).toEqual(
      TOML.split("\n").filter((l) => l.startsWith("#")),
    );
    const second = recordDatabaseIds(first.toml, "staging", { SHARD_0: "bbbb", SHARD_1: "cccc" });
    expect(second.toml).toContain('database_id = "bbbb"');
    expect(second.toml).not.toContain('"aaaa"');
    expect(configFrom(second.toml, "staging").d1_databases.map((d) => d.database_id)).toEqual([
      undefined,
      "bbbb",
      "cccc",
    ]);
    expect(recordDatabaseIds(second.toml, "staging", { SHARD_0: "bbbb" }).changed).toEqual([]);
    expect(() => recordDatabaseIds(TOML, "staging", { SHARD_9: "x" })).toThrow(/SHARD_9/);
  });
});

describe("npm run deploy -- --dry-run", () => {
  it("prints the plan from the listing and changes nothing", () => {
    const r = spawnSync(
      process.execPath,
      ["scripts/deploy.mjs", "--env", "staging", "--dry-run", "--fixtures", FIXTURES],
      { encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("Deploy plan for staging (credit-ops-api-staging)");
    expect(r.stdout).toContain("wrangler d1 create credit-ops-staging-shard-1");
    expect(r.stdout).toContain("wrangler d1 migrations apply SHARD_1 --remote --env staging");
    expect(r.stdout).not.toContain("wrangler d1 create credit-ops-staging-shard-0");
    expect(readFileSync("wrangler.toml", "utf8")).toBe(TOML);
  }, 60_000); // a child process loading wrangler: seconds on a busy machine
});
