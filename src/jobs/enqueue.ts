import { asc, gt } from "drizzle-orm";
import { controlDb } from "../db/client";
import { type TenantFeatures, tenants } from "../db/control-schema";
import type { Env } from "../env";
import { sendBatches } from "./batches";
import { type JobMessage, OUTBOX_DISPATCH_JOB } from "./messages";

/** Sends every body in as few sendBatch calls as the queue's limits allow. */
export async function sendAll<T>(queue: Pick<Queue<T>, "sendBatch">, bodies: readonly T[]): Promise<void> {
  for (const batch of sendBatches(bodies)) await queue.sendBatch(batch.map((body) => ({ body })));
}

/** Sends jobs to their queue: the outbox fan-out to OUTBOX_QUEUE, everything else to JOBS_QUEUE. */
export async function sendJobs(
  env: Pick<Env, "JOBS_QUEUE" | "OUTBOX_QUEUE">,
  messages: readonly JobMessage[],
) {
  const outbox = messages.filter((m) => m.type === OUTBOX_DISPATCH_JOB);
  if (outbox.length > 0) await sendAll(env.OUTBOX_QUEUE, outbox);
  await sendAll(
    env.JOBS_QUEUE,
    outbox.length > 0 ? messages.filter((m) => m.type !== OUTBOX_DISPATCH_JOB) : messages,
  );
}

/** Tenants read per control-database page: one page is at most one sendBatch. */
const TENANT_PAGE = 100;

export interface TenantSummary {
  id: string;
  features: TenantFeatures;
}

/**
 * Cron fan-out: one job message per tenant (`make` returns undefined to skip a tenant), so
 * each tenant's work runs in its own invocation, with its own query and CPU budget, and is
 * retried alone. Pages through the control database by id, so one invocation stays small for
 * any number of tenants. Returns the number of messages sent.
 */
export async function enqueuePerTenant(
  env: Env,
  make: (tenant: TenantSummary) => JobMessage | undefined,
): Promise<number> {
  const db = controlDb(env);
  let sent = 0;
  let after = "";
  for (;;) {
    const page = await db
      .select({ id: tenants.id, features: tenants.features })
      .from(tenants)
      .where(gt(tenants.id, after))
      .orderBy(asc(tenants.id))
      .limit(TENANT_PAGE);
    const messages = page.map(make).filter((message) => message !== undefined);
    await sendJobs(env, messages);
    sent += messages.length;
    if (page.length < TENANT_PAGE) return sent;
    after = page[page.length - 1].id;
  }
}
