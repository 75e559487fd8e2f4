import { loadTenantContext } from "../../db/tenant-context";
import type { Env } from "../../env";
import type { BhiCalculateMessage } from "../../jobs/messages";
import * as repo from "./repo";
import { runJobSlice } from "./service";

/**
 * JOBS_QUEUE handler for "bhi.calculate" {tenantId, jobId}. A failing slice records its error
 * on the job (visible at GET /v1/bhi/calculate-from-db/jobs/{jobId}) and is retried by the queue; after the
 * queue's last retry the message goes to the dead-letter queue and the job keeps the error.
 */
export async function bhiCalculateJob(env: Env, message: BhiCalculateMessage): Promise<void> {
  const { jobId } = message;
  const ctx = await loadTenantContext(env, message.tenantId, `job:${jobId}`);
  try {
    await runJobSlice(ctx, jobId);
  } catch (err) {
    await repo
      .updateJob(ctx, jobId, { error: String(err).slice(0, 500), updatedAt: ctx.clock.now().toISOString() })
      .catch(() => {});
    throw err;
  }
}
