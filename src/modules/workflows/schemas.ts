import { z } from "@hono/zod-openapi";
import { PaginationQuery } from "../../http/openapi";
import { WORKFLOW_IDS } from "./domain/catalog";
import { RUN_STATUSES } from "./domain/state";

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

export const RunStatus = z.enum(RUN_STATUSES).openapi("WorkflowRunStatus");

export const TriggerBody = z
  .strictObject({
    customerId: z.uuid().optional(),
    input: z.strictObject({ customerId: z.uuid().optional() }).optional(),
  })
  .openapi("WorkflowTriggerRequest", {
    description:
      "The customer as `customerId` or `input.customerId`. risk-review needs one; bhi-refresh and monthly-reports cover every customer without one.",
  });

export const RunsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50).openapi({ description: "1..500, default 50" }),
  offset: PaginationQuery.shape.offset,
  cursor: PaginationQuery.shape.cursor,
  workflowId: z.enum(WORKFLOW_IDS).optional(),
  status: RunStatus.optional(),
});
