import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { errorResponses, jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { CreateSubscriptionBody } from "../schemas";
import { createSubscription } from "../service";

export const createSubscriptionRoute = tenantRoute({
  method: "post",
  path: "/v1/webhooks/subscriptions",
  operationId: "createWebhookSubscription",
  tags: ["Webhooks"],
  summary: "Register a webhook endpoint",
  description:
    "The signing secret is shown only in this answer. " +
    "https URLs on port 443 only (http to localhost/127.0.0.1 in local development); private, loopback, " +
    "link-local, CGNAT and metadata addresses, wildcard-DNS names (nip.io, sslip.io, localtest.me, ...) and " +
    "embedded credentials are refused with 400. A tenant holds at most `settings.maxWebhookSubscriptions` live " +
    "subscriptions (default 20, set by the operator); creating one more answers 409 `conflict`. " +
    "Receivers should verify the Standard Webhooks `webhook-signature` header, which covers `webhook-timestamp` " +
    "(refuse anything older than 5 minutes); `X-Service-Signature` covers the body only and does not expire.",
  scope: "webhooks:write",
  request: { body: jsonBody(CreateSubscriptionBody) },
  responses: {
    201: jsonContent(async () => {
      const { SubscriptionSchema, SecretSchema } = await import("../responses");
      return z.object({ success: z.literal(true), subscription: SubscriptionSchema, secret: SecretSchema });
    }, "The subscription and its secret"),
    ...errorResponses(400, 409),
  },
});

export const registerCreateSubscription = (app: App) =>
  app.openapi(createSubscriptionRoute, async (c) => {
    const result = await createSubscription(c.get("ctx"), c.req.valid("json"));
    return c.json({ success: true as const, ...result }, 201);
  });
