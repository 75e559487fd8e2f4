import { call, json, type TestTenant } from "../harness";

export interface Run {
  id: string;
  workflowId: string;
  workflowName: string;
  status: string;
  triggeredBy: string;
  duration: string | null;
  startedAt: string | null;
  completedAt: string | null;
  steps: Array<{
    id: string;
    status: string;
    startedAt: string | null;
    completedAt: string | null;
    error: string | null;
  }>;
  output: Record<string, Record<string, unknown>>;
  error: string | null;
}

export const trigger = (t: TestTenant, workflowId: string, body?: unknown) =>
  call("POST", `/v1/workflows/${workflowId}/trigger`, { key: t.key, body });

export const getRun = async (t: TestTenant, runId: string) =>
  (await json<{ run: Run }>(await call("GET", `/v1/workflows/runs/${runId}`, { key: t.key }))).run;

/** Waits for the local jobs queue to finish a run. */
export async function waitForRun(t: TestTenant, runId: string, timeoutMs = 20_000): Promise<Run> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await getRun(t, runId);
    if (run.status === "succeeded" || run.status === "failed") return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} still ${run.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
