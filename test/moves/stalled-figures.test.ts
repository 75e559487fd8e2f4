import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { controlDb } from "../../src/db/client";
import { jobResumes, tenantMoves } from "../../src/db/control-schema";
import { TENANT_MOVE_JOB, type TenantMoveMessage } from "../../src/jobs/messages";
import { STALLED_AFTER_SECONDS } from "../../src/jobs/resumes";
import { resumeStalledMoves, tenantMoveJob } from "../../src/modules/admin/moves/jobs";
import { startMove } from "../../src/modules/admin/moves/service";
import { admin, createTenant, json } from "../harness";
import { operatorContext, recordingEnv } from "./helpers";

interface KindFigures {
  kind: string;
  stalledNow: number;
  jobsResumed: number;
  resumes: number;
  lastResumedAt: string | null;
}
interface Figures {
  stalledJobs: {
    windowHours: number;
    stalledAfterSeconds: number;
    kinds: KindFigures[];
    mostResumed: Array<{ kind: string; jobId: string; tenantId: string; resumes: number; lastStep: string }>;
  };
}

const figures = async () => (await json<Figures>(await admin("GET", "/admin/shards"))).stalledJobs;
const ofKind = (f: Figures["stalledJobs"], kind: string) =>
  f.kinds.find((k) => k.kind === kind) as KindFigures;
const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

describe("GET /admin/shards: stalled operator jobs and the cron's resumes", () => {
  it("counts a stalled move now, its resume in the last 24 hours, and forgets older resumes", async () => {
    const t = await createTenant({ name: "Stalled move", shard: 0 });
    const { sent, env: jobEnv } = recordingEnv();
    const op = operatorContext(jobEnv);
    // The move's first message is lost (the recording queue delivers nothing), and it saved 6 minutes ago.
    const started = await startMove(op, t.id, { targetShard: 1 });
    const db = controlDb(env);
    await db.update(tenantMoves).set({ updatedAt: ago(STALLED_AFTER_SECONDS + 60) });
    // A deletion resumed 30 hours ago: outside the window.
    await db.insert(jobResumes).values({
      kind: "tenant.delete",
      jobId: crypto.randomUUID(),
      tenantId: t.id,
      resumes: 7,
      lastStep: "3",
      lastResumedAt: ago(30 * 3600),
    });

    const before = await figures();
    expect(before.windowHours).toBe(24);
    expect(before.stalledAfterSeconds).toBe(STALLED_AFTER_SECONDS);
    expect(before.kinds.map((k) => k.kind)).toEqual([
      "tenant.move",
      "tenant.export",
      "tenant.delete",
      "customer.erasure",
      "usage.object-recount",
    ]);
    expect(ofKind(before, "tenant.move")).toEqual({
      kind: "tenant.move",
      stalledNow: 1,
      jobsResumed: 0,
      resumes: 0,
      lastResumedAt: null,
    });
    expect(ofKind(before, "tenant.delete")).toMatchObject({ stalledNow: 0, jobsResumed: 0, resumes: 0 });
    expect(before.mostResumed).toEqual([]);

    // The minute cron resumes it twice (the second time after the threshold passed again).
    const first = new Date();
    expect(await resumeStalledMoves(jobEnv, first)).toBe(1);
    expect(await resumeStalledMoves(jobEnv, new Date(first.getTime() + 1000))).toBe(0);
    await db.update(tenantMoves).set({ updatedAt: ago(STALLED_AFTER_SECONDS + 60) });
    const second = new Date(first.getTime() + (STALLED_AFTER_SECONDS + 1) * 1000);
    expect(await resumeStalledMoves(jobEnv, second)).toBe(1);

    const resumed = await figures();
    expect(ofKind(resumed, "tenant.move")).toEqual({
      kind: "tenant.move",
      stalledNow: 1,
      jobsResumed: 1,
      resumes: 2,
      lastResumedAt: second.toISOString(),
    });
    expect(ofKind(resumed, "tenant.delete").jobsResumed).toBe(0);
    expect(resumed.mostResumed).toEqual([
      {
        kind: "tenant.move",
        jobId: started.id,
        tenantId: t.id,
        resumes: 2,
        lastStep: "copy:0",
        lastResumedAt: second.toISOString(),
      },
    ]);

    // The resumed message runs: the move saves, so it is stalled no longer (its resumes stay).
    const message = sent.filter((m): m is TenantMoveMessage => m.type === TENANT_MOVE_JOB).at(-1);
    await tenantMoveJob(jobEnv, message as TenantMoveMessage);
    const moving = await figures();
    expect(ofKind(moving, "tenant.move")).toMatchObject({ stalledNow: 0, jobsResumed: 1, resumes: 2 });
  });
});
