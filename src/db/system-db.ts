import { drizzle } from "drizzle-orm/d1";
import type { Env } from "../env";
import { AppError } from "../lib/errors";

/**
 * The raw shard clients: no tenant predicate is added. Only src/db, src/jobs, the Durable
 * Objects and files named system-repo.ts (cross-tenant sweeps: cron, queues, reseal) import
 * this; the layering rules (scripts/layering-rules.mjs) and src/db/tenant-predicates.test.ts refuse
 * it elsewhere.
 * Modules get a TenantDb (src/db/tenant-db.ts) instead.
 */

/**
 * Drizzle over a shard's D1 binding (or a wrapper of it: the counting proxy outside production).
 * No schema: nothing uses the relational API (`db.query`), and with a schema every client
 * walks all tables' relations when built, a request's largest fixed cost (several per request).
 */
export const drizzleShard = (binding: D1Database) => drizzle(binding);
export type ShardDb = ReturnType<typeof drizzleShard>;

/** The D1 binding of a shard: SHARD_0, SHARD_1, ... (discovered: src/db/client.ts shardNumbers). */
export function systemShardBinding(env: Env, shard: number): D1Database {
  const binding = (env as unknown as Record<string, D1Database | undefined>)[`SHARD_${shard}`];
  if (!binding) throw new AppError("internal", `shard ${shard} is not bound`);
  return binding;
}

/** Drizzle over a shard, every tenant's rows. */
export const systemShardDb = (env: Env, shard: number) => drizzleShard(systemShardBinding(env, shard));
