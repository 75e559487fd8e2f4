/**
 * Example 2: subscribe an endpoint to webhooks, ask the API for a signed test delivery, and
 * verify a delivery on the receiving side. `receive` is what your endpoint runs for each request.
 */
import {
  type CreditOpsClient,
  type components,
  ok,
  verifyWebhook,
  WebhookVerificationError,
} from "../src/index.js";

/** Subscribes `url` to the given event types; keep the secret (shown once) where `receive` can read it. */
type EventTypes = components["schemas"]["CreateWebhookSubscription"]["eventTypes"];

export async function subscribe(api: CreditOpsClient, url: string, eventTypes: EventTypes = ["*"]) {
  const { subscription, secret } = await ok(
    api.POST("/v1/webhooks/subscriptions", { body: { url, eventTypes } }),
  );
  return { subscriptionId: subscription.id, secret };
}

/** Has the API sign and send one test delivery to the subscription now; answers its outcome. */
export async function sendTestDelivery(api: CreditOpsClient, subscriptionId: string) {
  const { delivery } = await ok(
    api.POST("/v1/webhooks/subscriptions/{id}/test", { params: { path: { id: subscriptionId } } }),
  );
  return delivery;
}

/** A receiver: 204 for a genuine delivery (after handling it), 400 for anything else. */
export async function receive(
  secret: string,
  request: { headers: Headers | Record<string, string | string[] | undefined>; body: string },
  handle: (event: { type: string; data: unknown }) => Promise<void> | void,
): Promise<{ status: number }> {
  try {
    const event = await verifyWebhook<{ type: string; data: unknown }>(secret, request.headers, request.body);
    await handle(event);
    return { status: 204 };
  } catch (error) {
    if (error instanceof WebhookVerificationError) return { status: 400 };
    throw error;
  }
}
