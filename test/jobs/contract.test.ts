import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Env } from "../../src/env";
import { enqueuePerTenant } from "../../src/jobs/enqueue";
import { type JobMessage, jobs, QUEUE_NAMES } from "../../src/jobs/messages";
import { handleJobsBatch } from "../../src/jobs/queue";
import { createTenant } from "../harness";

/** The env with a JOBS_QUEUE that records each sendBatch call instead of delivering it. */
function recordingQueue() {
  const batches: JobMessage[][] = [];
  const queue = {
    send: async () => {
      throw new Error("fan-out sends batches");
    },
    sendBatch: async (messages: Array<{ body: JobMessage }>) =>
      void batches.push(messages.map((m) => m.body)),
  };
  return { batches, env: { ...env, JOBS_QUEUE: queue } as unknown as Env };
}

const insertTenants = (n: number, features: Record<string, boolean>) =>
  env.CONTROL_DB.prepare(
    `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ?1)
     INSERT INTO tenants (id, name, shard, features, settings, created_at, updated_at)
     SELECT printf('fanout-%04d', i), 'fan-out ' || i, i % 2, ?2, '{}', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'
     FROM seq`,
  )
    .bind(n, JSON.stringify(features))
    .run();

const tenantIds = async () =>
  (await env.CONTROL_DB.prepare("SELECT id FROM tenants ORDER BY id").all<{ id: string }>()).results.map(
    (r) => r.id,
  );

describe("fan-out to tenants", () => {
  it("sends one message per tenant, every tenant once, in batches of at most 100", async () => {
    await insertTenants(250, {});
    const ids = await tenantIds();
    expect(ids.length).toBeGreaterThanOrEqual(250);
    const queue = recordingQueue();
    const sent = await enqueuePerTenant(queue.env, (t) => jobs.lendingRefresh(t.id));
    expect(sent).toBe(ids.length);
    expect(queue.batches.flat().map((m) => m.tenantId)).toEqual(ids);
    expect(queue.batches.every((b) => b.length <= 100)).toBe(true);
    expect(queue.batches).toHaveLength(Math.ceil(ids.length / 100));
  });

  it("skips the tenants the maker leaves out, reading their features", async () => {
    const on = await createTenant({ features: { agentNetwork: true } });
    await createTenant();
    const queue = recordingQueue();
    await enqueuePerTenant(queue.env, (t) =>
      t.features.agentNetwork ? jobs.agentHealthRefresh(t.id) : undefined,
    );
    expect(queue.batches.flat()).toEqual([jobs.agentHealthRefresh(on.id)]);
  });
});

describe("jobs queue consumer edge", () => {
  it("acks and logs, without running anything, a message no handler can run", async () => {
    const bodies: unknown[] = [
      { type: "ingest.sync.continue", tenantId: "no-such-tenant" }, // runId missing
      { type: "bhi.calculate", tenantId: "no-such-tenant", jobId: 7 },
      { type: "workflow.run", tenantId: "no-such-tenant", runId: "r", lease: 1 },
      { type: "no.such.job", tenantId: "no-such-tenant" },
      { type: "constructor", tenantId: "no-such-tenant" },
      "outbox.dispatch",
      null,
    ];
    const batch = createMessageBatch(
      QUEUE_NAMES.jobs,
      bodies.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })),
    );
    const execution = createExecutionContext();
    await handleJobsBatch(batch, env);
    const result = await getQueueResult(batch, execution);
    expect(result.explicitAcks).toEqual(bodies.map((_, i) => `m${i}`));
    expect(result.retryMessages).toEqual([]);
  });

  it("a well-formed message whose handler throws is retried (an unknown tenant is not found)", async () => {
    const batch = createMessageBatch(QUEUE_NAMES.jobs, [
      { id: "m1", timestamp: new Date(), attempts: 1, body: jobs.syncContinue("no-such-tenant", "r1") },
    ]);
    const execution = createExecutionContext();
    await handleJobsBatch(batch, env);
    const result = await getQueueResult(batch, execution);
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(["m1"]);
  });
});
