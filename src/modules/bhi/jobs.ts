import { loadTenantContext } from "../../db/tenant-context";
import type { JobHandler } from "../../jobs/registry";
import { runJobSlice } from "./service";

/** JOBS_QUEUE handler for "bhi.calculate" {tenantId, jobId}. */
export const bhiCalculateJob: JobHandler = async (env, message) => {
  const ctx = await loadTenantContext(env, message.tenantId, `job:${String(message.jobId)}`);
  await runJobSlice(ctx, String(message.jobId));
};
