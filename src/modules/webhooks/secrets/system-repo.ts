import { and, eq, gt } from "drizzle-orm";
import { webhookSubscriptions } from "../../../db/shard/webhooks";
import { systemShardDb } from "../../../db/system-db";
import type { Env } from "../../../env";
import { emptyResealCount, keyringFrom, type ResealCount, resealInto } from "../../../lib/sealed";
import { contextOf } from "./service";

/** Rows read per statement while resealing. */
const RESEAL_PAGE = 500;

/**
 * Operator maintenance after a SECRETS_KEY rotation (src/lib/sealed.ts): every stored signing
 * secret of one shard, current and previous, is opened and sealed again under the first key,
 * so the old key can be dropped. The secrets themselves do not change: receivers notice
 * nothing. Rows are paged by id; each update names its tenant and row.
 */
export async function resealShard(env: Env, shard: number): Promise<ResealCount> {
  const keyring = await keyringFrom(env.SECRETS_KEY);
  const db = systemShardDb(env, shard);
  const count = emptyResealCount();
  let after = "";
  for (;;) {
    const rows = await db
      .select({
        id: webhookSubscriptions.id,
        tenantId: webhookSubscriptions.tenantId,
        secret: webhookSubscriptions.secret,
        previousSecret: webhookSubscriptions.previousSecret,
      })
      .from(webhookSubscriptions)
      .where(gt(webhookSubscriptions.id, after))
      .orderBy(webhookSubscriptions.id)
      .limit(RESEAL_PAGE);
    if (rows.length === 0) return count;
    after = rows[rows.length - 1].id;
    const updates = [];
    for (const row of rows) {
      const context = contextOf(row.tenantId, row.id);
      const where = { table: "webhook_subscriptions", tenantId: row.tenantId, id: row.id };
      const secret = await resealInto(count, keyring, row.secret, context, where);
      const previousSecret =
        row.previousSecret === null
          ? undefined
          : await resealInto(count, keyring, row.previousSecret, context, where);
      if (secret === undefined && previousSecret === undefined) continue;
      updates.push(
        db
          .update(webhookSubscriptions)
          .set({ secret, previousSecret })
          .where(and(eq(webhookSubscriptions.tenantId, row.tenantId), eq(webhookSubscriptions.id, row.id))),
      );
    }
    if (updates.length > 0) await db.batch(updates as [(typeof updates)[number], ...typeof updates]);
  }
}
