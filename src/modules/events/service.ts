import { type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import { jsonRowsTemplate } from "../../db/json-rows";
import { events } from "../../db/shard/events";
import type { TenantContext } from "../../db/tenant-context";
import { tenantValue } from "../../db/tenant-tables";
import { jobs } from "../../jobs/messages";
import { jsonArrayChunks } from "../../lib/json-chunks";

export { markDispatched, tenantsWithUndispatchedEvents, undispatchedEventIds } from "./system-repo";

/** Event types a subscriber can receive (docs/contract.md#webhooks). */
export const EVENT_TYPES = [
  "bhi.calculated",
  "customer.risk_alert",
  "nba.generated",
  "workflow.completed",
  "workflow.failed",
  "fraud.alert_raised",
  "fraud.case_opened",
  "aml.case_opened",
  "monitoring.run_completed",
  "goaml.report_generated",
  "goaml.report_status_changed",
  "goaml.ctr_generated",
  "case.sla_breached",
  "case.linked",
  "case.unlinked",
  "loan.entered_arrears",
  "loan.bucket_changed",
  "loan.repaid",
  "agent.float_low",
  "flow_mapping.updated",
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

const eventRows = jsonRowsTemplate(events);

/**
 * eventInsert for many events (each at its own time), for one batch: the events as JSON chunks
 * (src/db/json-rows.ts), one statement per ~80 KB whose text is built once per isolate, so a
 * batch of many events costs few statements (D1 counts each toward its 1,000) and no Drizzle text
 * building. Rows as eventInsert writes them.
 */
export function eventsInsert(
  ctx: Pick<TenantContext, "db" | "tenantId">,
  list: ReadonlyArray<{ type: EventType; data: Record<string, unknown>; at: Date }>,
) {
  return eventRows(
    ctx,
    list.map((e) => ({
      id: crypto.randomUUID(),
      type: e.type,
      data: e.data,
      createdAt: e.at.toISOString(),
      dispatchedAt: null,
    })),
  );
}

/**
 * An event whose id the caller chooses, recorded at most once: a duplicate (a queue message
 * racing to the same end) records nothing twice. Otherwise the same insert as eventInsert.
 */
export function eventInsertOnce(
  ctx: Pick<TenantContext, "db" | "tenantId">,
  id: string,
  type: EventType,
  data: Record<string, unknown>,
  at: string,
) {
  return ctx.db
    .insert(events)
    .values({ id, tenantId: ctx.tenantId, type, data, createdAt: at, dispatchedAt: null })
    .onConflictDoNothing();
}

/** An event given to eventStatements: its id, type and data (the time is the batch's). */
export interface NewEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/**
 * Set-based outbox inserts for a large batch: the events travel as JSON, one D1 statement per
 * ~80 KB, so a batch of thousands of events stays within D1's bound-parameter limit.
 */
export function eventStatements(
  scope: TenantScope,
  newEvents: NewEvent[],
  at: string,
  options: { once?: boolean } = {},
): SQL[] {
  // once: caller-chosen ids, an id already recorded is skipped (like eventInsertOnce).
  const verb = sql.raw(options.once ? "INSERT OR IGNORE" : "INSERT");
  return jsonArrayChunks(newEvents).map(
    (chunk) =>
      sql`${verb} INTO events (id, tenant_id, type, data, created_at, dispatched_at)
        SELECT json_extract(value, '$.id'), ${tenantValue(scope)}, json_extract(value, '$.type'),
          json(json_extract(value, '$.data')), ${at}, NULL
        FROM json_each(${chunk})`,
  );
}

/**
 * Call after a batch that recorded events, so they fan out within seconds (the webhooks module
 * handles the job, on its own queue so heavy jobs never delay it; a cron sweep backs it up).
 */
export async function notifyOutbox(ctx: Pick<TenantContext, "env" | "tenantId">): Promise<void> {
  await ctx.env.OUTBOX_QUEUE.send(jobs.outboxDispatch(ctx.tenantId));
}
