/**
 * The outbox as the webhooks dispatcher and its every-minute sweep see it (reached through
 * ./service.ts). Raw D1: the fan-out batches these with its own statement. Queue and cron code:
 * the tenant comes from the job message or the swept row, not from a request's scope.
 */
import { likelyTenantText } from "../../db/tenant-tables";

/** The tenant's undispatched events, oldest first. */
export async function undispatchedEventIds(d1: D1Database, tenantId: string, limit: number) {
  const { results } = await d1
    .prepare(
      "SELECT id FROM events WHERE tenant_id = ?1 AND dispatched_at IS NULL ORDER BY created_at, id LIMIT ?2",
    )
    .bind(tenantId, limit)
    .all<{ id: string }>();
  return results;
}

export const MARK_DISPATCHED_SQL = `
UPDATE events SET dispatched_at = ?3
WHERE ${likelyTenantText("tenant_id = ?1")} AND id IN (SELECT value FROM json_each(?2)) AND dispatched_at IS NULL`;

/** Marks events (ids as a JSON array) dispatched: put it in the fan-out's batch. */
export const markDispatched = (d1: D1Database, tenantId: string, idsJson: string, at: string) =>
  d1.prepare(MARK_DISPATCHED_SQL).bind(tenantId, idsJson, at);

/** Tenants of a shard with events left undispatched since `before` (the sweep). */
export async function tenantsWithUndispatchedEvents(d1: D1Database, before: string, limit: number) {
  const { results } = await d1
    .prepare(
      "SELECT DISTINCT tenant_id FROM events WHERE dispatched_at IS NULL AND created_at <= ?1 LIMIT ?2",
    )
    .bind(before, limit)
    .all<{ tenant_id: string }>();
  return results;
}
