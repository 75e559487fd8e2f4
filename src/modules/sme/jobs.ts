import { loadTenantContext } from "../../db/tenant-context";
import type { Env } from "../../env";
import type { JobHandler } from "../../jobs/registry";
import { DEFAULT_WINDOW_DAYS, refreshAllWindows, refreshSnapshot, SME_BENCHMARK_JOB } from "./benchmarks";
import * as repo from "./repo";

/**
 * JOBS_QUEUE "sme.benchmarks" {tenantId, windowDays?}: refresh one window's snapshot (when a
 * request found it stale), or with `all: true` (the daily cron) every window in use.
 */
export const smeBenchmarksJob: JobHandler = async (env, message) => {
  const ctx = await loadTenantContext(
    env,
    message.tenantId,
    `job:${SME_BENCHMARK_JOB}:${crypto.randomUUID()}`,
  );
  if (message.all === true) await refreshAllWindows(ctx);
  else await refreshSnapshot(ctx, Number(message.windowDays ?? DEFAULT_WINDOW_DAYS));
};

/** Messages per sendBatch (the queue's limit). */
const QUEUE_BATCH = 100;

/** Cron "0 2 * * *": one benchmark job per tenant, so no single invocation scans every tenant. */
export async function smeBenchmarksCron(env: Env): Promise<void> {
  const ids = await repo.allTenantIds(env);
  for (let i = 0; i < ids.length; i += QUEUE_BATCH)
    await env.JOBS_QUEUE.sendBatch(
      ids
        .slice(i, i + QUEUE_BATCH)
        .map((tenantId) => ({ body: { type: SME_BENCHMARK_JOB, tenantId, all: true } })),
    );
}
