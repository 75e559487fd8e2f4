import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { workflowRuns } from "../../src/db/shard";
import { systemShardDb } from "../../src/db/system-db";
import { loadTenantContext, type TenantContext } from "../../src/db/tenant-context";
import { executeRun, STALE_RUN_MS } from "../../src/modules/workflows/runner";
import { createRun } from "../../src/modules/workflows/service";
import { STEP_LIMITS } from "../../src/modules/workflows/steps";
import { calculate, seedHealthyCustomer } from "../bhi/seed";
import { createTenant, holdJobSlots, insertCustomer, type TestTenant } from "../harness";
import { getRun, waitForRun } from "./helpers";

const defaults = { ...STEP_LIMITS };
afterEach(() => Object.assign(STEP_LIMITS, defaults));

const setRun = (t: TestTenant, runId: string, fields: Partial<typeof workflowRuns.$inferInsert>) =>
  systemShardDb(env, t.shard).update(workflowRuns).set(fields).where(eq(workflowRuns.id, runId));

async function pendingRun(t: TestTenant, ctx: TenantContext) {
  const c = await insertCustomer(t);
  return (
    await createRun(ctx, { workflowId: "risk-review", input: { customerId: c.id }, triggeredBy: "test" })
  ).run;
}

describe("workflow runner", () => {
  it("a step larger than one message continues in the next with its progress kept", async () => {
    const t = await createTenant();
    for (const name of ["A Ltd", "B Ltd", "C Ltd"]) await seedHealthyCustomer(t, name);
    await calculate(t);
    const ctx = await loadTenantContext(env, t.id, "test");
    const { run } = await createRun(ctx, { workflowId: "monthly-reports", input: {}, triggeredBy: "test" });
    STEP_LIMITS.reportsPerMessage = 2;
    // The tenant's job slots are held, so the continuation this message sends waits on the queue
    // (a deferral) while the test looks at the run between messages.
    const release = await holdJobSlots(t.id);
    await executeRun(ctx, run.id);
    const partial = await getRun(t, run.id);
    expect(partial.status).toBe("running");
    expect(partial.steps[0].status).toBe("running");
    expect(partial.output["pdf-reports"]).toEqual({ offset: 2, generated: 2, reused: 0, customers: 3 });
    await release();
    // The next message's work (here run directly with the lease that message carries; the
    // deferred continuation then finds it done) finishes it from the kept offset.
    const [{ lease }] = await systemShardDb(env, t.shard)
      .select({ lease: workflowRuns.lease })
      .from(workflowRuns)
      .where(eq(workflowRuns.id, run.id));
    await executeRun(ctx, run.id, lease ?? undefined);
    const done = await waitForRun(t, run.id);
    expect(done.status).toBe("succeeded");
    expect(done.output["pdf-reports"]).toEqual({ customers: 3, generated: 3, reused: 0 });
  });

  it("a running run held by a live consumer is left alone; a silent one is taken over", async () => {
    const t = await createTenant();
    const ctx = await loadTenantContext(env, t.id, "test");
    const run = await pendingRun(t, ctx);
    const startedAt = new Date().toISOString();
    await setRun(t, run.id, { status: "running", lease: "held", startedAt, updatedAt: startedAt });
    // A duplicate delivery without the lease: nothing runs, and one delayed look-again is queued
    // for when the lease would be stale (the retry of a crashed holder ends up resuming it).
    const sent: Array<{ body: unknown; options: unknown }> = [];
    const watched = {
      ...ctx,
      env: {
        ...ctx.env,
        JOBS_QUEUE: { send: async (body: unknown, options: unknown) => void sent.push({ body, options }) },
      },
    } as unknown as TenantContext;
    await executeRun(watched, run.id);
    expect((await getRun(t, run.id)).status).toBe("running");
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ type: "workflow.run", tenantId: t.id, runId: run.id });
    const delay = (sent[0].options as { delaySeconds: number }).delaySeconds;
    expect(delay).toBeGreaterThan(STALE_RUN_MS / 1000 - 30);
    expect(delay).toBeLessThanOrEqual(STALE_RUN_MS / 1000 + 1);
    await executeRun(ctx, run.id, "someone-else");
    expect((await getRun(t, run.id)).status).toBe("running");

    const silentSince = new Date(Date.now() - STALE_RUN_MS - 1_000).toISOString();
    await setRun(t, run.id, { updatedAt: silentSince });
    await executeRun(ctx, run.id);
    const done = await getRun(t, run.id);
    expect(done.status).toBe("succeeded");
    expect(done.startedAt).toBe(startedAt);
  });

  it("a finished run cannot change: the database refuses updates and deletes", async () => {
    const t = await createTenant();
    const ctx = await loadTenantContext(env, t.id, "test");
    const run = await pendingRun(t, ctx);
    await executeRun(ctx, run.id);
    expect((await getRun(t, run.id)).status).toBe("succeeded");
    await expect(setRun(t, run.id, { status: "running" })).rejects.toThrow();
    await expect(
      systemShardDb(env, t.shard).delete(workflowRuns).where(eq(workflowRuns.id, run.id)),
    ).rejects.toThrow();
  });
});
