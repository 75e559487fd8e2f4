import { z } from "@hono/zod-openapi";
import { IsoDateTime } from "../../http/openapi";
import { COUNTED_TABLES, OBJECT_KINDS } from "./domain/quota";

// Response shapes of modules/usage: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

const Bytes = z.number().int().min(0);

export const UsageResponse = z
  .object({
    success: z.literal(true),
    storage: z.object({
      tables: z.array(
        z.object({
          table: z.enum(COUNTED_TABLES),
          rows: z
            .number()
            .int()
            .min(0)
            .openapi({
              description:
                "Rows the tenant holds: exact for customers, accounts, transactions and agents (kept by triggers); for the " +
                "others (loans and their schedules and repayments, fraud and AML case logs, outbox events, webhook " +
                "deliveries and attempts) as counted at `measuredAt`",
            }),
          estimatedBytes: Bytes.openapi({
            description: "rows times the table's measured bytes per row, indexes included (an estimate)",
          }),
        }),
      ),
      objects: z
        .array(
          z.object({
            kind: z.enum(OBJECT_KINDS).openapi({
              description:
                "reports: BHI reports; case_files: evidence on cases; backtests: AML, rule-set and float backtest results; " +
                "goaml: filed goAML reports; exports: the operator's exports of the tenant's data; other: anything else " +
                "under the tenant's prefix the API wrote",
            }),
            objects: z.number().int().min(0),
            bytes: Bytes.openapi({ description: "Their exact size in R2" }),
          }),
        )
        .openapi({
          description: "Files the tenant stores in R2, per kind (kept as the API writes and deletes them)",
        }),
      measuredAt: IsoDateTime.openapi({
        description: "When the measured tables were last counted (at most 5 minutes before this answer)",
      }),
      estimatedBytes: Bytes.openapi({
        description: "The tables' estimates and the objects' bytes added up: what the quota counts",
      }),
      quotaBytes: Bytes.openapi({
        description:
          "The tenant's storage quota (default 2,000,000,000; operator-set). A write that would pass it is refused with " +
          "403 storage_quota_exceeded, writing nothing: an ingest (customers, accounts, transactions, agents, loans) whose " +
          "new rows would, or a case file upload whose bytes would",
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
