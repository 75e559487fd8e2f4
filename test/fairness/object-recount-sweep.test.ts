import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { controlDb } from "../../src/db/client";
import { tenantObjectRecounts } from "../../src/db/control-schema";
import type { Env } from "../../src/env";
import { handleScheduled } from "../../src/jobs/cron";
import { type JobMessage, OBJECT_RECOUNT_JOB, type ObjectRecountMessage } from "../../src/jobs/messages";
import { jobHandlers } from "../../src/jobs/registry";
import { resumesOf, STALLED_AFTER_SECONDS } from "../../src/jobs/resumes";
import { putTenantObject } from "../../src/modules/usage/objects/service";
import { MAX_RECOUNT_FAILURES, objectRecountJob } from "../../src/modules/usage/recount/jobs";
import { findRecount } from "../../src/modules/usage/recount/repo";
import { startRecount } from "../../src/modules/usage/recount/service";
import { admin, createTenant, json, type TestTenant } from "../harness";
import { operatorContext, recordingEnv } from "../moves/helpers";
import { bucketFigures, nonZero, usageObjects } from "./objects";

const KIND = "usage.object-recount";
const runCron = (jobEnv: Env, scheduledTime: number) =>
  handleScheduled(createScheduledController({ cron: "* * * * *", scheduledTime }), jobEnv);
const recountMessages = (sent: JobMessage[]) =>
  sent.filter((m): m is ObjectRecountMessage => m.type === OBJECT_RECOUNT_JOB);

const load = async (t: TestTenant, id: string) =>
  (await findRecount(env, t.id, id)) as typeof tenantObjectRecounts.$inferSelect;
/** The recount's last save moved back past the threshold: as if its message was lost long ago. */
const age = (id: string) =>
  controlDb(env)
    .update(tenantObjectRecounts)
    .set({ updatedAt: new Date(Date.now() - (STALLED_AFTER_SECONDS + 60) * 1000).toISOString() })
    .where(eq(tenantObjectRecounts.id, id));
const shown = async (t: TestTenant, id: string) => {
  const res = await admin("GET", `/admin/tenants/${t.id}/object-recounts/${id}`);
  expect(res.status).toBe(200);
  return (
    await json<{
      recount: {
        status: string;
        pages: number;
        objectsListed: number;
        error: string | null;
        finishedAt: string | null;
      };
    }>(res)
  ).recount;
};
const stalledNow = async () =>
  (
    await json<{ stalledJobs: { kinds: Array<{ kind: string; stalledNow: number }> } }>(
      await admin("GET", "/admin/shards"),
    )
  ).stalledJobs.kinds.find((k) => k.kind === KIND)?.stalledNow;

/** Five objects: three counted by the Worker, one of them then deleted behind its back, three it never saw. */
async function fill(t: TestTenant) {
  const p = `tenants/${t.id}`;
  await putTenantObject(env, t.id, `${p}/reports/a.pdf`, "x".repeat(120));
  await putTenantObject(env, t.id, `${p}/case-files/b.png`, "y".repeat(64));
  await putTenantObject(env, t.id, `${p}/reports/gone.csv`, "z".repeat(40));
  await env.FILES.delete(`${p}/reports/gone.csv`);
  await env.FILES.put(`${p}/reports/c.csv`, "a".repeat(33));
  await env.FILES.put(`${p}/goaml/d.xml`, "b".repeat(21));
  await env.FILES.put(`${p}/imports/core_banking/e.csv`, "c".repeat(70));
}

