import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, jsonBody, jsonContent } from "../../../http/openapi";
import { ShardParams, UpdateShardBody } from "../shards/schemas";
import { updateShard } from "../shards/service";

export const updateShardRoute = adminRoute({
  method: "patch",
  path: "/admin/shards/{shard}",
  operationId: "adminUpdateShard",
  scope: "shards:write",
  summary: "Update a shard",
  description:
    "Close it to new tenants, open it again, or set its notes (audited). " +
    "A closed shard keeps serving its tenants; it only takes no new ones, neither by placement nor when " +
    "named in POST /admin/tenants. A shard that is not bound in this deployment is a 404. Setting what " +
    "is already in force records nothing.",
  request: { params: ShardParams, body: jsonBody(UpdateShardBody) },
  responses: {
    200: jsonContent(async () => {
      const { ShardSchema } = await import("../shards/responses");
      return z.object({ success: z.literal(true), shard: ShardSchema });
    }, "The shard as it is now"),
  },
});

export const registerUpdateShard = (app: App) =>
  app.openapi(updateShardRoute, async (c) => {
    const shard = await updateShard(c.get("op"), c.req.valid("param").shard, c.req.valid("json"));
    return c.json({ success: true as const, shard }, 200);
  });
