import { z } from "@hono/zod-openapi";
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
