import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { verify as verifyServiceSignature } from "@octokit/webhooks-methods";
import { and, eq, inArray } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { events, webhookDeliveries } from "../../src/db/shard";
import { systemShardDb } from "../../src/db/system-db";
import { cronTasks, jobHandlers } from "../../src/jobs/registry";
import {
  handleWebhookBatch,
  handleWebhookDeadLetters,
  webhookSweepTask,
} from "../../src/modules/webhooks/jobs";
import { dispatchOutbox, sweepWebhooks } from "../../src/modules/webhooks/outbox/system-repo";
import { call, createTenant, json } from "../harness";
import {
  contextFor,
  eventually,
  insertDelivery,
  manualClock,
  received,
  receiverUrl,
  recordEvent,
  subscribe,
} from "./helpers";

interface Delivery {
  id: string;
  subscriptionId: string;
  eventId: string;
  eventType: string;
  status: string;
  attemptCount: number;
  replayOf: string | null;
}

const listDeliveries = async (key: string, query = "") =>
  json<{ data: Delivery[]; pagination: { total: number } }>(
    await call("GET", `/v1/webhooks/deliveries${query}`, { key }),
  );

describe("outbox fan-out", () => {
  it("fans each event out to every enabled matching subscription once, and the queue delivers them signed", async () => {
    const t = await createTenant();
    const bhiUrl = receiverUrl("ok");
    const allUrl = receiverUrl("ok");
    const nbaUrl = receiverUrl("ok");
    const offUrl = receiverUrl("ok");
    const bhi = await subscribe(t, bhiUrl, ["bhi.calculated"]);
    const all = await subscribe(t, allUrl, ["*"]);
    await subscribe(t, nbaUrl, ["nba.generated"]);
    const off = await subscribe(t, offUrl, ["*"]);
    await call("PATCH", `/v1/webhooks/subscriptions/${off.subscription.id}`, {
      key: t.key,
      body: { enabled: false },
    });

    const ctx = await contextFor(t);
    const customerId = crypto.randomUUID();
    await recordEvent(ctx, "bhi.calculated", {
      customerId,
      bhiOverall: 61.5,
      bhiBand: "fair",
      trend: "declining",
      alerts: [],
    });
    await recordEvent(ctx, "customer.risk_alert", {
      customerId,
      bhiOverall: 38,
      previousBhi: 42,
      threshold: 40,
      bhiBand: "poor",
    });

    // The job handler the outbox notification reaches; running it twice changes nothing.
    await jobHandlers["outbox.dispatch"](env, { type: "outbox.dispatch", tenantId: t.id });
    expect(await dispatchOutbox(env, t.id)).toEqual({ events: 0, deliveries: 0, more: false });
    const pending = await systemShardDb(ctx.env, ctx.tenant.shard)
      .select()
      .from(events)
      .where(and(eq(events.tenantId, t.id), inArray(events.type, ["bhi.calculated", "customer.risk_alert"])));
    expect(pending.every((e) => e.dispatchedAt !== null)).toBe(true);

    // A customer.risk_alert also starts the risk-review workflow, whose own events
    // ("workflow.failed": the customer is made up) reach the "*" subscription moments later:
    // genuine further events, not duplicates, so what follows looks at the recorded two.
    const recorded = new Set(pending.map((e) => e.id));
    expect(recorded.size).toBe(2);
    const ofRecorded = (l: { data: Delivery[] }) => l.data.filter((d) => recorded.has(d.eventId));
    const list = ofRecorded(await listDeliveries(t.key));
    expect(list).toHaveLength(3);
    const bySub = (id: string) =>
      list
        .filter((d) => d.subscriptionId === id)
        .map((d) => d.eventType)
        .sort();
    expect(bySub(bhi.subscription.id)).toEqual(["bhi.calculated"]);
    expect(bySub(all.subscription.id)).toEqual(["bhi.calculated", "customer.risk_alert"]);

    // The queue consumer (real local queue) delivers them within seconds, each exactly once.
    const done = await eventually(
      () => listDeliveries(t.key, "?status=succeeded"),
      (l) => ofRecorded(l).length === 3,
    );
    expect(ofRecorded(done)).toHaveLength(3);
    const receivedIds = async (url: string) =>
      (await received(url)).map((r) => r.headers["webhook-id"] as string).filter((id) => recorded.has(id));
    expect(await receivedIds(bhiUrl)).toEqual(
      pending.filter((e) => e.type === "bhi.calculated").map((e) => e.id),
    );
    expect((await receivedIds(allUrl)).sort()).toEqual([...recorded].sort());
    const reqs = [...(await received(bhiUrl)), ...(await received(allUrl))].filter((r) =>
      recorded.has(r.headers["webhook-id"] as string),
    );
    expect(reqs).toHaveLength(3);
    expect(await received(nbaUrl)).toEqual([]);
    expect(await received(offUrl)).toEqual([]);
    for (const req of reqs) {
      const secret = req.path.includes(bhiUrl.split("/").pop()!) ? bhi.secret : all.secret;
      expect(await verifyServiceSignature(secret, req.body, req.headers["x-service-signature"])).toBe(true);
      const body = new Webhook(secret).verify(req.body, req.headers) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(["id", "type", "timestamp", "tenantId", "data"]);
      expect(body).toMatchObject({
        id: req.headers["x-idempotency-key"],
        tenantId: t.id,
        type: req.headers["x-service-event"],
      });
      expect(req.headers["content-type"]).toBe("application/json");
    }
    const bhiBody = JSON.parse((await received(bhiUrl))[0].body);
    expect(bhiBody.data).toEqual({
      customerId,
      bhiOverall: 61.5,
      bhiBand: "fair",
      trend: "declining",
      alerts: [],
    });
  });

  it("fans out more than one round of events (100 per statement) without duplicates", async () => {
    const t = await createTenant();
    const { subscription } = await subscribe(t, receiverUrl("ok"), ["nba.generated"]);
    const ctx = await contextFor(t);
    const base = Date.now();
    const rows = Array.from({ length: 250 }, (_, i) => ({
      id: crypto.randomUUID(),
      tenantId: t.id,
      type: "nba.generated",
      data: { customerId: crypto.randomUUID(), actionCount: 0, actions: [] },
      createdAt: new Date(base + i).toISOString(),
      dispatchedAt: null,
    }));
    for (let i = 0; i < rows.length; i += 10)
      await systemShardDb(ctx.env, ctx.tenant.shard)
        .insert(events)
        .values(rows.slice(i, i + 10));
    expect(await dispatchOutbox(env, t.id)).toEqual({ events: 250, deliveries: 250, more: false });
    const [{ n }] = await systemShardDb(ctx.env, ctx.tenant.shard)
      .select({ n: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, subscription.id))
      .then((r) => [{ n: new Set(r.map((x) => x.n)).size }]);
    expect(n).toBe(250);
    // Let the queue skip them quickly instead of delivering 250 requests behind later tests.
    await call("DELETE", `/v1/webhooks/subscriptions/${subscription.id}`, { key: t.key });
  });

  it("the every-minute sweep dispatches forgotten events and re-enqueues deliveries whose message was lost", async () => {
    expect(cronTasks["* * * * *"]).toContain(webhookSweepTask);
    const t = await createTenant();
    const url = receiverUrl("ok");
    const { subscription } = await subscribe(t, url, ["workflow.completed"]);
    const clock = manualClock(new Date(Date.now() - 5 * 60_000));
    const ctx = await contextFor(t, clock);
    // Recorded 5 minutes ago, never notified.
    await recordEvent(ctx, "workflow.completed", {
      runId: crypto.randomUUID(),
      workflowId: "bhi-refresh",
      workflowName: "BHI refresh",
      status: "succeeded",
      duration: "1.0s",
    });
    // A delivery due 5 minutes ago whose queue message never arrived.
    const lost = await insertDelivery(ctx, subscription.id, "workflow.failed");
    const result = await sweepWebhooks(env, new Date());
    expect(result.tenants).toBeGreaterThanOrEqual(1);
    expect(result.requeued).toBeGreaterThanOrEqual(1);
    const done = await eventually(
      () => listDeliveries(t.key, "?status=succeeded"),
      (l) => l.pagination.total === 2,
    );
    expect(done.data.map((d) => d.eventType).sort()).toEqual(["workflow.completed", "workflow.failed"]);
    expect((await received(url)).filter((r) => r.headers["webhook-id"] === lost.eventId)).toHaveLength(1);
  });
});

