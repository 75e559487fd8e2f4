import { z } from "@hono/zod-openapi";
import { IsoDateTime, PaginationQuery } from "../../http/openapi";
import { STEP_ACTIONS, WORKFLOW_IDS } from "./domain/catalog";
import { RUN_STATUSES } from "./domain/state";

/** A free-form JSON object (documented as `additionalProperties: {}`, any value). */
const JsonObject = z.record(z.string(), z.unknown()).openapi({ additionalProperties: {} });

/** A string, not an enum: a workflow that does not exist is a 404, like any absent resource. */
export const WorkflowIdParam = z
  .string()
  .max(64)
  .openapi({
    // Names a built-in definition every tenant shares, not a tenant object (test/security).
    param: { name: "workflowId", in: "path", "x-shared-catalog": true } as { name: string; in: "path" },
    description: `A built-in workflow (every tenant has the same set): ${WORKFLOW_IDS.join(", ")}. Others: 404`,
    example: "bhi-refresh",
  });

export const WorkflowSchema = z
  .object({
    id: z.enum(WORKFLOW_IDS),
    name: z.string(),
    description: z.string(),
    version: z.string().openapi({ example: "1.0.0" }),
    status: z.literal("active"),
    triggers: z.array(z.object({ type: z.enum(["manual", "cron", "event"]), config: JsonObject })),
    steps: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        action: z.enum(STEP_ACTIONS),
        config: JsonObject,
      }),
    ),
    runCount: z.number().int(),
    lastRunAt: IsoDateTime.nullable(),
    createdAt: IsoDateTime,
  })
  .openapi("Workflow");

export const RunStatus = z.enum(RUN_STATUSES).openapi("WorkflowRunStatus");

export const WorkflowRunSchema = z
  .object({
    id: z.uuid(),
    workflowId: z.string(),
    workflowName: z.string(),
    workflowVersion: z.string(),
    status: RunStatus,
    triggeredBy: z
      .string()
      .openapi({ description: '"api:<keyId>", "cron:<schedule>" or "event:customer.risk_alert"' }),
    input: JsonObject,
    createdAt: IsoDateTime,
    startedAt: IsoDateTime.nullable(),
    completedAt: IsoDateTime.nullable(),
    duration: z
      .string()
      .nullable()
      .openapi({ description: 'Seconds, e.g. "1.234s"; null until the run finishes', example: "1.234s" }),
    steps: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        action: z.string(),
        status: z.enum([...RUN_STATUSES, "skipped"]),
        startedAt: IsoDateTime.nullable(),
        completedAt: IsoDateTime.nullable(),
        error: z.string().nullable(),
      }),
    ),
    output: JsonObject.openapi({ description: "Each step's output, by step id" }),
    error: z.string().nullable(),
  })
  .openapi("WorkflowRun");

export const TriggerBody = z
  .strictObject({
    customerId: z.uuid().optional(),
    input: z.strictObject({ customerId: z.uuid().optional() }).optional(),
  })
  .openapi("WorkflowTriggerRequest", {
    description:
      "The customer as `customerId` or `input.customerId`. risk-review needs one; bhi-refresh and monthly-reports cover every customer without one.",
  });

export const TriggerResponse = z
  .object({
    success: z.literal(true),
    runId: z.uuid(),
    status: RunStatus,
    message: z.string(),
  })
  .openapi("WorkflowTriggerResponse");

export const RunsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50).openapi({ description: "1..500, default 50" }),
  offset: PaginationQuery.shape.offset,
  cursor: PaginationQuery.shape.cursor,
  workflowId: z.enum(WORKFLOW_IDS).optional(),
  status: RunStatus.optional(),
});
