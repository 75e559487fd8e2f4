import { drizzle } from "drizzle-orm/d1";
import type { Env } from "../env";
import { withDeferredBatch } from "./deferred-batch";
import type { TenantDb } from "./tenant-db";

/**
 * The control database. No schema, as drizzleShard (src/db/system-db.ts): the relational API is
 * unused and costly to build. Its `batch` makes deferred items (audit entries, src/db/deferred-batch.ts).
 */
export const controlDb = (env: Env) => withDeferredBatch(drizzle(env.CONTROL_DB));
export type ControlDb = ReturnType<typeof controlDb>;

/** A shard binding's name: SHARD_0, SHARD_1, ... (no leading zeros, so each number has one name). */
const SHARD_BINDING = /^SHARD_(0|[1-9]\d{0,2})$/;

const isD1Binding = (value: unknown): value is D1Database =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as D1Database).prepare === "function" &&
  typeof (value as D1Database).batch === "function";

/**
 * The shards of this deployment, ascending: every binding named SHARD_<n> that is a D1
 * database. Adding a shard is a binding in the configuration (and its migrations), never a
 * source edit (docs/operations.md#adding-a-shard). Numbers may have gaps.
 */
export function shardNumbers(env: Env): number[] {
  const found: number[] = [];
  for (const [name, value] of Object.entries(env)) {
    const match = SHARD_BINDING.exec(name);
    if (match && isD1Binding(value)) found.push(Number(match[1]));
  }
  return found.sort((a, b) => a - b);
}

/**
 * What every tenant repository function takes first: the tenant's scoped shard client and
 * its id. The client adds the tenant to every statement (src/db/tenant-db.ts), so no query
 * can leave the tenant; the raw client is src/db/system-db.ts, for system repositories only.
 */
export interface TenantScope {
  db: TenantDb;
  tenantId: string;
}
