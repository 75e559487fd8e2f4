import { loadTenantContext } from "../../../db/tenant-context";
import type { Env } from "../../../env";
import { enqueuePerTenant } from "../../../jobs/enqueue";
import { jobs, LENDING_REFRESH_JOB, type LendingRefreshMessage } from "../../../jobs/messages";
import { refreshLending } from "./service";

/** JOBS_QUEUE handler for "lending.refresh" {tenantId}: bucket changes by time, last month's snapshot. */
export async function lendingRefreshJob(env: Env, message: LendingRefreshMessage): Promise<void> {
  const ctx = await loadTenantContext(env, message.tenantId, `job:${LENDING_REFRESH_JOB}`);
  const result = await refreshLending(ctx);
  console.log(JSON.stringify({ level: "info", msg: "lending refreshed", tenantId: ctx.tenantId, ...result }));
}

/** Daily cron ("0 2 * * *"): one message per tenant, each refresh in its own invocation. */
export async function lendingCronTask(env: Env): Promise<void> {
  await enqueuePerTenant(env, (tenant) => jobs.lendingRefresh(tenant.id));
}
