import type { WebhookSubscriptionRow } from "../../../db/shard/webhooks";
import { keyringFrom, seal, unseal } from "../../../lib/sealed";

/** What a sealed secret is bound to: a copy in another subscription or tenant does not open. */
export const contextOf = (tenantId: string, subscriptionId: string) =>
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
