/** OpenAPI shapes of a tenant's connector configuration (the password is never returned). */
import { z } from "@hono/zod-openapi";

export const ConnectorBody = z
  .discriminatedUnion("provider", [
    z.strictObject({ provider: z.literal("export") }),
    z.strictObject({
      provider: z.literal("fineract"),
      baseUrl: z
        .url({ protocol: /^https?$/ })
        .openapi({ example: "https://fineract.example.com/fineract-provider/api/v1" }),
      tenantIdentifier: z.string().min(1).max(100),
      username: z.string().min(1).max(200),
      password: z.string().min(1).max(500),
    }),
  ])
  .openapi("ConnectorConfigRequest");
