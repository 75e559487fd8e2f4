import { z } from "@hono/zod-openapi";

// Response shapes of modules/agent-health/snapshots: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const RefreshProgressResponse = z.object({
  success: z.literal(true),
  run: z
    .object({
      status: z.enum(["running", "completed"]),
      computedAt: z.string().openapi({ description: "The run's time: the snapshots it writes carry it" }),
      total: z.number().int().min(0),
      processed: z.number().int().min(0).openapi({ description: "Agents done so far (at most total)" }),
      updatedAt: z.string(),
    })
    .nullable(),
});
