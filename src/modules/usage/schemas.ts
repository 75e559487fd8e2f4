import { z } from "@hono/zod-openapi";
import { STORAGE_TABLES } from "./domain/quota";

const Bytes = z.number().int().min(0);

export const UsageResponse = z
  .object({
    success: z.literal(true),
    storage: z.object({
      tables: z.array(
        z.object({
          table: z.enum(STORAGE_TABLES),
          rows: z
            .number()
            .int()
            .min(0)
            .openapi({ description: "Rows the tenant holds (exact, kept by triggers)" }),
          estimatedBytes: Bytes.openapi({
            description: "rows times the table's measured bytes per row, indexes included (an estimate)",
          }),
        }),
      ),
      estimatedBytes: Bytes.openapi({ description: "The tables' estimates added up: what the quota counts" }),
      quotaBytes: Bytes.openapi({
        description:
          "The tenant's storage quota (default 2,000,000,000; operator-set). An ingest whose new rows would pass it is refused: 403 storage_quota_exceeded",
      }),
      remainingBytes: Bytes,
    }),
    jobs: z.object({
      running: z.number().int().min(0).openapi({ description: "The tenant's jobs running now" }),
      concurrency: z.number().int().min(1).openapi({
        description:
          "Jobs the tenant may run at once (default 2; operator-set); more wait on the queue while others' jobs run",
      }),
    }),
  })
  .openapi("Usage");
