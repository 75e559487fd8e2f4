import { z } from "@hono/zod-openapi";

// Response shapes of modules/admin/connectors: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const ConnectorSchema = z
  .object({
    type: z.string(),
    provider: z.string(),
    baseUrl: z.string().optional(),
    tenantIdentifier: z.string().optional(),
    username: z.string().optional(),
    hasPassword: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Connector");
