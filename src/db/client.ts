import { drizzle } from "drizzle-orm/d1";
import type { Env } from "../env";
import * as controlSchema from "./control-schema";
import type { TenantDb } from "./tenant-db";

export const controlDb = (env: Env) => drizzle(env.CONTROL_DB, { schema: controlSchema });
export type ControlDb = ReturnType<typeof controlDb>;

export const shardCount = (env: Env): number => Number(env.SHARD_COUNT || "1");

/**
 * What every tenant repository function takes first: the tenant's scoped shard client and
 * its id. The client adds the tenant to every statement (src/db/tenant-db.ts), so no query
 * can leave the tenant; the raw client is src/db/system-db.ts, for system repositories only.
 */
export interface TenantScope {
  db: TenantDb;
  tenantId: string;
}
