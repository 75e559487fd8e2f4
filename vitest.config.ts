import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

import { TEST_ADMIN_TOKEN, TEST_SECRETS_KEY } from "./test/constants";

export default defineConfig(async () => {
  const controlMigrations = await readD1Migrations("migrations/control");
  const shardMigrations = await readD1Migrations("migrations/shard");
  return {
    test: {
      // Console output (the Worker's per-request log lines included) is shown only for a
      // failing test. Root level only: the reporter reads the root config, so a project's
      // own `silent` is ignored.
      silent: "passed-only" as const,
      // Vitest's default is one worker per core minus one: a single worker on a 2-core CI
      // machine. A workerd test file spends much of its time starting workerd and loading
      // modules over IPC, not on a core, so two run side by side (docs/decisions/ci.md). Root
      // level: projects with different maxWorkers would need their own sequence.groupOrder.
      maxWorkers: 2,
      projects: [
        {
          // Pure domain logic: plain Node, fast.
          test: {
            name: "unit",
            include: ["src/**/*.test.ts", "scripts/**/*.test.mjs", "bench/**/*.test.mjs"],
            environment: "node",
          },
        },
        {
          // Routes, bindings, queues, Durable Objects: inside workerd with real local D1/R2/Queues.
          plugins: [
            cloudflareTest({
              main: "./src/index.ts",
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                // A third shard bound by test configuration alone (no source names it): the
                // Worker discovers it, migrations are applied to it (test/setup.ts), and it
                // takes new tenants (test/foundation/shards.test.ts).
                d1Databases: {
                  CONTROL_DB: "credit-ops-control",
                  SHARD_0: "credit-ops-shard-0",
                  SHARD_1: "credit-ops-shard-1",
                  SHARD_2: "credit-ops-shard-2",
                },
                // Tests drive one key hard; the 429 path is tested with its own limiter.
                ratelimits: {
                  API_RATE_LIMITER: { simple: { limit: 1_000_000, period: 60 } },
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
                  // The fuzzer's budget and seed (test/fuzz): workerd sees no process.env.
                  FUZZ_RUNS: process.env.FUZZ_RUNS ?? "",
                  FUZZ_SEED: process.env.FUZZ_SEED ?? "",
                  FUZZ_ALL: process.env.FUZZ_ALL ?? "",
                },
              },
            }),
          ],
          test: {
            name: "workers",
            include: ["test/**/*.test.ts"],
            setupFiles: ["./test/setup.ts"],
            // A real HTTP receiver on 127.0.0.1 for the webhook delivery tests; libxml2 XSD
            // validation of served goAML bytes (xmllint-wasm cannot run inside workerd).
            globalSetup: ["./test/webhooks/receiver.global.ts", "./test/goaml/xsd.global.ts"],
            testTimeout: 30_000,
          },
        },
      ],
    },
  };
});
