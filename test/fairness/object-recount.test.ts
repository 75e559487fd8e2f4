import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { OBJECT_RECOUNT_JOB, type ObjectRecountMessage } from "../../src/jobs/messages";
import { putTenantObject } from "../../src/modules/usage/objects/service";
import { objectRecountJob } from "../../src/modules/usage/recount/jobs";
import { getRecount, startRecount } from "../../src/modules/usage/recount/service";
import { admin, createTenant, json, type TestTenant } from "../harness";
import { operatorContext, recordingEnv } from "../moves/helpers";
import { bucketFigures, nonZero, usageObjects } from "./objects";

/** Counted objects, one counted object deleted behind the counter's back, and objects it never saw. */
async function drift(t: TestTenant) {
  const p = `tenants/${t.id}`;
  await putTenantObject(env, t.id, `${p}/reports/kept.pdf`, "x".repeat(120));
  await putTenantObject(env, t.id, `${p}/case-files/evidence.png`, "y".repeat(64));
  await putTenantObject(env, t.id, `${p}/reports/gone.csv`, "z".repeat(40));
  await env.FILES.delete(`${p}/reports/gone.csv`);
  await env.FILES.put(`${p}/reports/uncounted.csv`, "a".repeat(33));
  await env.FILES.put(`${p}/goaml/filed.xml`, "b".repeat(21));
  await env.FILES.put(`${p}/imports/core_banking/drop.csv`, "c".repeat(70));
  await env.FILES.put(`${p}/aml/backtests/r.json`, "d".repeat(15));
}

describe("recounting a tenant's R2 objects", () => {
  it("through the operator API and the real queue: the totals become what the bucket holds, audited", async () => {
    const t = await createTenant({ name: "Drifted R2 totals" });
    const other = await createTenant({ name: "Neighbour" });
    await drift(t);
    await env.FILES.put(`tenants/${other.id}/reports/theirs.pdf`, "n".repeat(500));
    const expected = nonZero(await bucketFigures(t.id));
    // The running totals are off: they miss four objects and still count the deleted one.
    expect(nonZero(await usageObjects(t))).not.toEqual(expected);

    const started = await admin("POST", `/admin/tenants/${t.id}/object-recounts`);
    expect(started.status).toBe(202);
    const { recount } = await json<{ recount: { id: string; status: string } }>(started);
    let current = recount;
    for (let i = 0; i < 100 && current.status === "running"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      current = (
        await json<{ recount: typeof recount }>(
          await admin("GET", `/admin/tenants/${t.id}/object-recounts/${recount.id}`),
        )
      ).recount;
    }
    expect(current.status).toBe("succeeded");
    expect(nonZero(await usageObjects(t))).toEqual(expected);
    const done = await getRecount(env, t.id, recount.id);
    expect(done.pages).toBe(1);
    expect(done.objectsListed).toBe(6);
    expect(nonZero(done.before ?? [])).toEqual([
      { kind: "case_files", objects: 1, bytes: 64 },
      { kind: "reports", objects: 2, bytes: 160 },
    ]);
    // The neighbour's figures are untouched.
    expect(nonZero(await usageObjects(other))).toEqual([]);
    const audit = await json<{
      data: Array<{ action: string; tenantId: string; after: { recountId: string } }>;
    }>(await admin("GET", `/admin/audit-log?action=tenant.object_recount_started`));
    expect(audit.data.filter((e) => e.tenantId === t.id).map((e) => e.after.recountId)).toEqual([recount.id]);
  });

  it("in pages with a cursor, resumable and idempotent: duplicates and late messages change nothing", async () => {
    const t = await createTenant({ name: "Recount in pages" });
    await drift(t);
    const expected = nonZero(await bucketFigures(t.id));
    const { sent, env: jobEnv } = recordingEnv();
    const op = operatorContext(jobEnv);
    const started = await startRecount(op, t.id);
    // Asking again while it runs answers the same recount and re-sends its turn.
    expect((await startRecount(op, t.id)).id).toBe(started.id);
    const messages = () => sent.filter((m): m is ObjectRecountMessage => m.type === OBJECT_RECOUNT_JOB);
    expect(messages()).toHaveLength(2);
    expect(messages()[0]).toEqual(messages()[1]);

    // Pages of 1 key, 2 per turn: three turns, each message delivered twice (a duplicate).
    let turns = 0;
    for (let next = messages().at(-1); next; next = messages().at(-1)) {
      sent.length = 0;
      await objectRecountJob(jobEnv, next, 1, 2);
      await objectRecountJob(jobEnv, next, 1, 2); // its step is stale now: nothing happens
      turns++;
      const shown = await getRecount(env, t.id, started.id);
      if (shown.status === "running") {
        expect(shown.pages).toBe(2 * turns);
        expect(shown.objectsListed).toBe(2 * turns);
        expect(messages()).toHaveLength(1); // the duplicate sent nothing more
      }
    }
    expect(turns).toBe(3);
    const after = await getRecount(env, t.id, started.id);
    expect(after.status).toBe("succeeded");
    expect(after.pages).toBe(6);
    expect(nonZero(await usageObjects(t))).toEqual(expected);

    // Late copies of every turn's message after it finished do nothing: the totals keep a change
    // made since (an object deleted behind the counter's back) until the next recount.
    await env.FILES.delete(`tenants/${t.id}/goaml/filed.xml`);
    for (const step of [0, 1, 2])
      await objectRecountJob(
        jobEnv,
        { type: OBJECT_RECOUNT_JOB, tenantId: t.id, recountId: started.id, step },
        1,
        2,
      );
    expect(nonZero(await usageObjects(t))).toEqual(expected);
    expect(nonZero(await bucketFigures(t.id))).not.toEqual(expected);
    // A new recount picks it up.
    const again = await startRecount(op, t.id);
    expect(again.id).not.toBe(started.id);
    await objectRecountJob(jobEnv, messages().at(-1) as ObjectRecountMessage);
    expect(nonZero(await usageObjects(t))).toEqual(nonZero(await bucketFigures(t.id)));
  });
});