describe("replay", () => {
  it("sends a dead delivery again with the same event id, body and idempotency key", async () => {
    const t = await createTenant();
    const url = receiverUrl("flaky/1");
    const { subscription } = await subscribe(t, url);
    const ctx = await contextFor(t);
    const original = await insertDelivery(ctx, subscription.id);
    await systemShardDb(ctx.env, ctx.tenant.shard)
      .update(webhookDeliveries)
      .set({ status: "dead", attemptCount: 6 })
      .where(eq(webhookDeliveries.id, original.id));
    await call("POST", `/v1/webhooks/subscriptions/${subscription.id}/test`, { key: t.key }); // receiver's 1 failure

    const res = await call("POST", `/v1/webhooks/deliveries/${original.id}/replay`, { key: t.key });
    expect(res.status).toBe(202);
    const { delivery } = await json<{ delivery: Delivery }>(res);
    expect(delivery).toMatchObject({
      eventId: original.eventId,
      replayOf: original.id,
      status: "pending",
      attemptCount: 0,
    });
    const done = await eventually(
      () => listDeliveries(t.key, `?eventId=${original.eventId}&status=succeeded`),
      (l) => l.pagination.total === 1,
    );
    expect(done.data[0].id).toBe(delivery.id);
    const replayed = (await received(url)).filter((r) => r.headers["x-idempotency-key"] === original.eventId);
    expect(replayed).toHaveLength(1);
    expect(replayed[0].body).toBe(original.payload);
    expect(replayed[0].headers["webhook-id"]).toBe(original.eventId);
    // Both deliveries of the event stay listed; the original is untouched.
    expect((await listDeliveries(t.key, `?eventId=${original.eventId}`)).pagination.total).toBe(2);
  });

  it("refuses deliveries still in progress (409) and unknown or foreign ones (404)", async () => {
    const t = await createTenant({ shard: 0 });
    const other = await createTenant({ shard: 1 });
    const { subscription } = await subscribe(t, "https://hooks.example.com/in");
    const ctx = await contextFor(t);
    const d = await insertDelivery(ctx, subscription.id);
    expect((await call("POST", `/v1/webhooks/deliveries/${d.id}/replay`, { key: t.key })).status).toBe(409);
    expect((await call("POST", `/v1/webhooks/deliveries/${d.id}/replay`, { key: other.key })).status).toBe(
      404,
    );
    expect((await call("GET", `/v1/webhooks/deliveries/${d.id}`, { key: other.key })).status).toBe(404);
    expect(
      (await call("POST", `/v1/webhooks/deliveries/${crypto.randomUUID()}/replay`, { key: t.key })).status,
    ).toBe(404);
  });
});