describe("the minute cron resumes a stalled object recount", () => {
  it("re-sends a recount whose message was dropped mid-way; duplicates and late copies count nothing twice", async () => {
    const t = await createTenant({ name: "Recount after a lost message" });
    await fill(t);
    const expected = nonZero(await bucketFigures(t.id));
    expect(nonZero(await usageObjects(t))).not.toEqual(expected);
    const { sent, env: jobEnv } = recordingEnv();
    const started = await startRecount(operatorContext(jobEnv), t.id);
    const first = recountMessages(sent)[0];
    // One turn of two one-key pages saves, then its next message is lost.
    await objectRecountJob(jobEnv, first, 1, 2);
    expect(recountMessages(sent).at(-1)).toMatchObject({ step: 1 });
    sent.length = 0;

    // Saved a moment ago: not stalled, and a sweep sends nothing.
    expect(await stalledNow()).toBe(0);
    await runCron(jobEnv, Date.now());
    expect(recountMessages(sent)).toEqual([]);

    await age(started.id);
    expect(await stalledNow()).toBe(1);
    await runCron(jobEnv, Date.now());
    const resumed = recountMessages(sent);
    expect(resumed).toEqual([{ type: OBJECT_RECOUNT_JOB, tenantId: t.id, recountId: started.id, step: 1 }]);
    expect(await resumesOf(env, KIND, started.id)).toMatchObject({ resumes: 1, lastStep: "1" });
    // A minute later its message may still be on its way: not sent again.
    await runCron(jobEnv, Date.now() + 60_000);
    expect(recountMessages(sent)).toHaveLength(1);

    // The lost original turns up late: its step is stale, nothing changes.
    await objectRecountJob(jobEnv, first, 1, 2);
    expect(await load(t, started.id)).toMatchObject({ step: 1, pages: 2, status: "running" });
    // The resumed message arrives twice at once, then once more late.
    const handle = jobHandlers[OBJECT_RECOUNT_JOB];
    await Promise.all([handle(jobEnv, resumed[0]), handle(jobEnv, resumed[0])]);
    await handle(jobEnv, resumed[0]);

    const done = await shown(t, started.id);
    expect(done).toMatchObject({ status: "succeeded", pages: 3, objectsListed: 5, error: null });
    expect(nonZero(await usageObjects(t))).toEqual(expected);
    await age(started.id);
    expect(await stalledNow()).toBe(0);
  });

  it("a turn that keeps failing ends the recount failed with its error, across a dead-letter and a resume", async () => {
    const t = await createTenant({ name: "Recount that keeps failing" });
    await fill(t);
    const totalsBefore = nonZero(await usageObjects(t));
    const { sent, env: jobEnv } = recordingEnv();
    const broken = {
      ...jobEnv,
      FILES: {
        list: async () => {
          throw new Error("R2 list unavailable");
        },
      },
    } as unknown as Env;
    const started = await startRecount(operatorContext(jobEnv), t.id);
    const message = recountMessages(sent)[0];
    // Two failures, then the turn saves: a saved turn starts the next with none.
    for (let i = 0; i < 2; i++)
      await expect(objectRecountJob(broken, message, 1, 1)).rejects.toThrow("R2 list unavailable");
    expect(await load(t, started.id)).toMatchObject({ failures: 2, error: "R2 list unavailable" });
    await objectRecountJob(jobEnv, message, 1, 1);
    expect(await load(t, started.id)).toMatchObject({ step: 1, failures: 0 });
    const next = recountMessages(sent).at(-1) as ObjectRecountMessage;
    sent.length = 0;

    // The queue's six deliveries fail, and the message is dead-lettered: the recount still runs.
    for (let i = 0; i < 6; i++)
      await expect(objectRecountJob(broken, next, 1, 1)).rejects.toThrow("R2 list unavailable");
    const running = await shown(t, started.id);
    expect(running).toMatchObject({ status: "running", error: "R2 list unavailable", finishedAt: null });
    // The cron resumes it; the resumed message fails until the tenth failure in a row ends it.
    await age(started.id);
    await runCron(jobEnv, Date.now());
    const resumed = recountMessages(sent);
    expect(resumed).toEqual([next]);
    for (let i = 6; i < MAX_RECOUNT_FAILURES - 1; i++)
      await expect(objectRecountJob(broken, resumed[0], 1, 1)).rejects.toThrow("R2 list unavailable");
    await objectRecountJob(broken, resumed[0], 1, 1); // the last: acked, not thrown

    const failed = await shown(t, started.id);
    expect(failed.status).toBe("failed");
    expect(failed.error).toBe(
      `gave up after ${MAX_RECOUNT_FAILURES} failed attempts at turn 1: R2 list unavailable`,
    );
    expect(failed.finishedAt).not.toBeNull();
    expect(nonZero(await usageObjects(t))).toEqual(totalsBefore);
    // Ended: no sweep resumes it, and a late copy does nothing even with a working bucket.
    sent.length = 0;
    await age(started.id);
    expect(await stalledNow()).toBe(0);
    await runCron(jobEnv, Date.now() + 10 * 60_000);
    expect(recountMessages(sent)).toEqual([]);
    await objectRecountJob(jobEnv, resumed[0]);
    expect((await shown(t, started.id)).status).toBe("failed");

    // A new recount may start and sets the totals.
    const again = await startRecount(operatorContext(jobEnv), t.id);
    expect(again.id).not.toBe(started.id);
    await objectRecountJob(jobEnv, recountMessages(sent).at(-1) as ObjectRecountMessage);
    expect((await shown(t, again.id)).status).toBe("succeeded");
    expect(nonZero(await usageObjects(t))).toEqual(nonZero(await bucketFigures(t.id)));
  });
});
