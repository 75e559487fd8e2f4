import { z } from "@hono/zod-openapi";
import { orNull } from "../../../http/openapi";
import { FLOWS, MAX_CATEGORY_LENGTH, MAX_MAPPING_ENTRIES } from "../domain/flows";

export const FlowEnum = z.enum(FLOWS).openapi("TransactionFlow", {
  description: "Flow class of a transaction (docs/methodology/flows.md)",
});

const MappingEntry = z
  .strictObject({
    category: z.string().trim().min(1).max(MAX_CATEGORY_LENGTH).openapi({
      description:
        "A transaction category as ingested; stored normalised (trimmed, lower case, spaces and dashes as underscores), compared the same way",
      example: "pos_settlement",
    }),
    flow: FlowEnum,
  })
  .openapi("FlowMappingEntry");

export const PutFlowMappingBody = z
  .strictObject({
    entries: z
      .array(MappingEntry)
      .max(MAX_MAPPING_ENTRIES)
      .openapi({
        description: `The whole mapping (replaces the stored one; [] clears it), at most ${MAX_MAPPING_ENTRIES} categories, each once after normalisation`,
      }),
  })
  .openapi("PutFlowMappingBody");

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
