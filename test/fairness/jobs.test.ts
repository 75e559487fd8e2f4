import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Env } from "../../src/env";
import { type JobMessage, jobs, QUEUE_NAMES } from "../../src/jobs/messages";
import { handleJobsBatch } from "../../src/jobs/queue";
import { jobHandlers } from "../../src/jobs/registry";
import { acquireJobSlot, releaseJobSlot } from "../../src/jobs/slots";
import { admin, call, createTenant, holdJobSlots, json, type TestTenant } from "../harness";

/** The env with a JOBS_QUEUE that records what is sent to it (and its options) instead of delivering. */
function recordingJobsQueue() {
  const sent: Array<{ body: JobMessage; delaySeconds?: number }> = [];
  const queue = {
    send: async (body: JobMessage, options?: { delaySeconds?: number }) =>
      void sent.push({ body, delaySeconds: options?.delaySeconds }),
    sendBatch: async () => {
      throw new Error("not expected");
    },
  };
  return { sent, env: { ...env, JOBS_QUEUE: queue } as unknown as Env };
}

/** Occupies `n` of the tenant's job slots, as `n` running jobs would; returns their release. */
/** An AML backtest waiting in R2, as the API queues one; its message is returned. */
async function queuedBacktest(t: TestTenant) {
  const backtestId = crypto.randomUUID();
  const doc = {
    backtestId,
    status: "queued",
    input: { entityType: "customer", windowDays: 30, top: 5 },
    createdAt: new Date().toISOString(),
  };
  await env.FILES.put(`tenants/${t.id}/aml/backtests/${backtestId}.json`, JSON.stringify(doc));
  return jobs.amlBacktest(t.id, backtestId);
}

const backtestStatus = async (t: TestTenant, backtestId: string) =>
  (await json<{ status: string }>(await call("GET", `/v1/kyc-aml/backtests/${backtestId}`, { key: t.key })))
    .status;

const batchOf = (bodies: unknown[]) =>
  createMessageBatch(
    QUEUE_NAMES.jobs,
    bodies.map((body) => ({ id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body })),
  );

describe("per-tenant job slots", () => {
  it("give a tenant at most its concurrency (default 2, operator-set), other tenants unaffected", async () => {
    const a = await createTenant();
    const b = await createTenant();
    const slot = (t: TestTenant) => ({ tenantId: t.id, slotId: crypto.randomUUID(), jobType: "test" });
    const now = new Date();
    const first = slot(a);
    expect(await acquireJobSlot(env, first, now)).toBe(true);
    expect(await acquireJobSlot(env, slot(a), now)).toBe(true);
    expect(await acquireJobSlot(env, slot(a), now)).toBe(false);
    expect(await acquireJobSlot(env, slot(b), now)).toBe(true);
    // A redelivered message keeps the slot it holds.
    expect(await acquireJobSlot(env, first, now)).toBe(true);
    await releaseJobSlot(env, first);
    expect(await acquireJobSlot(env, slot(a), now)).toBe(true);
    // A lease that ran out (a consumer that died) frees its slot.
    expect(await acquireJobSlot(env, slot(a), new Date(now.getTime() + 16 * 60_000))).toBe(true);

    // The operator raises B's limit to 3: the audited tenant settings.
    const patched = await admin("PATCH", `/admin/tenants/${b.id}`, { settings: { jobConcurrency: 3 } });
    expect(patched.status).toBe(200);
    expect(
      (await json<{ tenant: { settings: { jobConcurrency: number } } }>(patched)).tenant.settings
        .jobConcurrency,
    ).toBe(3);
    expect(await acquireJobSlot(env, slot(b), now)).toBe(true);
    expect(await acquireJobSlot(env, slot(b), now)).toBe(true);
    expect(await acquireJobSlot(env, slot(b), now)).toBe(false);
    const audit = await env.CONTROL_DB.prepare(
      "SELECT after FROM audit_log WHERE tenant_id = ?1 AND action = 'tenant.settings_updated'",
    )
      .bind(b.id)
      .all<{ after: string }>();
    expect(audit.results.some((r) => JSON.parse(r.after).settings?.jobConcurrency === 3)).toBe(true);
    expect((await admin("PATCH", `/admin/tenants/${b.id}`, { settings: { jobConcurrency: 0 } })).status).toBe(
      400,
    );
  });

  it("defer a tenant's job beyond its limit with a delay, while another tenant's job runs", async () => {
    const a = await createTenant();
    const b = await createTenant();
    const release = await holdJobSlots(a.id, 2); // A already runs as many jobs as it may
    const aJob = await queuedBacktest(a);
    const bJob = await queuedBacktest(b);
    const queue = recordingJobsQueue();
    const batch = batchOf([aJob, bJob]);
    await handleJobsBatch(batch, queue.env, { random: () => 0 });
    const result = await getQueueResult(batch, createExecutionContext());

    // Both acked: B's ran, A's went back on the queue for later (not a retry: no max_retries used).
    expect(result.explicitAcks.sort()).toEqual(batch.messages.map((m) => m.id).sort());
    expect(result.retryMessages).toEqual([]);
    expect(await backtestStatus(b, bJob.backtestId)).toBe("succeeded");
    expect(await backtestStatus(a, aJob.backtestId)).toBe("queued");
    expect(queue.sent).toEqual([{ body: { ...aJob, deferrals: 1 }, delaySeconds: 10 }]);

    // Waiting again doubles the delay.
    const again = batchOf([queue.sent[0].body]);
    await handleJobsBatch(again, queue.env, { random: () => 0 });
    expect(queue.sent[1]).toEqual({ body: { ...aJob, deferrals: 2 }, delaySeconds: 20 });

    // Once A's running jobs end, the deferred message runs.
    await release();
    const later = batchOf([queue.sent[1].body]);
    await handleJobsBatch(later, queue.env);
    expect(await backtestStatus(a, aJob.backtestId)).toBe("succeeded");
    expect(queue.sent).toHaveLength(2);
    // and gives its slot back: A can take both again.
    const after = await holdJobSlots(a.id, 2);
    await after();
  });
});

