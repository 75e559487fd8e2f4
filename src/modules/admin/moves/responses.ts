import { z } from "@hono/zod-openapi";
import { TENANT_TABLES } from "../../../db/tenant-table-list";
import { MAX_UNIT_FAILURES } from "./config";

// Response shapes of modules/admin/moves: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

const TableProgressSchema = z
  .object({
    table: z.enum(TENANT_TABLES),
    sourceRows: z.number().int().openapi({
      description: "Rows of the tenant on the source as of the latest pass (kept current by the fenced step)",
    }),
    targetRows: z.number().int().openapi({ description: "The same on the target" }),
    sourceHash: z
      .string()
      .nullable()
      .openapi({
        description:
          "Content hash of the tenant's rows on the source (hex; the sum modulo 2^128 of each row's SHA-256, so it " +
          "does not depend on row order), as of the latest pass and kept current by the fenced step",
      }),
    targetHash: z
      .string()
      .nullable()
      .openapi({ description: "The same over the target's pages; equal when the contents are" }),
    written: z.number().int().openapi({ description: "Rows written to the target over all passes" }),
    deleted: z
      .number()
      .int()
      .openapi({ description: "Rows deleted from the target over all passes (gone from the source)" }),
    removed: z.number().int().openapi({ description: "Rows removed from the old shard after the switch" }),
    discarded: z.number().int().openapi({
      description: "Rows of the partial copy deleted from the target after the move failed (step rollback)",
    }),
  })
  .openapi("TenantMoveTable");

export const TenantMoveSchema = z
  .object({
    id: z.uuid(),
    tenantId: z.uuid(),
    sourceShard: z.number().int(),
    targetShard: z.number().int(),
    state: z.enum(["running", "succeeded", "failed"]),
    step: z
      .enum(["copy", "catch_up", "fence", "final_sync", "switch", "cleanup", "done", "rollback"])
      .openapi({
        description:
          "copy: first pass; catch_up: passes re-copying what changed meanwhile; fence: writes pause; final_sync: under " +
          "the fence, round 1 compares only the rows changed since the last pass began (the source's change log), then " +
          "checks counts and hashes of every table; when they disagree, rounds 2+ are full fenced passes; switch: the tenant's shard changes; cleanup: the old " +
          "copy is deleted in pages; done; rollback: the move failed before its switch (why: `error`) and its partial " +
          "copy is deleted from the target in pages (state running), then the move is failed; the tenant never " +
          "left its source shard",
      }),
    round: z.number().int().openapi({ description: "Pass number within the step" }),
    currentTable: z
      .enum(TENANT_TABLES)
      .nullable()
      .openapi({ description: "The table the step is at; null between steps" }),
    tablesDone: z.number().int(),
    tablesTotal: z.number().int(),
    verified: z
      .boolean()
      .openapi({ description: "Counts and hashes of every table agreed under the fence (then it switched)" }),
    fenceStartedAt: z.string().nullable(),
    fenceEndedAt: z.string().nullable(),
    fenceSeconds: z
      .number()
      .nullable()
      .openapi({ description: "How long writes were paused (the last fence)" }),
    switchedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    finishedAt: z.string().nullable(),
    error: z.string().nullable().openapi({
      description:
        "Why the move failed (or is rolling back), what made it catch up again, or its unit's last error",
    }),
    totals: z.object({
      sourceRows: z.number().int(),
      targetRows: z.number().int(),
      written: z.number().int(),
      deleted: z.number().int(),
      removed: z.number().int(),
      discarded: z.number().int(),
    }),
    failures: z
      .number()
      .int()
      .openapi({
        description: `Consecutive failed attempts of the current unit (its last error in \`error\`); at ${MAX_UNIT_FAILURES} before the switch the move rolls back`,
      }),
    tables: z.array(TableProgressSchema),
  })
  .openapi("TenantMove");

export const TenantMoveResponse = z.object({ success: z.literal(true), move: TenantMoveSchema });
