import { controlDb } from "../../../db/client";
import type { TenantMoveRow } from "../../../db/control-schema";
import type { Env } from "../../../env";
import type { TenantMoveMessage } from "../../../jobs/messages";
import { jobs } from "../../../jobs/messages";
import { RESUMES_PER_SWEEP, resumeStalled, stalledBefore } from "../../../jobs/resumes";
import { budgetLeft, MAX_UNIT_FAILURES, messageBudget } from "./config";
import * as repo from "./repo";
import { advanceMove } from "./runner";
import { beforeSwitch, failMove } from "./steps/rollback";

const secondsUntil = (iso: string | null, now: number) =>
  iso ? Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000)) : 0;

/**
 * JOBS_QUEUE "tenant.move": units of the move while the message's budget lasts (so short steps
 * do not each wait for a queue hop), then the next message. A message whose seq is not the
 * move's is a duplicate or a late one and does nothing; a step that must wait (the fence being
 * announced, old readers draining) comes back after the wait. A crash retries the same message,
 * which re-runs the unit from the last saved state.
 */
export async function tenantMoveJob(env: Env, message: TenantMoveMessage): Promise<void> {
  const move = await repo.findMove(controlDb(env), message.tenantId, message.moveId);
  if (move?.state !== "running" || move.seq !== message.seq) return;
  const wait = secondsUntil(move.resumeAt, Date.now());
  if (wait > 0) {
    await env.JOBS_QUEUE.send(message, { delaySeconds: wait });
    return;
  }
  const budget = messageBudget(env);
  let unit: TenantMoveRow = move;
  for (;;) {
    const current = unit;
    const saved = await advanceMove(env, current, budget).catch((error: unknown) =>
      failed(env, current, error),
    );
    if (saved?.state !== "running") return;
    const delaySeconds = secondsUntil(saved.resumeAt, Date.now());
    if (delaySeconds > 0 || !budgetLeft(budget)) {
      const next = jobs.tenantMove(saved.tenantId, saved.id, saved.seq);
      await env.JOBS_QUEUE.send(next, delaySeconds ? { delaySeconds } : undefined);
      return;
    }
    unit = saved;
  }
}

/**
 * A unit that threw: its failure is counted (the queue retries the message, the cron resumes it
 * once dead-lettered), and at MAX_UNIT_FAILURES a move that has not switched rolls back instead
 * (the rollback's first message is sent here). After the switch, or while rolling back, the
 * move never gives up: the error is thrown again, and the unit retried.
 */
async function failed(env: Env, move: TenantMoveRow, error: unknown) {
  const at = new Date();
  const why = String(error instanceof Error ? error.message : error).slice(0, 500);
  const counted = await repo.recordFailure(controlDb(env), move, why, at.toISOString());
  if (!counted || counted.failures < MAX_UNIT_FAILURES || !beforeSwitch(counted)) throw error;
  const rolling = await failMove(
    env,
    counted,
    `gave up after ${counted.failures} failed attempts at ${counted.step}: ${why}`,
    at,
  );
  if (!rolling) throw error;
  await env.JOBS_QUEUE.send(jobs.tenantMove(rolling.tenantId, rolling.id, rolling.seq));
  return undefined;
}

/**
 * Minute cron: moves whose message was lost or dead-lettered (nothing saved for
 * STALLED_AFTER_SECONDS) get their current step's message again (src/jobs/resumes.ts).
 */
export async function resumeStalledMoves(env: Env, at: Date): Promise<number> {
  const stalled = await repo.stalledMoves(controlDb(env), stalledBefore(at), RESUMES_PER_SWEEP);
  const resumed = await resumeStalled(
    env,
    "tenant.move",
    stalled.map((m) => ({
      jobId: m.id,
      tenantId: m.tenantId,
      step: `${m.step}:${m.seq}`,
      message: jobs.tenantMove(m.tenantId, m.id, m.seq),
    })),
    at,
  );
  return resumed.length;
}
