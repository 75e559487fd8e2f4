import type { Env } from "../env";
import { sha256Hex } from "../lib/crypto";
import { canonicalJson } from "../lib/hash-chain";

/**
 * Dedupe keys for repeatable jobs (job_dedupe, control migration 0008): a second identical
 * request (same kind, same input) while the first one's job runs joins that job instead of
 * queueing another. The key records the job a request last started; whether that job still
 * runs is the owning module's answer (`running`), so a finished or failed job, or one whose
 * start never happened, is replaced by the next request. Concurrent requests race on one
 * INSERT (the primary key) and then on a compare-and-swap of job_id: exactly one starts.
 */
export async function dedupeKey(kind: string, input: unknown): Promise<string> {
  return `${kind}:${await sha256Hex(canonicalJson(input))}`;
}

export type Joined<T> = { joined: true; job: T } | { joined: false; job: T };

const MAX_ATTEMPTS = 5;
/**
 * A key claimed this recently whose job is not there yet is most likely a concurrent request
 * between its claim and its start: wait for that start instead of taking the key over (which
 * started a second, identical job).
 */
const START_GRACE_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * A job started longer ago than this is never joined: one that died in the dead-letter queue
 * may look queued or running forever, and must not swallow every later identical request.
 */
export const JOIN_WITHIN_MS = 6 * 60 * 60_000;

export async function startOrJoin<T>(
  env: Pick<Env, "CONTROL_DB">,
  scope: { tenantId: string; key: string; now: Date },
  running: (jobId: string, startedAt: string) => Promise<T | undefined>,
  start: (jobId: string) => Promise<T>,
): Promise<Joined<T>> {
  const db = env.CONTROL_DB;
  const at = scope.now.toISOString();
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const jobId = crypto.randomUUID();
    const claimed = await db
      .prepare(
        `INSERT INTO job_dedupe (tenant_id, dedupe_key, job_id, created_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (tenant_id, dedupe_key) DO NOTHING RETURNING job_id`,
      )
      .bind(scope.tenantId, scope.key, jobId, at)
      .first<{ job_id: string }>();
    if (claimed) return { joined: false, job: await start(jobId) };
    const held = await db
      .prepare("SELECT job_id, created_at FROM job_dedupe WHERE tenant_id = ?1 AND dedupe_key = ?2")
      .bind(scope.tenantId, scope.key)
      .first<{ job_id: string; created_at: string }>();
    if (!held) continue; // swept meanwhile: claim again
    const fresh = Date.parse(held.created_at) > scope.now.getTime() - JOIN_WITHIN_MS;
    const existing = fresh ? await running(held.job_id, held.created_at) : undefined;
    if (existing !== undefined) return { joined: true, job: existing };
    const claimedJustNow = Date.parse(held.created_at) > scope.now.getTime() - START_GRACE_MS;
    if (claimedJustNow && attempt < MAX_ATTEMPTS - 1) {
      await sleep(50 * 2 ** attempt); // 50 ms .. 400 ms, then the key is taken over
      continue;
    }
    const swapped = await db
      .prepare(
        `UPDATE job_dedupe SET job_id = ?3, created_at = ?4
         WHERE tenant_id = ?1 AND dedupe_key = ?2 AND job_id = ?5 RETURNING job_id`,
      )
      .bind(scope.tenantId, scope.key, jobId, at, held.job_id)
      .first<{ job_id: string }>();
    if (swapped) return { joined: false, job: await start(jobId) };
    // Another request took the key first: look at what it started.
  }
  return { joined: false, job: await start(crypto.randomUUID()) };
}

/** Keys older than this are dropped by the daily cron (a job that long is not "running"). */
const KEEP_DAYS = 7;

export async function sweepJobDedupe(env: Pick<Env, "CONTROL_DB">, at: Date): Promise<void> {
  const before = new Date(at.getTime() - KEEP_DAYS * 86_400_000).toISOString();
  await env.CONTROL_DB.prepare("DELETE FROM job_dedupe WHERE created_at < ?1").bind(before).run();
}
