import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { jsonBody, jsonContent, tenantRoute } from "../../../http/openapi";
import { RotateSecretBody, SubscriptionIdParams } from "../schemas";
import { rotateSecret } from "../service";

export const rotateSecretRoute = tenantRoute({
  method: "post",
  path: "/v1/webhooks/subscriptions/{id}/rotate-secret",
  operationId: "rotateWebhookSecret",
  tags: ["Webhooks"],
  summary: "Rotate a webhook signing secret",
  description:
    "Issues a new signing secret; the old one also signs during the grace period. " +
    "During the grace period deliveries carry X-Service-Signature (new secret), X-Service-Signature-Previous " +
    "(old secret) and two entries in webhook-signature.",
  scope: "webhooks:write",
  request: { params: SubscriptionIdParams, body: jsonBody(RotateSecretBody, false) },
  responses: {
    200: jsonContent(async () => {
      const { SubscriptionSchema, SecretSchema } = await import("../responses");
      return z.object({ success: z.literal(true), subscription: SubscriptionSchema, secret: SecretSchema });
    }, "The new secret (shown only here)"),
  },
});

export const registerRotateSecret = (app: App) =>
  app.openapi(rotateSecretRoute, async (c) => {
    const body = RotateSecretBody.parse((c.req.valid("json") as unknown) ?? {});
    const result = await rotateSecret(c.get("ctx"), c.req.valid("param").id, body.graceSeconds);
    return c.json({ success: true as const, ...result }, 200);
  });
