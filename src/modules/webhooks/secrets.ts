import { and, eq, gt } from "drizzle-orm";
import { shardDb } from "../../db/client";
import { type WebhookSubscriptionRow, webhookSubscriptions } from "../../db/shard";
import type { Env } from "../../env";
import { keyringFrom, needsReseal, seal, unseal } from "../../lib/sealed";

/** What a sealed secret is bound to: a copy in another subscription or tenant does not open. */
const contextOf = (tenantId: string, subscriptionId: string) =>
  `webhook_subscriptions.secret:${tenantId}:${subscriptionId}`;

/** The stored form of a new signing secret, and the prefix the API shows. */
export async function sealSecret(
  secretsKey: string | undefined,
  sub: Pick<WebhookSubscriptionRow, "tenantId" | "id">,
  secret: string,
): Promise<Pick<WebhookSubscriptionRow, "secret" | "secretPrefix">> {
  const keyring = await keyringFrom(secretsKey);
  return {
    secret: await seal(keyring, secret, contextOf(sub.tenantId, sub.id)),
    secretPrefix: secret.slice(0, 10),
  };
}

/** The secrets that sign a delivery now: the current one, and the previous one during its grace. */
export async function signingSecrets(
  secretsKey: string | undefined,
  sub: WebhookSubscriptionRow,
  now: Date,
): Promise<{ secret: string; previousSecret: string | null }> {
  const keyring = await keyringFrom(secretsKey);
  const context = contextOf(sub.tenantId, sub.id);
  const graceLeft =
    sub.previousSecret &&
    sub.previousSecretExpiresAt &&
    Date.parse(sub.previousSecretExpiresAt) > now.getTime();
  return {
    secret: await unseal(keyring, sub.secret, context),
    previousSecret:
      graceLeft && sub.previousSecret ? await unseal(keyring, sub.previousSecret, context) : null,
  };
}

/** Rows read per statement while resealing. */
const RESEAL_PAGE = 500;

export interface ResealCount {
  /** Values rewritten under the sealing key (sealed with an older key, or plaintext). */
  resealed: number;
  /** Values already sealed with the sealing key. */
  current: number;
  /** Values that no key of SECRETS_KEY opens (left as they are; each is logged). */
  unreadable: number;
}

/** Logs a stored value that no key opens, by where it is (never the value). */
export function logUnreadable(where: Record<string, string>, err: unknown) {
  console.error(
    JSON.stringify({ level: "error", msg: "sealed value does not open", ...where, err: String(err) }),
  );
}

/**
 * Operator maintenance after a SECRETS_KEY rotation (src/lib/sealed.ts): every stored signing
 * secret of one shard, current and previous, is opened and sealed again under the first key,
 * so the old key can be dropped. The secrets themselves do not change: receivers notice
 * nothing. Rows are paged by id; each update names its tenant and row.
 */
export async function resealShard(env: Env, shard: number): Promise<ResealCount> {
  const keyring = await keyringFrom(env.SECRETS_KEY);
  const db = shardDb(env, shard);
  const count: ResealCount = { resealed: 0, current: 0, unreadable: 0 };
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
      const again = async (stored: string) => seal(keyring, await unseal(keyring, stored, context), context);
      const stale = needsReseal(keyring, row.secret);
      const staleOld = row.previousSecret !== null && needsReseal(keyring, row.previousSecret);
      if (!stale && !staleOld) {
        count.current++;
        continue;
      }
      let fields: { secret: string; previousSecret: string | null };
      try {
        fields = {
          secret: stale ? await again(row.secret) : row.secret,
          previousSecret:
            staleOld && row.previousSecret !== null ? await again(row.previousSecret) : row.previousSecret,
        };
      } catch (err) {
        count.unreadable++;
        logUnreadable({ table: "webhook_subscriptions", tenantId: row.tenantId, id: row.id }, err);
        continue;
      }
      count.resealed++;
      updates.push(
        db
          .update(webhookSubscriptions)
          .set(fields)
          .where(and(eq(webhookSubscriptions.tenantId, row.tenantId), eq(webhookSubscriptions.id, row.id))),
      );
    }
    if (updates.length > 0) await db.batch(updates as [(typeof updates)[number], ...typeof updates]);
  }
}
