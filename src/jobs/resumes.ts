import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { controlDb } from "../db/client";
import { jobResumes } from "../db/control-schema";
import type { Env } from "../env";
import { sendJobs } from "./enqueue";
import type { JobMessage } from "./messages";

/**
 * Stalled long-running jobs (docs/decisions/tenant-moves.md#stalled-jobs): a tenant move, export,
 * deletion, customer erasure or R2 object recount whose queue message was lost or dead-lettered would stay
 * "running" for ever. The minute cron finds those not advanced for STALLED_AFTER_SECONDS and
 * sends their current step again; every step is guarded by its seq/step number, so the message
 * is a no-op when the job did move on, and two copies of it race to one saved step.
 */

/**
 * How long a job may go without saving a step before it counts as stalled. A step saves within
 * its message's budget (under a minute); a message waiting for a job slot comes back within two
 * minutes; five is well past both, and a lost message costs at most this long.
 */
export const STALLED_AFTER_SECONDS = 300;
/** Jobs one sweep resumes per kind: bounds the invocation (each costs a send and a write). */
export const RESUMES_PER_SWEEP = 50;

export const RESUMABLE_KINDS = [
  "tenant.move",
  "tenant.export",
  "tenant.delete",
  "customer.erasure",
  "usage.object-recount",
] as const;
export type ResumableKind = (typeof RESUMABLE_KINDS)[number];

export interface StalledJob {
  jobId: string;
  tenantId: string;
  /** Where the job stands, for the record (step name or number). */
  step: string;
  /** The message that runs the job's current step. */
  message: JobMessage;
}

/** The moment before which a job's last save makes it stalled. */
export const stalledBefore = (at: Date) =>
  new Date(at.getTime() - STALLED_AFTER_SECONDS * 1000).toISOString();

/**
 * Sends each stalled job's current step again and records the resume (job_resumes: count and
 * time), skipping a job this sweep already resumed less than STALLED_AFTER_SECONDS ago (its
 * message may still be waiting for a slot). Returns the jobs resumed.
 */
export async function resumeStalled(
  env: Env,
  kind: ResumableKind,
  candidates: readonly StalledJob[],
  at: Date,
): Promise<StalledJob[]> {
  const unique = [...new Map(candidates.map((c) => [c.jobId, c])).values()].slice(0, RESUMES_PER_SWEEP);
  if (unique.length === 0) return [];
  const db = controlDb(env);
  const recent = await db
    .select({ jobId: jobResumes.jobId })
    .from(jobResumes)
    .where(
      and(
        eq(jobResumes.kind, kind),
        inArray(
          jobResumes.jobId,
          unique.map((c) => c.jobId),
        ),
        gte(jobResumes.lastResumedAt, stalledBefore(at)),
      ),
    );
  const skip = new Set(recent.map((r) => r.jobId));
  const due = unique.filter((c) => !skip.has(c.jobId));
  if (due.length === 0) return [];
  await sendJobs(
    env,
    due.map((c) => c.message),
  );
  const iso = at.toISOString();
  const [first, ...rest] = due.map((c) =>
    db
      .insert(jobResumes)
      .values({
        kind,
        jobId: c.jobId,
        tenantId: c.tenantId,
        resumes: 1,
        lastStep: c.step,
        lastResumedAt: iso,
      })
      .onConflictDoUpdate({
        target: [jobResumes.kind, jobResumes.jobId],
        set: { resumes: sql`${jobResumes.resumes} + 1`, lastStep: c.step, lastResumedAt: iso },
      }),
  );
  await db.batch([first, ...rest]);
  for (const c of due)
    console.log(
      JSON.stringify({
        level: "warn",
        msg: "stalled job resumed",
        kind,
        jobId: c.jobId,
        tenantId: c.tenantId,
        step: c.step,
      }),
    );
  return due;
}

/** A job's resumes so far (0 when never resumed), for tests and the operator's figures. */
export async function resumesOf(env: Env, kind: ResumableKind, jobId: string) {
  const row = await controlDb(env)
    .select()
    .from(jobResumes)
    .where(and(eq(jobResumes.kind, kind), eq(jobResumes.jobId, jobId)))
    .get();
  return {
    resumes: row?.resumes ?? 0,
    lastResumedAt: row?.lastResumedAt ?? null,
    lastStep: row?.lastStep ?? null,
  };
}

/**
 * The resumes recorded since `since`, per kind: jobs whose last resume is that recent and their
 * resumes over their lifetime (job_resumes keeps a count per job, not a row per resume), and
 * the `top` most resumed of those jobs: a job whose count keeps growing fails the same step.
 */
export async function resumeFigures(env: Env, since: string, top: number) {
  const db = controlDb(env);
  const recent = gte(jobResumes.lastResumedAt, since);
  const [perKind, mostResumed] = await Promise.all([
    db
      .select({
        kind: jobResumes.kind,
        jobs: sql<number>`count(*)`,
        resumes: sql<number>`sum(${jobResumes.resumes})`,
        lastResumedAt: sql<string>`max(${jobResumes.lastResumedAt})`,
      })
      .from(jobResumes)
      .where(recent)
      .groupBy(jobResumes.kind),
    db.select().from(jobResumes).where(recent).orderBy(desc(jobResumes.resumes)).limit(top),
  ]);
  return { perKind, mostResumed };
}
