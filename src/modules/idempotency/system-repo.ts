import { sql } from "drizzle-orm";
import { controlDb } from "../../db/client";
import { systemShardDb } from "../../db/system-db";
import type { Env } from "../../env";

// The expiry sweep crosses tenants by design: it deletes rows by age, whoever owns them.

/** Deletes up to `limit` expired tenant keys on one shard; how many went. */
export async function deleteExpiredTenantKeys(env: Env, shard: number, now: string, limit: number) {
  const result = await systemShardDb(env, shard).run(
    sql`DELETE FROM idempotency_keys WHERE rowid IN (SELECT rowid FROM idempotency_keys WHERE expires_at <= ${now} LIMIT ${limit})`,
  );
  return result.meta.changes ?? 0;
}

/** Deletes up to `limit` expired operator keys; how many went. */
export async function deleteExpiredOperatorKeys(env: Env, now: string, limit: number) {
  const result = await controlDb(env).run(
    sql`DELETE FROM operator_idempotency_keys WHERE rowid IN (SELECT rowid FROM operator_idempotency_keys WHERE expires_at <= ${now} LIMIT ${limit})`,
  );
  return result.meta.changes ?? 0;
}
