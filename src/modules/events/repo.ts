import { type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import { jsonRowsTemplate } from "../../db/json-rows";
import { events } from "../../db/shard/events";
import { tenantValue } from "../../db/tenant-tables";
import { jsonArrayChunks } from "../../lib/json-chunks";
import type { EventType } from "./domain/types";

/**
 * The outbox's statements, for the batch of the change that records the event (reached through
 * ./service.ts). Each takes the tenant's scope and writes only its rows.
 */

/**
 * The outbox insert for an event, to put in the same `db.batch` as the change that caused
 * it: the event exists if and only if the change does.
 */
export function eventInsert(scope: TenantScope, type: EventType, data: Record<string, unknown>, at: Date) {
  return scope.db.insert(events).values({
    id: crypto.randomUUID(),
    tenantId: scope.tenantId,
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
  scope: TenantScope,
  list: ReadonlyArray<{ type: EventType; data: Record<string, unknown>; at: Date }>,
) {
  return eventRows(
    scope,
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
  scope: TenantScope,
  id: string,
  type: EventType,
  data: Record<string, unknown>,
  at: string,
) {
  return scope.db
    .insert(events)
    .values({ id, tenantId: scope.tenantId, type, data, createdAt: at, dispatchedAt: null })
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
