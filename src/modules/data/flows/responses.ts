import { z } from "@hono/zod-openapi";
import { orNull } from "../../../http/openapi";
import { FlowEnum } from "./schemas";

// Response shapes of modules/data/flows: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const FlowBackfill = z
  .object({
    id: z.string(),
    reason: z.enum(["mapping_changed", "unclassified", "requested"]),
    status: z.enum(["running", "completed"]),
    scanned: z
      .number()
      .int()
      .min(0)
      .openapi({ description: "Transactions read so far, in (transactionDate, id) order" }),
    changed: z.number().int().min(0).openapi({ description: "Transactions whose flow changed" }),
    total: z
      .number()
      .int()
      .min(0)
      .openapi({ description: "The tenant's transactions when the backfill started" }),
    startedAt: z.string(),
    updatedAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .openapi("FlowBackfill");

export const FlowMapping = z
  .object({
    entries: z.array(z.object({ category: z.string(), flow: FlowEnum })),
    backfill: orNull(FlowBackfill).openapi({
      description: "The tenant's latest re-classification of stored transactions (null when none ran)",
    }),
  })
  .openapi("FlowMapping");

export const FlowMappingResponse = z.object({ success: z.literal(true), data: FlowMapping });

export const FlowBackfillResponse = z.object({ success: z.literal(true), data: FlowBackfill });
