export const RUN_STATUSES = ["pending", "running", "succeeded", "failed"] as const;
export type WorkflowRunStatus = (typeof RUN_STATUSES)[number];

/** docs/contract.md#workflows: pending -> running -> succeeded | failed. Nothing else. */
export const RUN_TRANSITIONS: Readonly<Record<WorkflowRunStatus, readonly WorkflowRunStatus[]>> = {
  pending: ["running"],
  running: ["succeeded", "failed"],
  succeeded: [],
  failed: [],
};

export const canTransition = (from: WorkflowRunStatus, to: WorkflowRunStatus): boolean =>
  RUN_TRANSITIONS[from].includes(to);

export const isTerminal = (status: WorkflowRunStatus): boolean => RUN_TRANSITIONS[status].length === 0;

/** Run duration as the API shows it: seconds with millisecond precision, e.g. "1.234s". */
export function formatDuration(startedAt: string | null, completedAt: string | null): string | null {
  if (!startedAt || !completedAt) return null;
  const ms = Math.max(0, Date.parse(completedAt) - Date.parse(startedAt));
  return `${(ms / 1000).toFixed(3)}s`;
}
