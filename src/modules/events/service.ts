import type { TenantContext } from "../../db/tenant-context";
import { jobs } from "../../jobs/messages";

export { EVENT_TYPES, type EventType } from "./domain/types";
export {
  eventInsert,
  eventInsertOnce,
  eventStatements,
  eventsInsert,
  type NewEvent,
} from "./repo";
export { markDispatched, tenantsWithUndispatchedEvents, undispatchedEventIds } from "./system-repo";

/**
 * Call after a batch that recorded events, so they fan out within seconds (the webhooks module
 * handles the job, on its own queue so heavy jobs never delay it; a cron sweep backs it up).
 */
export async function notifyOutbox(ctx: Pick<TenantContext, "env" | "tenantId">): Promise<void> {
  await ctx.env.OUTBOX_QUEUE.send(jobs.outboxDispatch(ctx.tenantId));
}
