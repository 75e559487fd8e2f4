/** OpenAPI shapes of tenant API keys: scopes, the key as listed and as issued, create and rotate. */
import { z } from "@hono/zod-openapi";
import { ALL_SCOPES } from "../../../lib/scopes";

export const ScopeSchema = z.enum(ALL_SCOPES as [string, ...string[]]).openapi("Scope");

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
