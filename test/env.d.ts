import type { Env as WorkerEnv } from "../src/env";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      CONTROL_MIGRATIONS: import("@cloudflare/vitest-pool-workers").D1Migration[];
      SHARD_MIGRATIONS: import("@cloudflare/vitest-pool-workers").D1Migration[];
      FUZZ_RUNS: string;
      FUZZ_SEED: string;
      FUZZ_ALL: string;
    }
  }
}
