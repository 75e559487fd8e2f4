import { z } from "@hono/zod-openapi";

export const ShardParams = z.object({
  shard: z.coerce
    .number()
    .int()
    .min(0)
    .max(999)
    // A path parameter is required and never null (OpenAPI 3.0); zod's coerce input would say both otherwise.
    .openapi({
      param: { name: "shard", in: "path", required: true },
      type: "integer",
      minimum: 0,
      maximum: 999,
    }),
});

export const UpdateShardBody = z
  .strictObject({
    state: z.enum(["open", "closed"]).optional().openapi({ description: "closed: new tenants go elsewhere" }),
    notes: z.string().trim().max(500).optional().openapi({ description: "Why, for the next operator" }),
  })
  .openapi("UpdateShardRequest");
