import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const WORKFLOW_RUN_STATUSES = ["pending", "running", "succeeded", "failed"] as const; // domain/state.ts RUN_STATUSES
export type WorkflowRunStatus = (typeof WORKFLOW_RUN_STATUSES)[number];

export interface StoredRunStep {
  id: string;
  name: string;
  action: string;
  status: WorkflowRunStatus | "skipped";
  startedAt: string | null;
  completedAt: string | null;
  error: string | null;
  /** Continuation state of a step that spans several queue messages. */
  state?: Record<string, unknown> | null;
}

/** Workflow runs (every shard): mirrors migrations/shard/0009_nba_workflows.sql. */
export const workflowRuns = sqliteTable(
  "workflow_runs",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    workflowId: text("workflow_id").notNull(),
    workflowName: text("workflow_name").notNull(),
    workflowVersion: text("workflow_version").notNull(),
    status: text("status", { enum: WORKFLOW_RUN_STATUSES }).notNull(),
    triggeredBy: text("triggered_by").notNull(),
    triggerKey: text("trigger_key"),
    input: text("input", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    steps: text("steps", { mode: "json" }).$type<StoredRunStep[]>().notNull(),
    output: text("output", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    error: text("error"),
    lease: text("lease"),
    createdAt: text("created_at").notNull(),
    startedAt: text("started_at"),
    completedAt: text("completed_at"),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [
    index("workflow_runs_list_idx").on(t.tenantId, t.createdAt, t.id),
    index("workflow_runs_workflow_idx").on(t.tenantId, t.workflowId, t.createdAt, t.id),
    index("workflow_runs_status_idx").on(t.tenantId, t.status, t.createdAt, t.id),
    uniqueIndex("workflow_runs_trigger_uq").on(t.tenantId, t.workflowId, t.triggerKey),
  ],
);

export type WorkflowRunRow = typeof workflowRuns.$inferSelect;
