import { z } from "@hono/zod-openapi";

// Response shapes of modules/admin/keys: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

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
