import { type ShardDb, systemShardDb } from "../../../db/system-db";
import type { Env } from "../../../env";

/** The raw client of one shard for the re-anchor sweep, which crosses every tenant on it. */
export const sweepShardDb = (env: Env, shard: number) => systemShardDb(env, shard);
export type SweepDb = ShardDb;
