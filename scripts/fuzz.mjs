// The long fuzz run: several rounds of test/fuzz, each in a fresh vitest process with its own
// seed. One process cannot take more than ~1,800 requests: @cloudflare/vitest-pool-workers
// 0.15.1 nests a Proxy per construction of its wrapper class and overflows the stack after
// that many (cloudflare/workers-sdk#15092, fixed upstream in a version that needs Node 22).
import { spawnSync } from "node:child_process";

const rounds = Number(process.env.FUZZ_ROUNDS ?? 4);
const runs = process.env.FUZZ_RUNS ?? "8";
const base = Number(process.env.FUZZ_SEED ?? 20261124);
let failed = 0;
for (let round = 0; round < rounds; round++) {
  const seed = String(base + round);
  console.log(`fuzz round ${round + 1}/${rounds}: FUZZ_SEED=${seed} FUZZ_RUNS=${runs}`);
  const result = spawnSync("npx", ["vitest", "run", "test/fuzz"], {
    stdio: "inherit",
    env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs },
  });
  if (result.status !== 0) failed++;
}
console.log(`fuzz: ${rounds} rounds, ${failed} failed`);
process.exit(failed ? 1 : 0);
