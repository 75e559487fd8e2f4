import { z } from "@hono/zod-openapi";

// Response shapes of modules/ingest: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

export const IngestResultSchema = z
  .object({
    success: z.literal(true),
    recordsWritten: z
      .number()
      .int()
      .openapi({ description: "Valid records upserted (new, changed or unchanged)" }),
    errors: z
      .array(
        z.object({
          index: z.number().int().openapi({ description: "0-based position of the record in the body" }),
          message: z.string(),
        }),
      )
      .openapi({ description: "Records that were skipped, and why" }),
  })
  .openapi("IngestResult");

export const SyncStatusSchema = z
  .object({
    runId: z.uuid(),
    provider: z.enum(["export", "fineract"]),
    status: z.enum(["running", "succeeded", "failed"]).openapi({
      description: "`running`: the sync continues in the background (see GET /v1/sync/runs/{runId})",
    }),
    recordsWritten: z.object({
      customers: z.number().int(),
      accounts: z.number().int(),
      transactions: z.number().int(),
      agents: z.number().int(),
      loans: z.number().int().openapi({ description: "Fineract loans written with their schedules" }),
      loanRepayments: z.number().int().openapi({ description: "Fineract loan repayments written" }),
    }),
    errors: z.array(z.string()),
    filesLoaded: z.array(z.string()).openapi({ description: "Export files loaded by this run" }),
    startedAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .openapi("SyncStatus");

export const SyncResponseSchema = z.object({ success: z.literal(true), syncStatus: SyncStatusSchema });
