/** OpenAPI shapes of tenant moves between shards (docs/decisions/tenant-moves.md). */
import { z } from "@hono/zod-openapi";

export const StartMoveBody = z
  .strictObject({
    targetShard: z
      .number()
      .int()
      .min(0)
      .max(9_999)
      .openapi({
        description:
          "The shard to move to (0-based; less than the number of shards, not the tenant's current one). An empty, newly " +
          "added shard makes it a dedicated shard for this tenant.",
        example: 1,
      }),
  })
  .openapi("StartTenantMoveRequest");

export const MoveParams = z.object({
  tenantId: z.uuid().openapi({ param: { name: "tenantId", in: "path" } }),
  moveId: z.uuid().openapi({ param: { name: "moveId", in: "path" } }),
});
