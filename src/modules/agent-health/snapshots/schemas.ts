import { z } from "@hono/zod-openapi";

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
