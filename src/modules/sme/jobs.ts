import { loadTenantContext } from "../../db/tenant-context";
import type { Env } from "../../env";
import { enqueuePerTenant } from "../../jobs/enqueue";
import { jobs, SME_BENCHMARKS_JOB, type SmeBenchmarksMessage } from "../../jobs/messages";
import { DEFAULT_WINDOW_DAYS, refreshAllWindows, refreshSnapshot } from "./benchmarks/service";

/**
 * JOBS_QUEUE "sme.benchmarks" {tenantId, windowDays?}: refresh one window's snapshot (when a
 * request found it stale), or with `all: true` (the daily cron) every window in use.
 */
export async function smeBenchmarksJob(env: Env, message: SmeBenchmarksMessage): Promise<void> {
  const ctx = await loadTenantContext(
    env,
    message.tenantId,
    `job:${SME_BENCHMARKS_JOB}:${crypto.randomUUID()}`,
  );
  if (message.all === true) await refreshAllWindows(ctx);
  else await refreshSnapshot(ctx, message.windowDays ?? DEFAULT_WINDOW_DAYS);
}

/** Cron "0 2 * * *": one benchmark job per tenant, so no single invocation scans every tenant. */
export async function smeBenchmarksCron(env: Env): Promise<void> {
  await enqueuePerTenant(env, (tenant) => jobs.smeBenchmarksAll(tenant.id));
}
