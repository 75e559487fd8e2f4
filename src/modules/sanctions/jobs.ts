import { loadTenantContext } from "../../db/tenant-context";
import type { Env } from "../../env";
import { jobs, type SanctionsScreenMessage } from "../../jobs/messages";
import { AppError } from "../../lib/errors";
import { screenCustomerPage } from "./service";

/** One page of customers screened; the next page is a new message (each turn within D1's limits). */
export async function sanctionsScreenJob(env: Env, message: SanctionsScreenMessage): Promise<void> {
  const ctx = await loadTenantContext(
    env,
    message.tenantId,
    `job:sanctions.screen:${crypto.randomUUID()}`,
  ).catch((err) => {
    if (err instanceof AppError && err.code === "not_found") return null; // deleted tenant
    throw err;
  });
  if (!ctx) return;
  const { since, listId, version } = message;
  const { afterId } = await screenCustomerPage(ctx, { since, listId, version, afterId: message.afterId });
  if (afterId)
    await env.JOBS_QUEUE.send(jobs.sanctionsScreen(message.tenantId, { since, listId, version, afterId }));
}
