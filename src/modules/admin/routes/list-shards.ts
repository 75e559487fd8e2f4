import { z } from "@hono/zod-openapi";
import type { App } from "../../../http/context";
import { adminRoute, jsonContent } from "../../../http/openapi";
import { listShards } from "../shards/service";
import { stalledJobFigures } from "../stalled-jobs/service";

export const listShardsRoute = adminRoute({
  method: "get",
  path: "/admin/shards",
  operationId: "adminListShards",
  scope: "shards:read",
  summary: "List shards",
  description:
    "With their operating figures. " +
    "Every SHARD_<n> binding of the deployment (found at run time), with its state, size in bytes, rows, " +
    "tenant count and the work waiting in its tables, measured now; and the shard the next tenant " +
    "created without a `shard` would go to; and the long-running operator jobs (moves, exports, deletions, " +
    "erasures) stalled now or resumed by the minute cron in the last 24 hours. docs/operations.md#operating-figures.",
  responses: {
    200: jsonContent(async () => {
      const { StalledJobsSchema } = await import("../stalled-jobs/responses");
      const { ShardSchema } = await import("../shards/responses");
      return z.object({
        success: z.literal(true),
        data: z.array(ShardSchema),
        nextPlacement: z
          .number()
          .int()
          .nullable()
          .openapi({ description: "Where placement by load puts the next tenant; null: no shard is open" }),
        stalledJobs: StalledJobsSchema,
      });
    }, "Shards"),
  },
});

export const registerListShards = (app: App) =>
  app.openapi(listShardsRoute, async (c) => {
    // Stalled jobs are read beside the shards here: the shard service sits below the moves and
    // offboarding services whose stalls the figures count (importing them there made a cycle).
    const [shards, stalledJobs] = await Promise.all([
      listShards(c.env),
      stalledJobFigures(c.env, c.get("op").clock.now()),
    ]);
    return c.json({ success: true as const, ...shards, stalledJobs }, 200);
  });
