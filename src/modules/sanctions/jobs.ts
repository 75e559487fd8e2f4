import { loadTenantContext } from "../../db/tenant-context";
import type { Env } from "../../env";
import { jobs, type SanctionsScreenMessage } from "../../jobs/messages";
import { AppError } from "../../lib/errors";
import { screenCustomerPages } from "./service";

/** Pages of customers screened (screenCustomerPages); the next turn is a new message (each within D1's limits). */
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
  const { afterId } = await screenCustomerPages(ctx, { since, listId, version, afterId: message.afterId });
  if (afterId)
    await env.JOBS_QUEUE.send(jobs.sanctionsScreen(message.tenantId, { since, listId, version, afterId }));
}
