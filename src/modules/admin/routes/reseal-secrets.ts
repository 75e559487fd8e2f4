import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, jsonContent } from "../../../http/openapi";
import { resealSecrets } from "../service";

const ResealCount = z.object({
  resealed: z
    .number()
    .int()
    .openapi({ description: "Rewritten under the sealing key (older key, or plaintext)" }),
  current: z.number().int().openapi({ description: "Already sealed with the sealing key" }),
  unreadable: z.number().int().openapi({
    description: "Opened by no key of SECRETS_KEY: left as they are and logged by table, tenant and row",
  }),
});

export const resealSecretsRoute = adminRoute({
  method: "post",
  path: "/admin/secrets/reseal",
  operationId: "adminResealSecrets",
  summary: "Seal every stored secret again under the first SECRETS_KEY (after a key rotation)",
  description:
    "Webhook signing secrets and connector passwords are stored sealed with AES-256-GCM under SECRETS_KEY " +
    "(docs/decisions/secrets-at-rest.md). After putting a new key first in SECRETS_KEY (the old one after it), " +
    "this rewrites every stored value under the new key, plaintext ones included; the secrets themselves do not " +
    "change. When it reports nothing resealed and nothing unreadable, the old key can be removed. Safe to repeat.",
  responses: {
    200: jsonContent(
      z
        .object({
          success: z.literal(true),
          keyId: z
            .string()
            .openapi({ description: "Id of the sealing key (first 8 hex digits of its SHA-256)" }),
          connectorPasswords: ResealCount,
          webhookSecrets: ResealCount,
        })
        .openapi("ResealSecretsResult"),
      "Every stored secret is now sealed with the first key",
    ),
  },
});

export const registerResealSecrets = (app: App) =>
  app.openapi(resealSecretsRoute, async (c) =>
    c.json({ success: true as const, ...(await resealSecrets(c.get("op"))) }, 200),
  );
