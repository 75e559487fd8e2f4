import { shardNumbers } from "../../db/client";
import type { Env } from "../../env";
import * as systemRepo from "./system-repo";

/** Rows per DELETE, and DELETEs per database per sweep: well inside one invocation's D1 budget. */
const SWEEP_CHUNK = 5_000;
const SWEEP_ROUNDS = 20;

/**
 * Cron "0 2 * * *": deletes idempotency keys past their 24 h. Expired rows are harmless
 * meanwhile (a reuse of the key reclaims its row); the sweep keeps the tables small.
 */
export async function sweepExpiredIdempotencyKeys(env: Env, scheduledTime: Date): Promise<void> {
  const now = scheduledTime.toISOString();
  for (const shard of shardNumbers(env)) {
    for (let round = 0; round < SWEEP_ROUNDS; round++) {
      if ((await systemRepo.deleteExpiredTenantKeys(env, shard, now, SWEEP_CHUNK)) < SWEEP_CHUNK) break;
    }
  }
  for (let round = 0; round < SWEEP_ROUNDS; round++) {
    if ((await systemRepo.deleteExpiredOperatorKeys(env, now, SWEEP_CHUNK)) < SWEEP_CHUNK) break;
  }
}
