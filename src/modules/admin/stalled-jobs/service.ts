import type { Env } from "../../../env";
import {
  RESUMABLE_KINDS,
  type ResumableKind,
  resumeFigures,
  STALLED_AFTER_SECONDS,
  stalledBefore,
} from "../../../jobs/resumes";
import { stalledErasureCount } from "../../privacy/service";
import { stalledRecountCount } from "../../usage/recount/service";
import { stalledMoveCount } from "../moves/service";
import { stalledOffboarding } from "./steps/offboarding";

/**
 * The minute cron's resumes of stalled operator jobs (moves, exports, deletions, erasures, R2
 * object recounts: src/jobs/resumes.ts), for the operator's figures (GET /admin/shards): per
 * kind, the jobs stalled right now and those resumed in the last day, and the most resumed.
 */

export const RESUME_WINDOW_HOURS = 24;
/** Stalled jobs counted per kind (per shard for erasures): enough to tell "a few" from "many". */
export const STALLED_COUNT_CAP = 100;
const MOST_RESUMED = 5;

export async function stalledJobFigures(env: Env, at: Date) {
  const before = stalledBefore(at);
  const since = new Date(at.getTime() - RESUME_WINDOW_HOURS * 3_600_000).toISOString();
  const [moves, offboarding, erasures, recounts, resumes] = await Promise.all([
    stalledMoveCount(env, before, STALLED_COUNT_CAP),
    stalledOffboarding(env, before, STALLED_COUNT_CAP),
    stalledErasureCount(env, before, STALLED_COUNT_CAP),
    stalledRecountCount(env, before, STALLED_COUNT_CAP),
    resumeFigures(env, since, MOST_RESUMED),
  ]);
  const stalledNow: Record<ResumableKind, number> = {
    "tenant.move": moves,
    "tenant.export": offboarding.exports,
    "tenant.delete": offboarding.deletions,
    "customer.erasure": erasures,
    "usage.object-recount": recounts,
  };
  const recent = new Map(resumes.perKind.map((r) => [r.kind, r]));
  return {
    windowHours: RESUME_WINDOW_HOURS,
    stalledAfterSeconds: STALLED_AFTER_SECONDS,
    kinds: RESUMABLE_KINDS.map((kind) => ({
      kind,
      stalledNow: stalledNow[kind],
      jobsResumed: Number(recent.get(kind)?.jobs ?? 0),
      resumes: Number(recent.get(kind)?.resumes ?? 0),
      lastResumedAt: recent.get(kind)?.lastResumedAt ?? null,
    })),
    mostResumed: resumes.mostResumed.map((r) => ({
      kind: r.kind as ResumableKind,
      jobId: r.jobId,
      tenantId: r.tenantId,
      resumes: r.resumes,
      lastStep: r.lastStep,
      lastResumedAt: r.lastResumedAt,
    })),
  };
}
