import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

import { TEST_ADMIN_TOKEN, TEST_SECRETS_KEY } from "./test/constants";

/**
 * Most workerd files share their vitest worker's workerd with the files before them: its storage,
 * queues and loaded Worker carry over, so each file counts only its own tenants' rows
 * (docs/decisions/ci.md#shared-workerd). Two kinds of file do not:
 *
 * SWEEPS walk every tenant (moves, offboarding, recounts, quotas): they leave move jobs, fences and
 * sweeps on the queues that hold other files' queue work past their waits, so they share a
 * workerd among themselves only.
 */
const SWEEPS = ["test/moves/**/*.test.ts", "test/offboarding/**/*.test.ts", "test/fairness/**/*.test.ts"];
/** ISOLATED files change or count what every tenant sees: each gets a workerd of its own. */
const ISOLATED = [
  // Re-seal every secret and re-anchor every case head under a new SECRETS_KEY.
  "test/fraud/case-reanchor.test.ts",
  "test/aml/case-reanchor.test.ts",
  "test/webhooks/sealed-secrets.test.ts",
  "test/audit/chain-rechain.test.ts",
  // Placement reads every shard's load; SHARD_2 is bound here only.
  "test/foundation/shards.test.ts",
  // Count every tenant: stalled jobs, maintenance permits; 250 tenants fanned out.
  "test/moves/stalled-figures.test.ts",
  "test/offboarding/permits.test.ts",
  "test/jobs/contract.test.ts",
  // Deletes a tenant and counts its control rows: once (1 of 7 fresh-clone runs) a row was left
  // when it shared a workerd with the other sweeps; isolated until the row is known.
  "test/offboarding/offboard.test.ts",
  // Crons that fan out to every tenant: the file's own runs would queue behind everyone's.
  "test/workflows/queue-cron.test.ts",
  // Creates, rotates and deletes tenants, keys and operator tokens four times at once.
  "test/foundation/admin-duplicates.test.ts",
];

export default defineConfig(async () => {
  const controlMigrations = await readD1Migrations("migrations/control");
  const shardMigrations = await readD1Migrations("migrations/shard");

  /** A project of workerd files; `isolate: false` keeps one workerd per vitest worker. */
  const workersProject = (
    name: string,
    files: { include?: string[]; exclude?: string[]; isolate: boolean; thirdShard?: boolean },
  ) => ({
    plugins: [
      cloudflareTest({
        main: "./src/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          d1Databases: {
            CONTROL_DB: "credit-ops-control",
            SHARD_0: "credit-ops-shard-0",
            SHARD_1: "credit-ops-shard-1",
            // A third shard bound by test configuration alone (no source names it): the Worker
            // discovers it, migrations are applied to it (test/setup.ts), and it takes new
            // tenants (test/foundation/shards.test.ts). Bound only where a file needs it.
            ...(files.thirdShard ? { SHARD_2: "credit-ops-shard-2" } : {}),
          },
          // Tests drive one key hard; the 429 path is tested with its own limiter.
          ratelimits: {
            IP_RATE_LIMITER: { simple: { limit: 1_000_000, period: 60 } },
          },
          bindings: {
            CONTROL_MIGRATIONS: controlMigrations,
            SHARD_MIGRATIONS: shardMigrations,
            ADMIN_TOKEN: TEST_ADMIN_TOKEN,
            SECRETS_KEY: TEST_SECRETS_KEY,
            ENVIRONMENT: "test",
            KEY_PREFIX: "csk_test_",
            // Tenant moves wait for cached tenant rows (5 s per isolate); tests run in one isolate.
            TENANT_MOVE_SETTLE_SECONDS: "1",
            // Each drain's network scan runs at once (no delayed message left on a test's queue).
            NETWORK_SCAN_DEBOUNCE_SECONDS: "0",
            // Arrival screening claims at once (tests drive the screen job right after a write).
            MONITORING_QUIET_SECONDS: "0",
            // The fuzzer's budget and seed (test/fuzz): workerd sees no process.env.
            FUZZ_RUNS: process.env.FUZZ_RUNS ?? "",
            FUZZ_SEED: process.env.FUZZ_SEED ?? "",
            FUZZ_ALL: process.env.FUZZ_ALL ?? "",
          },
        },
      }),
    ],
    test: {
      name,
      include: files.include ?? ["test/**/*.test.ts"],
      exclude: files.exclude ?? [],
      isolate: files.isolate,
      setupFiles: ["./test/setup.ts"],
      // A real HTTP receiver on 127.0.0.1 for the webhook delivery tests; libxml2 XSD
      // validation of served goAML bytes (xmllint-wasm cannot run inside workerd).
      globalSetup: ["./test/webhooks/receiver.global.ts", "./test/goaml/xsd.global.ts"],
      testTimeout: 30_000,
    },
  });

  return {
    test: {
      // Console output (the Worker's per-request log lines included) is shown only for a
      // failing test. Root level only: the reporter reads the root config, so a project's
      // own `silent` is ignored.
      silent: "passed-only" as const,
      // Vitest's default is one worker per core minus one: a single worker on a 2-core CI
      // machine. A workerd file spends part of its time waiting on workerd over IPC, not on a
      // core, so two run side by side (docs/decisions/ci.md). Root level: projects with
      // different maxWorkers would need their own sequence.groupOrder. Vitest's sequencer runs
      // one project's files after another's, so a vitest worker changes workerd only between
      // projects (a shuffled run interleaves them: slower, still correct).
      maxWorkers: 2,
      projects: [
        {
          // Pure domain logic: plain Node, fast. Files share their vitest worker (one fork per
          // worker, modules loaded once): half the CPU of a fork and a module graph per file
          // (docs/decisions/ci.md). A file keeps no module state another file could read.
          test: {
            name: "unit",
            include: ["src/**/*.test.ts", "scripts/**/*.test.mjs", "bench/**/*.test.mjs"],
            environment: "node",
            isolate: false,
            // What a file spies on, stubs or sets in the environment is put back after each test.
            restoreMocks: true,
            unstubGlobals: true,
            unstubEnvs: true,
            // A limit against a hang, not a speed goal (those are bench/'s): the heaviest unit
            // tests take 1-2 s alone and missed vitest's 5 s default on the 2 shared cores at load 11.
            testTimeout: 20_000,
          },
        },
        workersProject("workers", { exclude: [...SWEEPS, ...ISOLATED], isolate: false }),
        workersProject("workers-sweeps", { include: SWEEPS, exclude: ISOLATED, isolate: false }),
        workersProject("workers-isolated", { include: ISOLATED, isolate: true, thirdShard: true }),
      ],
    },
  };
});
