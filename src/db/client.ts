import { drizzle } from "drizzle-orm/d1";
import type { Env } from "../env";
import { AppError } from "../lib/errors";
import * as controlSchema from "./control-schema";
import * as shardSchema from "./shard";

export const controlDb = (env: Env) => drizzle(env.CONTROL_DB, { schema: controlSchema });
export type ControlDb = ReturnType<typeof controlDb>;

export const shardCount = (env: Env): number => Number(env.SHARD_COUNT || "1");

/** The D1 binding of a shard: SHARD_0, SHARD_1, ... (adding a shard = a binding + SHARD_COUNT). */
export function shardBinding(env: Env, shard: number): D1Database {
  const binding = (env as unknown as Record<string, D1Database | undefined>)[`SHARD_${shard}`];
  if (!binding) throw new AppError("internal", `shard ${shard} is not bound`);
  return binding;
}

/** Drizzle over a shard's D1 binding (or a wrapper of it: the counting proxy outside production). */
export const drizzleShard = (binding: D1Database) => drizzle(binding, { schema: shardSchema });
export const shardDb = (env: Env, shard: number) => drizzleShard(shardBinding(env, shard));
export type ShardDb = ReturnType<typeof drizzleShard>;

/**
 * What every tenant repository function takes first: the tenant's shard database and its
 * id. Repositories filter every statement by `tenantId`, so no query can leave the tenant.
 */
export interface TenantScope {
  db: ShardDb;
  tenantId: string;
}