describe("dedupe of repeatable jobs", () => {
  const post = (t: TestTenant, body: Record<string, unknown>) =>
    call("POST", "/v1/kyc-aml/backtest", { key: t.key, body: { async: true, ...body } });
  type Queued = { backtestId: string; joined: boolean; status: string };

  it("an identical backtest while one is queued joins it; a different or later one starts its own", async () => {
    const t = await createTenant();
    // The queue's consumer cannot start the run meanwhile: the tenant's slots are taken.
    const release = await holdJobSlots(t.id, 2);
    const [r1, r2] = await Promise.all([post(t, { windowDays: 30 }), post(t, { windowDays: 30 })]);
    expect([r1.status, r2.status]).toEqual([202, 202]);
    const [first, second] = [await json<Queued>(r1), await json<Queued>(r2)];
    expect(second.backtestId).toBe(first.backtestId);
    expect([first.joined, second.joined].sort()).toEqual([false, true]);

    const third = await json<Queued>(await post(t, { windowDays: 30 }));
    expect(third).toMatchObject({ backtestId: first.backtestId, joined: true, status: "queued" });
    const other = await json<Queued>(await post(t, { windowDays: 60 }));
    expect(other.backtestId).not.toBe(first.backtestId);
    expect(other.joined).toBe(false);

    // Once the run finished, the same request starts a new run.
    await release();
    await jobHandlers["aml.backtest"](env, jobs.amlBacktest(t.id, first.backtestId));
    expect(await backtestStatus(t, first.backtestId)).toBe("succeeded");
    const fresh = await json<Queued>(await post(t, { windowDays: 30 }));
    expect(fresh.backtestId).not.toBe(first.backtestId);
    expect(fresh.joined).toBe(false);
  });

  it("never joins a job started more than 6 hours ago (one lost to the dead-letter queue looks queued forever)", async () => {
    const t = await createTenant();
    const release = await holdJobSlots(t.id, 2);
    const first = await json<Queued>(await post(t, { windowDays: 90 }));
    await env.CONTROL_DB.prepare("UPDATE job_dedupe SET created_at = ?2 WHERE tenant_id = ?1")
      .bind(t.id, new Date(Date.now() - 7 * 3_600_000).toISOString())
      .run();
    expect(await backtestStatus(t, first.backtestId)).toBe("queued");
    const later = await json<Queued>(await post(t, { windowDays: 90 }));
    expect(later.backtestId).not.toBe(first.backtestId);
    expect(later.joined).toBe(false);
    await release();
  });

  it("another tenant's identical request never joins this tenant's run", async () => {
    const a = await createTenant();
    const b = await createTenant();
    const releaseA = await holdJobSlots(a.id, 2);
    const releaseB = await holdJobSlots(b.id, 2);
    const ra = await json<Queued>(await post(a, { windowDays: 45 }));
    const rb = await json<Queued>(await post(b, { windowDays: 45 }));
    expect(rb.backtestId).not.toBe(ra.backtestId);
    expect(rb.joined).toBe(false);
    await releaseA();
    await releaseB();
  });
});
