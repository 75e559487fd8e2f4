/** OpenAPI shapes of tenant API keys: scopes, the key as listed and as issued, create and rotate. */
import { z } from "@hono/zod-openapi";
import { ALL_SCOPES } from "../../../lib/scopes";

export const ScopeSchema = z.enum(ALL_SCOPES as [string, ...string[]]).openapi("Scope");

export const NewApiKeySchema = z
  .object({
    id: z.uuid(),
    key: z.string().openapi({ description: "The plaintext key. Shown only in this answer." }),
    prefix: z.string(),
    name: z.string(),
    scopes: z.array(z.string()),
    expiresAt: z.string().nullable(),
  })
  .openapi("NewApiKey");

export const ApiKeySchema = z
  .object({
    id: z.uuid(),
    prefix: z.string(),
    name: z.string(),
    scopes: z.array(z.string()),
    status: z.enum(["active", "expired", "revoked"]),
    expiresAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    rotatedTo: z.string().nullable(),
    createdAt: z.string(),
    rateLimitPerMinute: z.number().int().nullable().openapi({
      description: "The operator's per-key budget; null: the tenant's rateLimitPerMinute applies",
    }),
  })
  .openapi("ApiKey");

export const MAX_RATE_LIMIT_PER_MINUTE = 100_000;

export const KeyRateLimitBody = z
  .strictObject({
    rateLimitPerMinute: z
      .number()
      .int()
      .min(1)
      .max(MAX_RATE_LIMIT_PER_MINUTE)
      .nullable()
      .openapi({
        description:
          "Requests a minute this key may send (1..100,000), in force everywhere within 5 s; null removes the " +
          "override and the tenant's rateLimitPerMinute (default 1,200) applies again",
      }),
  })
  .openapi("KeyRateLimitRequest");

export const CreateKeyBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    scopes: z.array(ScopeSchema).min(1),
    expiresAt: z.iso.datetime({ offset: true }).optional(),
  })
  .openapi("CreateKeyRequest");

export const RotateKeyBody = z
  .strictObject({
    graceSeconds: z
      .number()
      .int()
      .min(0)
      .max(30 * 86_400)
      .default(86_400)
      .openapi({ description: "How long the old key keeps working (default 86400)" }),
  })
  .openapi("RotateKeyRequest");

export const KeyIdParams = z.object({ keyId: z.uuid().openapi({ param: { name: "keyId", in: "path" } }) });
