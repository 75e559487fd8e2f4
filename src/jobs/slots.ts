import type { Env } from "../env";
import { DEFAULT_JOB_CONCURRENCY, SLOT_LEASE_MS } from "./fairness";

/**
 * Per-tenant job slots in CONTROL_DB (job_slots, control migration 0008). A job takes a slot
 * before its handler runs and gives it back after; at most the tenant's settings.jobConcurrency
 * (default 2) are live at once. The first statement drops the tenant's expired leases; the
 * second takes a slot only while fewer than the limit remain, reading the limit from the
 * tenant's row in the same statement. D1 runs a batch as one transaction, one at a time, so
 * two consumers cannot both take the last slot.
 */
export async function acquireJobSlot(
  env: Pick<Env, "CONTROL_DB">,
  slot: { tenantId: string; slotId: string; jobType: string },
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const expires = new Date(now.getTime() + SLOT_LEASE_MS).toISOString();
  const db = env.CONTROL_DB;
  const [, taken] = await db.batch([
    db.prepare("DELETE FROM job_slots WHERE tenant_id = ?1 AND expires_at <= ?2").bind(slot.tenantId, at),
    db
      .prepare(
        `INSERT INTO job_slots (tenant_id, slot_id, job_type, acquired_at, expires_at)
         SELECT ?1, ?2, ?3, ?4, ?5
         WHERE (SELECT count(*) FROM job_slots WHERE tenant_id = ?1 AND slot_id <> ?2)
           < coalesce((SELECT json_extract(settings, '$.jobConcurrency') FROM tenants WHERE id = ?1), ?6)
         ON CONFLICT (tenant_id, slot_id) DO UPDATE SET acquired_at = excluded.acquired_at,
           expires_at = excluded.expires_at
         RETURNING slot_id`,
      )
      .bind(slot.tenantId, slot.slotId, slot.jobType, at, expires, DEFAULT_JOB_CONCURRENCY),
  ]);
  return (taken.results?.length ?? 0) > 0;
}

/** Gives the slot back (a redelivered message that finds none deletes nothing). */
export async function releaseJobSlot(
  env: Pick<Env, "CONTROL_DB">,
  slot: { tenantId: string; slotId: string },
): Promise<void> {
  await env.CONTROL_DB.prepare("DELETE FROM job_slots WHERE tenant_id = ?1 AND slot_id = ?2")
    .bind(slot.tenantId, slot.slotId)
    .run();
}

/** Slots a tenant holds now (its running jobs), for GET /v1/usage and operators. */
export async function jobSlotsInUse(env: Pick<Env, "CONTROL_DB">, tenantId: string, now: Date) {
  const row = await env.CONTROL_DB.prepare(
    "SELECT count(*) AS n FROM job_slots WHERE tenant_id = ?1 AND expires_at > ?2",
  )
    .bind(tenantId, now.toISOString())
    .first<{ n: number }>();
  return row?.n ?? 0;
}
