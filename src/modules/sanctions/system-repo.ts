import { sql } from "drizzle-orm";
import { shardNumbers } from "../../db/client";
import { sanctionsSettings } from "../../db/shard/sanctions";
import { systemShardDb } from "../../db/system-db";
import type { Env } from "../../env";

/** Every tenant, on every shard, that subscribes to `listId` (a list's new version is rescreened for each). */
export async function subscribersOf(env: Env, listId: string): Promise<string[]> {
  const found = await Promise.all(
    shardNumbers(env).map((shard) =>
      systemShardDb(env, shard)
        .select({ tenantId: sanctionsSettings.tenantId })
        .from(sanctionsSettings)
        .where(sql`EXISTS (SELECT 1 FROM json_each(${sanctionsSettings.listIds}) WHERE value = ${listId})`),
    ),
  );
  return found.flat().map((r) => r.tenantId);
}
