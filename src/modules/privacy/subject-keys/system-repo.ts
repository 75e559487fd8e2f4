import { and, asc, eq, gt, or } from "drizzle-orm";
import { subjectKeys } from "../../../db/shard/privacy";
import { systemShardDb } from "../../../db/system-db";
import type { Env } from "../../../env";
import { emptyResealCount, keyringFrom, type ResealCount, resealInto } from "../../../lib/sealed";
import { subjectKeyContext } from "../../../lib/subject-sealed";

const RESEAL_PAGE = 100;

/** The reseal's sweep over one shard's subject keys (every tenant): sealed again under the first key. */
export async function resealShardSubjectKeys(env: Env, shard: number): Promise<ResealCount> {
  const keyring = await keyringFrom(env.SECRETS_KEY);
  const db = systemShardDb(env, shard);
  const t = subjectKeys;
  const count = emptyResealCount();
  let after = { tenantId: "", customerId: "" };
  for (;;) {
    const rows = await db
      .select()
      .from(t)
      .where(
        or(
          gt(t.tenantId, after.tenantId),
          and(eq(t.tenantId, after.tenantId), gt(t.customerId, after.customerId)),
        ),
      )
      .orderBy(asc(t.tenantId), asc(t.customerId))
      .limit(RESEAL_PAGE);
    if (rows.length === 0) return count;
    after = rows[rows.length - 1];
    const updates = [];
    for (const row of rows) {
      const context = subjectKeyContext(row.tenantId, row.customerId);
      const where = { table: "subject_keys", tenantId: row.tenantId, id: row.customerId };
      const sealedKey = await resealInto(count, keyring, row.sealedKey, context, where);
      if (sealedKey === undefined) continue;
      updates.push(
        db
          .update(t)
          .set({ sealedKey })
          .where(and(eq(t.tenantId, row.tenantId), eq(t.customerId, row.customerId))),
      );
    }
    if (updates.length > 0) await db.batch(updates as [(typeof updates)[number], ...typeof updates]);
  }
}
