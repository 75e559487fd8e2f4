import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Env } from "../../src/env";
import { jobs, QUEUE_NAMES } from "../../src/jobs/messages";
import { handleOutboxBatch } from "../../src/jobs/queue";
import { acquireJobSlot, releaseJobSlot } from "../../src/jobs/slots";
import { notifyOutbox } from "../../src/modules/events/service";
import { call, createTenant, json, shardRows } from "../harness";
import { contextFor, eventually, received, receiverUrl, recordEvent, subscribe } from "../webhooks/helpers";

const event = {
  customerId: crypto.randomUUID(),
  bhiOverall: 61.5,
  bhiBand: "fair",
  trend: "stable",
  alerts: [],
};

describe("webhook fan-out on its own queue", () => {
  it("notifyOutbox sends to the outbox queue, never to the jobs queue", async () => {
    const t = await createTenant();
    const sent: unknown[] = [];
    const refuse = async () => {
      throw new Error("the jobs queue must not carry the outbox");
    };
    const ctx = await contextFor(t);
    const testEnv = {
      ...env,
      JOBS_QUEUE: { send: refuse, sendBatch: refuse },
      OUTBOX_QUEUE: { send: async (body: unknown) => void sent.push(body), sendBatch: refuse },
    } as unknown as Env;
    await notifyOutbox({ ...ctx, env: testEnv });
    expect(sent).toEqual([jobs.outboxDispatch(t.id)]);
  });

  it("the outbox consumer fans out each tenant once per batch and acks every message", async () => {
    const a = await createTenant();
    const b = await createTenant();
    for (const t of [a, b]) {
      await subscribe(t, receiverUrl("ok"), ["bhi.calculated"]);
      await recordEvent(await contextFor(t), "bhi.calculated", event);
    }
    const bodies = [
      jobs.outboxDispatch(a.id),
      jobs.outboxDispatch(b.id),
      jobs.outboxDispatch(a.id),
      { type: "aml.backtest" },
    ];
    const batch = createMessageBatch(
      QUEUE_NAMES.outbox,
      bodies.map((body, i) => ({ id: `o${i}`, timestamp: new Date(), attempts: 1, body })),
    );
    await handleOutboxBatch(batch, env);
    const result = await getQueueResult(batch, createExecutionContext());
    expect(result.explicitAcks.sort()).toEqual(["o0", "o1", "o2", "o3"]);
    for (const t of [a, b]) {
      const rows = await shardRows<{ n: number }>(
        t,
        "SELECT count(*) AS n FROM webhook_deliveries WHERE tenant_id = ?1 AND event_type = 'bhi.calculated'",
        t.id,
      );
      expect(rows[0].n).toBe(1);
    }
  });

  it("delivers a tenant's webhooks while its job slots are all taken (a backtest flood cannot hold them up)", async () => {
    const t = await createTenant();
    const held = [0, 1].map(() => ({ tenantId: t.id, slotId: crypto.randomUUID(), jobType: "aml.backtest" }));
    for (const slot of held) expect(await acquireJobSlot(env, slot, new Date())).toBe(true);
    const url = receiverUrl("ok");
    await subscribe(t, url, ["bhi.calculated"]);
    const ctx = await contextFor(t);
    await recordEvent(ctx, "bhi.calculated", event);
    await notifyOutbox(ctx); // the real queues: outbox consumer, then the webhooks consumer
    const got = await eventually(
      () => received(url),
      (r) => r.length > 0,
    );
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0].body).type).toBe("bhi.calculated");
    const deliveries = await json<{ data: Array<{ status: string }> }>(
      await call("GET", "/v1/webhooks/deliveries", { key: t.key }),
    );
    expect(deliveries.data.map((d) => d.status)).toContain("succeeded");
    for (const slot of held) await releaseJobSlot(env, slot);
  });
});
