import { events } from "../../db/shard";
import type { TenantContext } from "../../db/tenant-context";
import { jobs } from "../../jobs/messages";

/** Event types a subscriber can receive (docs/contract.md#webhooks). */
export const EVENT_TYPES = [
  "bhi.calculated",
  "customer.risk_alert",
  "nba.generated",
  "workflow.completed",
  "workflow.failed",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * The outbox insert for an event, to put in the same `db.batch` as the change that caused
 * it: the event exists if and only if the change does.
 */
export function eventInsert(
  ctx: Pick<TenantContext, "db" | "tenantId">,
  type: EventType,
  data: Record<string, unknown>,
  at: Date,
) {
  return ctx.db.insert(events).values({
    id: crypto.randomUUID(),
    tenantId: ctx.tenantId,
    type,
    data,
    createdAt: at.toISOString(),
    dispatchedAt: null,
  });
}

/**
 * Call after a batch that recorded events, so they fan out within seconds (the webhooks module
 * handles the job; a cron sweep backs it up).
 */
export async function notifyOutbox(ctx: Pick<TenantContext, "env" | "tenantId">): Promise<void> {
  await ctx.env.JOBS_QUEUE.send(jobs.outboxDispatch(ctx.tenantId));
}
