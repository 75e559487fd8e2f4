import type { ObjectFigures, TenantObjectRecountRow } from "../../../db/control-schema";
import type { Env } from "../../../env";
import { jobs, type ObjectRecountMessage } from "../../../jobs/messages";
import { RESUMES_PER_SWEEP, resumeStalled, stalledBefore } from "../../../jobs/resumes";
import { objectKind } from "../domain/quota";
import { objectTotals } from "../repo";
import * as repo from "./repo";
import * as systemRepo from "./system-repo";

/** Keys per list call: R2's maximum. */
export const LIST_PAGE_KEYS = 1_000;
/** List calls per turn: 20,000 objects, a few seconds, then the turn saves and continues. */
const PAGES_PER_TURN = 20;
/**
 * Failed attempts of one turn in a row before the recount gives up, as a move does: the queue's
 * six deliveries, then a dead-letter, then the cron's resume, so a stuck turn ends `failed`
 * within about ten minutes instead of being resumed for ever.
 */
export const MAX_RECOUNT_FAILURES = 10;

/**
 * JOBS_QUEUE "usage.object-recount": one turn of a recount. It lists pages of the tenant's prefix
 * from the saved cursor, adds them to the saved figures per kind and saves (compare-and-set on
 * `step`, so a duplicate or late message does nothing) with the next message; the last turn sets
 * the totals in the same batch as it finishes the recount. A crash re-runs the turn from the last
 * save: listing is read-only, so nothing is counted twice.
 */
export async function objectRecountJob(
  env: Env,
  message: ObjectRecountMessage,
  pageKeys = LIST_PAGE_KEYS,
  pagesPerTurn = PAGES_PER_TURN,
): Promise<void> {
  const row = await repo.findRecount(env, message.tenantId, message.recountId);
  if (row?.status !== "running" || row.step !== message.step) return;
  await runTurn(env, row, pageKeys, pagesPerTurn).catch((error: unknown) => failed(env, row, error));
}

async function runTurn(env: Env, row: TenantObjectRecountRow, pageKeys: number, pagesPerTurn: number) {
  const prefix = `tenants/${row.tenantId}/`;
  const counted: Record<string, ObjectFigures> = structuredClone(row.counted);
  let cursor: string | null = row.cursor;
  let pages = row.pages;
  for (let i = 0; i < pagesPerTurn; i++) {
    const listed = await env.FILES.list({ prefix, limit: pageKeys, ...(cursor ? { cursor } : {}) });
    for (const object of listed.objects) {
      const kind = objectKind(row.tenantId, object.key) ?? "other";
      const figures = counted[kind] ?? { objects: 0, bytes: 0 };
      counted[kind] = { objects: figures.objects + 1, bytes: figures.bytes + object.size };
    }
    pages++;
    cursor = listed.truncated ? listed.cursor : null;
    if (cursor === null) break;
  }
  const at = new Date().toISOString();
  if (cursor !== null) {
    const saved = await repo.saveTurn(env, row, { cursor, pages, counted }, at);
    if (saved) await env.JOBS_QUEUE.send(jobs.objectRecount(saved.tenantId, saved.id, saved.step));
    return;
  }
  const before = Object.fromEntries(
    (await objectTotals(env, row.tenantId)).map((t) => [t.kind, { objects: t.objects, bytes: t.bytes }]),
  );
  await repo.applyRecount(env, row, { pages, counted, before }, crypto.randomUUID(), at);
}

/**
 * A turn that threw: its failure is counted against the turn's step (the queue retries the
 * message, the cron resumes it once dead-lettered) and thrown again; at MAX_RECOUNT_FAILURES the
 * recount ends `failed` with the error, leaving the totals as they were.
 */
async function failed(env: Env, row: TenantObjectRecountRow, error: unknown) {
  const at = new Date().toISOString();
  const why = String(error instanceof Error ? error.message : error).slice(0, 500);
  const counted = await repo.recordFailure(env, row, why, at);
  if (!counted || counted.failures < MAX_RECOUNT_FAILURES) throw error;
  const reason = `gave up after ${counted.failures} failed attempts at turn ${counted.step}: ${why}`;
  if (!(await repo.failRecount(env, counted, reason, at))) throw error;
  console.error(
    JSON.stringify({
      level: "error",
      msg: "object recount failed",
      tenantId: row.tenantId,
      recountId: row.id,
      reason,
    }),
  );
}

/**
 * Minute cron: recounts whose next turn's message was lost or dead-lettered (nothing saved for
 * STALLED_AFTER_SECONDS) get that turn's message again; a copy whose step is stale does nothing
 * (src/jobs/resumes.ts).
 */
export async function resumeStalledRecounts(env: Env, at: Date): Promise<number> {
  const stalled = await systemRepo.stalledRecounts(env, stalledBefore(at), RESUMES_PER_SWEEP);
  const resumed = await resumeStalled(
    env,
    "usage.object-recount",
    stalled.map((r) => ({
      jobId: r.id,
      tenantId: r.tenantId,
      step: String(r.step),
      message: jobs.objectRecount(r.tenantId, r.id, r.step),
    })),
    at,
  );
  return resumed.length;
}
