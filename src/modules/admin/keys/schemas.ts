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
  })
  .openapi("ApiKey");

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
