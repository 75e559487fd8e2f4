import { loadTenantContext } from "../../db/tenant-context";
import type { Env } from "../../env";
import { enqueuePerTenant } from "../../jobs/enqueue";
import { type GoamlCtrMessage, jobs } from "../../jobs/messages";
import { notifyOutbox } from "../events/service";
import { runDailyCtr } from "./ctr/service";

/**
 * The daily CTR: the 02:00 UTC cron sends one message per tenant; each computes the local day
 * before the cron's time in the tenant's zone (at 02:00 UTC every zone from UTC-12 to UTC+14 has
 * finished that day). The run table's key (tenant, day) makes a redelivery return the recorded run.
 */
export const goamlCtrCronTask = async (env: Env, scheduledTime: Date) => {
  await enqueuePerTenant(env, (tenant) => jobs.goamlCtr(tenant.id, scheduledTime.toISOString()));
};

export async function goamlCtrJob(env: Env, message: GoamlCtrMessage): Promise<void> {
  const ctx = await loadTenantContext(env, message.tenantId, `job:goaml.ctr:${crypto.randomUUID()}`);
  const run = await runDailyCtr(ctx, new Date(message.at));
  if (run?.status === "filed") await notifyOutbox(ctx);
}
