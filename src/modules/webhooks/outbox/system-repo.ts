import { shardNumbers } from "../../../db/client";
import { systemShardBinding } from "../../../db/system-db";
import { loadTenantContext } from "../../../db/tenant-context";
import { likelyTenantText } from "../../../db/tenant-tables";
import type { Env } from "../../../env";
import { sendAll } from "../../../jobs/enqueue";
import { type DeliveryMessage, jobs } from "../../../jobs/messages";
import { markDispatched, tenantsWithUndispatchedEvents, undispatchedEventIds } from "../../events/service";

/** Events taken per round: one INSERT ... SELECT fans them out to every matching subscription. */
const EVENTS_PER_ROUND = 100;
/** A dispatch job stops after this many rounds and re-enqueues itself (D1's 1,000 queries). */
const MAX_ROUNDS = 150;

// A v4 UUID from SQLite's randomness, so the whole fan-out stays one statement.
const UUID_SQL = `lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' ||
  substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) ||
  substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))`;

/**
 * One delivery per (enabled subscription, matching event), idempotent through the unique
 * index (INSERT OR IGNORE), built in SQL from the event row: the body is the
 * envelope of docs/contract.md#delivery-request.
 */
export const FAN_OUT_SQL = `
INSERT OR IGNORE INTO webhook_deliveries
  (id, tenant_id, subscription_id, event_id, event_type, event_created_at, payload, status,
   attempt_count, next_attempt_at, is_test, created_at, updated_at)
SELECT ${UUID_SQL}, e.tenant_id, s.id, e.id, e.type, e.created_at,
  json_object('id', e.id, 'type', e.type, 'timestamp', e.created_at, 'tenantId', e.tenant_id, 'data', json(e.data)),
  'pending', 0, ?3, 0, ?3, ?3
FROM events e
JOIN webhook_subscriptions s ON s.tenant_id = e.tenant_id AND s.enabled = 1 AND s.deleted_at IS NULL
WHERE ${likelyTenantText("e.tenant_id = ?1")} AND e.id IN (SELECT value FROM json_each(?2)) AND e.dispatched_at IS NULL
  AND EXISTS (SELECT 1 FROM json_each(s.event_types) t WHERE t.value = e.type OR t.value = '*')
ORDER BY e.created_at, e.id
RETURNING id`;

export const enqueueDeliveries = (env: Env, messages: DeliveryMessage[]): Promise<void> =>
  sendAll(env.WEBHOOK_QUEUE, messages);

export interface DispatchResult {
  events: number;
  deliveries: number;
  more: boolean;
}

/**
 * The "outbox.dispatch" job: fan out the tenant's undispatched events, mark them
 * dispatched in the same batch, then enqueue one message per new delivery. If enqueueing
 * fails after the batch, the sweep finds the pending deliveries and enqueues them.
 */
export async function dispatchOutbox(
  env: Env,
  tenantId: string,
  maxRounds = MAX_ROUNDS,
): Promise<DispatchResult> {
  const ctx = await loadTenantContext(env, tenantId, `outbox-${crypto.randomUUID()}`);
  const d1 = systemShardBinding(env, ctx.tenant.shard);
  const result: DispatchResult = { events: 0, deliveries: 0, more: false };
  for (let round = 0; round < maxRounds; round++) {
    // Rounds await only D1: the binding lets other events in between them (src/db/yielding-d1.ts).
    const results = await undispatchedEventIds(d1, tenantId, EVENTS_PER_ROUND);
    if (results.length === 0) return result;
    const ids = JSON.stringify(results.map((r) => r.id));
    const now = ctx.clock.now().toISOString();
    const [inserted] = await d1.batch<{ id: string }>([
      d1.prepare(FAN_OUT_SQL).bind(tenantId, ids, now),
      markDispatched(d1, tenantId, ids, now),
    ]);
    const created = inserted.results ?? [];
    await enqueueDeliveries(
      env,
      created.map((r) => ({ tenantId, deliveryId: r.id, attempt: 1 })),
    );
    result.events += results.length;
    result.deliveries += created.length;
    if (results.length < EVENTS_PER_ROUND) return result;
  }
  result.more = true;
  return result;
}

/** Deliveries whose message seems lost: due for this long and nobody holds them. */
const STALE_SECONDS = 120;
const SWEEP_LIMIT = 500;

/**
 * The every-minute safety net over every shard: dispatch tenants with events still in the
 * outbox, and re-enqueue due deliveries nobody is working on. Duplicate messages are
 * harmless: the consumer's claim lets exactly one make each attempt.
 */
export async function sweepWebhooks(env: Env, at: Date): Promise<{ tenants: number; requeued: number }> {
  const staleBefore = new Date(at.getTime() - STALE_SECONDS * 1000).toISOString();
  const outboxBefore = new Date(at.getTime() - 10_000).toISOString();
  let tenants = 0;
  let requeued = 0;
  for (const shard of shardNumbers(env)) {
    const d1 = systemShardBinding(env, shard);
    const pendingTenants = await tenantsWithUndispatchedEvents(d1, outboxBefore, 50);
    for (const { tenant_id } of pendingTenants) {
      try {
        const r = await dispatchOutbox(env, tenant_id, 20);
        if (r.more) await env.OUTBOX_QUEUE.send(jobs.outboxDispatch(tenant_id));
        tenants++;
      } catch (err) {
        console.error(
          JSON.stringify({
            level: "error",
            msg: "outbox sweep failed",
            tenantId: tenant_id,
            err: String(err),
          }),
        );
      }
    }
    const { results: stale } = await d1
      .prepare(
        `SELECT id, tenant_id, attempt_count FROM webhook_deliveries
         WHERE status IN ('pending', 'retrying') AND next_attempt_at <= ?1 AND is_test = 0
           AND (lease_until IS NULL OR lease_until <= ?2)
         ORDER BY next_attempt_at LIMIT ?3`,
      )
      .bind(staleBefore, at.toISOString(), SWEEP_LIMIT)
      .all<{ id: string; tenant_id: string; attempt_count: number }>();
    if (stale.length === 0) continue;
    // Bump them to now, so the next sweep waits another STALE_SECONDS before re-sending.
    await d1
      .prepare(
        "UPDATE webhook_deliveries SET next_attempt_at = ?1 WHERE id IN (SELECT value FROM json_each(?2))",
      )
      .bind(at.toISOString(), JSON.stringify(stale.map((s) => s.id)))
      .run();
    await enqueueDeliveries(
      env,
      stale.map((s) => ({ tenantId: s.tenant_id, deliveryId: s.id, attempt: s.attempt_count + 1 })),
    );
    requeued += stale.length;
  }
  return { tenants, requeued };
}

/** Deliveries waiting on a shard (pending or retrying), every tenant: the operator's figures. */
export async function dueDeliveryCount(env: Env, shard: number): Promise<number> {
  const row = await systemShardBinding(env, shard)
    .prepare("SELECT count(*) AS n FROM webhook_deliveries WHERE status IN ('pending', 'retrying')")
    .first<{ n: number }>();
  return row?.n ?? 0;
}