describe("deliveries list", () => {
  it("filters by subscription, event type and status, newest first, paged", async () => {
    const t = await createTenant();
    const a = await subscribe(t, "https://hooks.example.com/a");
    const b = await subscribe(t, "https://hooks.example.com/b");
    const clock = manualClock(new Date("2026-01-01T00:00:00.000Z"));
    const ctx = await contextFor(t, clock);
    const made: string[] = [];
    for (const [sub, type] of [
      [a, "bhi.calculated"],
      [a, "nba.generated"],
      [b, "bhi.calculated"],
    ] as const) {
      clock.advance(1);
      made.push((await insertDelivery(ctx, sub.subscription.id, type)).id);
    }
    await systemShardDb(ctx.env, ctx.tenant.shard)
      .update(webhookDeliveries)
      .set({ status: "dead" })
      .where(eq(webhookDeliveries.id, made[0]));
    expect((await listDeliveries(t.key)).data.map((d) => d.id)).toEqual([...made].reverse());
    expect((await listDeliveries(t.key, `?subscriptionId=${a.subscription.id}`)).pagination.total).toBe(2);
    expect((await listDeliveries(t.key, "?eventType=bhi.calculated")).pagination.total).toBe(2);
    expect((await listDeliveries(t.key, "?status=dead")).data.map((d) => d.id)).toEqual([made[0]]);
    const page = await listDeliveries(t.key, "?limit=2&offset=2");
    expect(page.data.map((d) => d.id)).toEqual([made[0]]);
    expect((await call("GET", "/v1/webhooks/deliveries?status=failed", { key: t.key })).status).toBe(400);
  });
});

describe("queue consumer and dead-letter queue", () => {
  it("acks malformed messages, retries a crash, and marks dead-lettered deliveries dead", async () => {
    const t = await createTenant();
    const { subscription } = await subscribe(t, "https://hooks.example.com/in");
    const ctx = await contextFor(t);
    const d = await insertDelivery(ctx, subscription.id);

    const batch = createMessageBatch("credit-ops-webhooks", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: { nonsense: true } },
      {
        id: "m2",
        timestamp: new Date(),
        attempts: 1,
        body: { tenantId: crypto.randomUUID(), deliveryId: d.id, attempt: 1 },
      },
    ]);
    const execution = createExecutionContext();
    await handleWebhookBatch(batch, env);
    const result = await getQueueResult(batch, execution);
    expect(result.explicitAcks).toEqual(["m1"]);
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual(["m2"]);

    const dlq = createMessageBatch("credit-ops-webhooks-dlq", [
      {
        id: "m3",
        timestamp: new Date(),
        attempts: 1,
        body: { tenantId: t.id, deliveryId: d.id, attempt: 1 },
      },
    ]);
    const dlqExecution = createExecutionContext();
    await handleWebhookDeadLetters(dlq, env);
    expect((await getQueueResult(dlq, dlqExecution)).explicitAcks).toEqual(["m3"]);
    const got = await json<{ delivery: { status: string; lastError: string } }>(
      await call("GET", `/v1/webhooks/deliveries/${d.id}`, { key: t.key }),
    );
    expect(got.delivery.status).toBe("dead");
    expect(got.delivery.lastError).toMatch(/dead-letter queue/);
  });

  it("deleting a subscription ends its unfinished deliveries as dead", async () => {
    const t = await createTenant();
    const { subscription } = await subscribe(t, "https://hooks.example.com/in");
    const ctx = await contextFor(t);
    const d = await insertDelivery(ctx, subscription.id);
    await call("DELETE", `/v1/webhooks/subscriptions/${subscription.id}`, { key: t.key });
    const got = await json<{ delivery: { status: string; lastError: string } }>(
      await call("GET", `/v1/webhooks/deliveries/${d.id}`, { key: t.key }),
    );
    expect(got.delivery).toMatchObject({ status: "dead", lastError: "subscription deleted" });
  });
});
