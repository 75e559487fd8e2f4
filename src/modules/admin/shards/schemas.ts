import { z } from "@hono/zod-openapi";
import { orNull } from "../../../http/openapi";

const count = (description: string) => z.number().int().openapi({ description });

export const ShardQueuesSchema = z
  .object({
    outboxPending: count("Outbox events not yet dispatched to webhook subscriptions"),
    deliveriesDue: count("Webhook deliveries pending or retrying"),
    workflowRunsPending: count("Workflow runs waiting to start"),
  })
  .openapi("ShardQueues", {
    description:
      "Work waiting in this shard's tables, the part of queue depth a Worker can measure; the backlog of the Cloudflare queues themselves is in the dashboard (docs/operations.md#operating-figures)",
  });

export const ShardSchema = z
  .object({
    shard: z.number().int(),
    binding: z
      .string()
      .openapi({ description: "The D1 binding the shard is found by (SHARD_ and the number)" }),
    bound: z
      .boolean()
      .openapi({ description: "False: tenants or a registry row name it, but no binding exists" }),
    state: z.enum(["open", "closed"]).openapi({ description: "closed: no new tenant is placed here" }),
    ready: z.boolean().openapi({
      description:
        "Figures readable and migrations level with the other shards; only ready shards take tenants",
    }),
    notes: z.string(),
    tenants: z.number().int(),
    bytes: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Database size as D1 reports it (meta.size_after)" }),
    rows: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Customers, accounts, transactions and agents (data_row_counts)" }),
    migrationsApplied: z.number().int().nullable(),
    queues: orNull(ShardQueuesSchema).openapi({ description: "null: the shard could not be read" }),
    problem: z
      .string()
      .nullable()
      .openapi({ description: "What keeps the shard from serving or taking tenants" }),
    updatedAt: z
      .string()
      .nullable()
      .openapi({ description: "Last change of state or notes; null: never changed" }),
    updatedBy: z.string().nullable(),
  })
  .openapi("Shard");

export const ShardParams = z.object({
  shard: z.coerce
    .number()
    .int()
    .min(0)
    .max(999)
    // A path parameter is required and never null (OpenAPI 3.0); zod's coerce input would say both otherwise.
    .openapi({
      param: { name: "shard", in: "path", required: true },
      type: "integer",
      minimum: 0,
      maximum: 999,
    }),
});

export const UpdateShardBody = z
  .strictObject({
    state: z.enum(["open", "closed"]).optional().openapi({ description: "closed: new tenants go elsewhere" }),
    notes: z.string().trim().max(500).optional().openapi({ description: "Why, for the next operator" }),
  })
  .openapi("UpdateShardRequest");
