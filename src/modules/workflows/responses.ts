import { z } from "@hono/zod-openapi";
import { IsoDateTime } from "../../http/openapi";
import { STEP_ACTIONS, WORKFLOW_IDS } from "./domain/catalog";
import { RUN_STATUSES } from "./domain/state";
import { RunStatus } from "./schemas";

// Response shapes of modules/workflows: built only when the OpenAPI document is
// (routes load this file with import(); docs/architecture.md#what-loads-lazily).

/** A free-form JSON object (documented as `additionalProperties: {}`, any value). */
const JsonObject = z.record(z.string(), z.unknown()).openapi({ additionalProperties: {} });

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

export const TriggerResponse = z
  .object({
    success: z.literal(true),
    runId: z.uuid(),
    status: RunStatus,
    message: z.string(),
  })
  .openapi("WorkflowTriggerResponse");
