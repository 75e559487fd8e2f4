import { loadTenantContext } from "../../db/tenant-context";
import type { Env } from "../../env";
import { USAGE_MEASURE_JOB, type UsageMeasureMessage } from "../../jobs/messages";
import { AppError } from "../../lib/errors";
import { remeasure } from "./service";

/**
 * JOBS_QUEUE handler for "usage.measure" {tenantId, requestedAt}: the measured tables' COUNTs
 * a request found stale, run here so no request waits for them (docs/decisions/fairness.md#storage-quotas).
 * A tenant deleted meanwhile has nothing left to count: the message is done.
 */
export async function usageMeasureJob(env: Env, message: UsageMeasureMessage): Promise<void> {
  let ctx: Awaited<ReturnType<typeof loadTenantContext>>;
  try {
    // Read-only: it writes nothing on the shard, so a move's write fence does not hold it up.
    ctx = await loadTenantContext(env, message.tenantId, `job:${USAGE_MEASURE_JOB}`, { readOnly: true });
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return;
    throw err;
  }
  const measured = await remeasure(ctx, message.requestedAt);
  console.log(JSON.stringify({ level: "info", msg: "usage measured", tenantId: ctx.tenantId, ...measured }));
}
