import { verify as verifyServiceSignature } from "@octokit/webhooks-methods";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { webhookSubscriptions } from "../../src/db/shard";
import { systemShardDb } from "../../src/db/system-db";
import { sha256Hex } from "../../src/lib/crypto";
import { claimProbe } from "../../src/modules/webhooks/delivery/repo";
import { consumeDelivery } from "../../src/modules/webhooks/delivery/service";
import { DEFAULT_RETRY_DELAYS_SECONDS } from "../../src/modules/webhooks/domain/schedule";
import { call, createTenant, json } from "../harness";
import { contextFor, insertDelivery, manualClock, received, receiverUrl, subscribe } from "./helpers";

interface Attempt {
  attemptNumber: number;
  attemptedAt: string;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
  responseBodySha256: string | null;
  responseBodyBytes: number | null;
}
interface Delivery {
  id: string;
  eventId: string;
  status: string;
  attemptCount: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  replayOf: string | null;
  test: boolean;
  attempts: Attempt[];
}

async function getDelivery(key: string, id: string) {
  return (await json<{ delivery: Delivery }>(await call("GET", `/v1/webhooks/deliveries/${id}`, { key })))
    .delivery;
}

async function verifyBoth(secret: string, req: { headers: Record<string, string>; body: string }) {
  expect(await verifyServiceSignature(secret, req.body, req.headers["x-service-signature"])).toBe(true);
  expect(new Webhook(secret).verify(req.body, req.headers)).toEqual(JSON.parse(req.body));
}

describe("delivery attempts against a real receiver", () => {
  it.each([
    ["ok", "succeeded", 200],
    ["status/204", "succeeded", 204],
    ["redirect", "retrying", 302],
    ["status/400", "retrying", 400],
    ["status/404", "retrying", 404],
    ["status/429", "retrying", 429],
    ["status/500", "retrying", 500],
    ["status/503", "retrying", 503],
  ])("%s -> %s", async (behaviour, status, responseStatus) => {
    const t = await createTenant();
    const url = receiverUrl(behaviour);
    const { subscription, secret } = await subscribe(t, url);
    const clock = manualClock();
    const ctx = await contextFor(t, clock);
    const d = await insertDelivery(ctx, subscription.id);
    const outcome = await consumeDelivery(ctx, d.id, 1);
    expect(outcome).toMatchObject({ kind: "attempted", status });
    const reqs = await received(url);
    // One request: a redirect is not followed (its target would log a second one here).
    expect(reqs).toHaveLength(1);
    expect(reqs[0].body).toBe(d.payload);
    await verifyBoth(secret, reqs[0]);
    const delivery = await getDelivery(t.key, d.id);
    expect(delivery.attempts).toEqual([
      expect.objectContaining({
        attemptNumber: 1,
        responseStatus,
        error: status === "succeeded" ? null : `HTTP ${responseStatus}`,
      }),
    ]);
    if (status === "retrying") {
      expect(Date.parse(delivery.nextAttemptAt!) - clock.now().getTime()).toBe(60_000);
    }
  });

  it("410 Gone kills the delivery and disables the subscription", async () => {
    const t = await createTenant();
    const { subscription } = await subscribe(t, receiverUrl("status/410"));
    const ctx = await contextFor(t);
    const d = await insertDelivery(ctx, subscription.id);
    expect(await consumeDelivery(ctx, d.id, 1)).toMatchObject({ status: "dead", nextAttemptAt: null });
    const sub = await json<{ subscription: { enabled: boolean; disabledReason: string } }>(
      await call("GET", `/v1/webhooks/subscriptions/${subscription.id}`, { key: t.key }),
    );
    expect(sub.subscription).toMatchObject({ enabled: false, disabledReason: "receiver answered 410 Gone" });
    // Later deliveries of a disabled subscription end without a request.
    const next = await insertDelivery(ctx, subscription.id);
    expect(await consumeDelivery(ctx, next.id, 1)).toMatchObject({ status: "dead" });
    expect((await getDelivery(t.key, next.id)).attempts).toEqual([]);
  });

  it("a receiver that does not answer in time is a failed attempt (timeout)", async () => {
    const t = await createTenant();
    const { subscription } = await subscribe(t, receiverUrl("hang"));
    const ctx = await contextFor(t);
    const d = await insertDelivery(ctx, subscription.id);
    expect(await consumeDelivery(ctx, d.id, 1, { timeoutMs: 300 })).toMatchObject({ status: "retrying" });
    const [attempt] = (await getDelivery(t.key, d.id)).attempts;
    expect(attempt).toMatchObject({ responseStatus: null, error: "timed out after 300 ms" });
    expect(attempt.durationMs).toBeGreaterThanOrEqual(250);
  });

  it("keeps a 256-character excerpt of a 2xx body, with the body's SHA-256 and length", async () => {
    const t = await createTenant();
    const { subscription } = await subscribe(t, receiverUrl("big"));
    const ctx = await contextFor(t);
    const d = await insertDelivery(ctx, subscription.id);
    await consumeDelivery(ctx, d.id, 1);
    const body = "x".repeat(10_000); // what the receiver answers (receiver.global.ts)
    expect((await getDelivery(t.key, d.id)).attempts[0]).toMatchObject({
      responseExcerpt: "x".repeat(256),
      responseBodySha256: await sha256Hex(body),
      responseBodyBytes: body.length,
    });
  });

  it("never returns the body of a non-2xx answer, only its hash and length", async () => {
    const t = await createTenant();
    const { subscription } = await subscribe(t, receiverUrl("status/500"));
    const ctx = await contextFor(t);
    const d = await insertDelivery(ctx, subscription.id);
    await consumeDelivery(ctx, d.id, 1);
    const res = await call("GET", `/v1/webhooks/deliveries/${d.id}`, { key: t.key });
    const text = await res.text();
    expect(text).not.toContain("status 500"); // the receiver's body
    const [attempt] = (JSON.parse(text) as { delivery: Delivery }).delivery.attempts;
    expect(attempt).toMatchObject({
      responseStatus: 500,
      responseExcerpt: null,
      responseBodySha256: await sha256Hex("status 500"),
      responseBodyBytes: "status 500".length,
    });
  });
});

describe("retry schedule", () => {
  it("an always-failing receiver gets exactly 6 attempts at +1m, +5m, +30m, +2h, +6h, then dead", async () => {
    const t = await createTenant();
    const url = receiverUrl("status/500");
    const { subscription } = await subscribe(t, url);
    const clock = manualClock();
    const start = clock.now().getTime();
    const ctx = await contextFor(t, clock);
    const d = await insertDelivery(ctx, subscription.id);
    const times: number[] = [];
    for (let attempt = 1; attempt <= 7; attempt++) {
      times.push(clock.now().getTime() - start);
      const outcome = await consumeDelivery(ctx, d.id, attempt);
      if (outcome.kind !== "attempted" || !outcome.nextAttemptAt) break;
      // A message that arrives early is put back, not attempted.
      expect(await consumeDelivery(ctx, d.id, attempt + 1)).toMatchObject({ kind: "deferred" });
      clock.set(outcome.nextAttemptAt);
    }
    const offsets = [0, 60, 360, 2160, 9360, 30960].map((s) => s * 1000);
    expect(times).toEqual(offsets);
    expect(DEFAULT_RETRY_DELAYS_SECONDS).toEqual([60, 300, 1800, 7200, 21600]);
    const delivery = await getDelivery(t.key, d.id);
    expect(delivery).toMatchObject({ status: "dead", attemptCount: 6, nextAttemptAt: null });
    expect(delivery.attempts.map((a) => Date.parse(a.attemptedAt) - start)).toEqual(offsets);
    const reqs = await received(url);
    expect(reqs).toHaveLength(6);
    expect(new Set(reqs.map((r) => r.headers["x-idempotency-key"]))).toEqual(new Set([d.eventId]));
    expect(new Set(reqs.map((r) => r.body))).toEqual(new Set([d.payload]));
    // A stale or duplicate message does nothing once the delivery is finished.
    expect(await consumeDelivery(ctx, d.id, 6)).toMatchObject({ kind: "skipped" });
  });

  it("a receiver that fails then recovers gets the same event id, idempotency key and body", async () => {
    const t = await createTenant();
    const url = receiverUrl("flaky/2");
    const { subscription, secret } = await subscribe(t, url);
    const clock = manualClock();
    const ctx = await contextFor(t, clock);
    const d = await insertDelivery(ctx, subscription.id);
    for (let attempt = 1; attempt <= 3; attempt++) {
      const outcome = await consumeDelivery(ctx, d.id, attempt);
      if (outcome.kind === "attempted" && outcome.nextAttemptAt) clock.set(outcome.nextAttemptAt);
    }
    const delivery = await getDelivery(t.key, d.id);
    expect(delivery.status).toBe("succeeded");
    expect(delivery.attempts.map((a) => a.responseStatus)).toEqual([500, 500, 200]);
    const reqs = await received(url);
    expect(reqs.map((r) => r.headers["webhook-id"])).toEqual([d.eventId, d.eventId, d.eventId]);
    expect(reqs.map((r) => r.headers["x-idempotency-key"])).toEqual([d.eventId, d.eventId, d.eventId]);
    expect(reqs.every((r) => r.body === d.payload)).toBe(true);
    await verifyServiceSignature(secret, reqs[2].body, reqs[2].headers["x-service-signature"]);
  });

  it("a delivery deferred past the 24-hour retry window ends dead without another request", async () => {
    const t = await createTenant();
    const url = receiverUrl("status/500");
    const { subscription } = await subscribe(t, url);
    const clock = manualClock();
    const ctx = await contextFor(t, clock);
    const d = await insertDelivery(ctx, subscription.id);
    clock.advance(86_401);
    expect(await consumeDelivery(ctx, d.id, 1)).toMatchObject({ status: "dead" });
    expect(await received(url)).toHaveLength(0);
    expect((await getDelivery(t.key, d.id)).lastError).toBe("retry window of 24 hours exceeded");
  });

  it("a duplicate message for an attempt already made sends nothing", async () => {
    const t = await createTenant();
    const url = receiverUrl("status/500");
    const { subscription } = await subscribe(t, url);
    const ctx = await contextFor(t);
    const d = await insertDelivery(ctx, subscription.id);
    await consumeDelivery(ctx, d.id, 1);
    expect(await consumeDelivery(ctx, d.id, 1)).toEqual({ kind: "skipped", reason: "stale message" });
    expect(await received(url)).toHaveLength(1);
  });

  it("two copies of one message handled at the same moment make one request", async () => {
    const t = await createTenant();
    const url = receiverUrl("ok");
    const { subscription } = await subscribe(t, url);
    const ctx = await contextFor(t);
    const d = await insertDelivery(ctx, subscription.id);
    const outcomes = await Promise.all([consumeDelivery(ctx, d.id, 1), consumeDelivery(ctx, d.id, 1)]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(["attempted", "skipped"]);
    expect(outcomes.find((o) => o.kind === "skipped")).toEqual({
      kind: "skipped",
      reason: "another consumer holds it",
    });
    expect(await received(url)).toHaveLength(1);
    expect((await getDelivery(t.key, d.id)).attempts).toHaveLength(1);
  });

  it("a message more than a second early waits for its time without taking the delivery", async () => {
    const t = await createTenant();
    const url = receiverUrl("ok");
    const { subscription } = await subscribe(t, url);
    const clock = manualClock();
    const ctx = await contextFor(t, clock);
    const d = await insertDelivery(ctx, subscription.id);
    clock.set(new Date(clock.now().getTime() - 5_000)); // the message runs 5 s before the delivery is due
    const early = await consumeDelivery(ctx, d.id, 1);
    expect(early).toMatchObject({ kind: "deferred" });
    expect(await received(url)).toHaveLength(0);
    clock.set(new Date(clock.now().getTime() + 5_000)); // on time: nothing holds it, so it goes
    expect(await consumeDelivery(ctx, d.id, 1)).toMatchObject({ kind: "attempted", status: "succeeded" });
    expect(await received(url)).toHaveLength(1);
  });
});

describe("circuit breaker", () => {
  it("opens after 5 consecutive failures, defers while open, probes after 5 minutes, closes on success", async () => {
    const t = await createTenant();
    const failing = receiverUrl("status/500");
    const { subscription } = await subscribe(t, failing);
    const clock = manualClock();
    const ctx = await contextFor(t, clock);
    for (let i = 0; i < 5; i++) {
      const d = await insertDelivery(ctx, subscription.id);
      expect(await consumeDelivery(ctx, d.id, 1)).toMatchObject({ status: "retrying" });
    }
    const path = `/v1/webhooks/subscriptions/${subscription.id}`;
    const open = await json<{ subscription: { breaker: { state: string; consecutiveFailures: number } } }>(
      await call("GET", path, { key: t.key }),
    );
    expect(open.subscription.breaker).toMatchObject({ state: "open", consecutiveFailures: 5 });

    // Open: a due delivery is deferred to the end of the cool-down, and nothing is sent.
    const waiting = await insertDelivery(ctx, subscription.id);
    clock.advance(10);
    const deferred = await consumeDelivery(ctx, waiting.id, 1);
    expect(deferred).toEqual({ kind: "deferred", until: new Date(clock.now().getTime() - 10_000 + 300_000) });
    expect(await received(failing)).toHaveLength(5);
    expect((await getDelivery(t.key, waiting.id)).status).toBe("pending");

    // After 5 minutes one delivery probes; while its probe is in flight the others wait.
    clock.set(deferred.kind === "deferred" ? deferred.until : clock.now());
    const now = clock.now().toISOString();
    expect(
      await claimProbe(ctx, subscription.id, now, new Date(clock.now().getTime() + 30_000).toISOString()),
    ).toBe(true);
    expect(await consumeDelivery(ctx, waiting.id, 1)).toMatchObject({ kind: "deferred" });
    // The probe's lease ends; the receiver has recovered; the probe succeeds and closes it.
    clock.advance(31);
    await call("PATCH", path, { key: t.key, body: { url: receiverUrl("ok") } });
    expect(await consumeDelivery(ctx, waiting.id, 1)).toMatchObject({ status: "succeeded" });
    const closed = await json<{ subscription: { breaker: { state: string; consecutiveFailures: number } } }>(
      await call("GET", path, { key: t.key }),
    );
    expect(closed.subscription.breaker).toMatchObject({ state: "closed", consecutiveFailures: 0 });
  });

  it("a failed probe opens it for another cool-down", async () => {
    const t = await createTenant();
    const { subscription } = await subscribe(t, receiverUrl("status/503"));
    const clock = manualClock();
    const ctx = await contextFor(t, clock);
    for (let i = 0; i < 5; i++)
      await consumeDelivery(ctx, (await insertDelivery(ctx, subscription.id)).id, 1);
    clock.advance(300);
    const probe = await insertDelivery(ctx, subscription.id);
    expect(await consumeDelivery(ctx, probe.id, 1)).toMatchObject({ status: "retrying" });
    const [row] = await systemShardDb(ctx.env, ctx.tenant.shard)
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, subscription.id));
    expect(row.breakerOpenUntil).toBe(new Date(clock.now().getTime() + 300_000).toISOString());
    expect(row.consecutiveFailures).toBe(6);
  });
});

describe("secret rotation", () => {
  it("signs with both secrets during the grace period and only the new one after it", async () => {
    const t = await createTenant();
    const url = receiverUrl("ok");
    const created = await subscribe(t, url);
    const path = `/v1/webhooks/subscriptions/${created.subscription.id}`;
    const rotated = await json<{ secret: string }>(
      await call("POST", `${path}/rotate-secret`, { key: t.key, body: { graceSeconds: 3600 } }),
    );
    const test = await call("POST", `${path}/test`, { key: t.key });
    expect(test.status).toBe(200);
    const [during] = await received(url);
    expect(during.headers["webhook-signature"].split(" ")).toHaveLength(2);
    await verifyBoth(rotated.secret, during);
    expect(new Webhook(created.secret).verify(during.body, during.headers)).toBeTruthy();
    expect(
      await verifyServiceSignature(
        created.secret,
        during.body,
        during.headers["x-service-signature-previous"],
      ),
    ).toBe(true);
    expect(
      await verifyServiceSignature(created.secret, during.body, during.headers["x-service-signature"]),
    ).toBe(false);

    // The grace period ends (moved into the past rather than waited for).
    const ctx = await contextFor(t);
    await systemShardDb(ctx.env, ctx.tenant.shard)
      .update(webhookSubscriptions)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(webhookSubscriptions.id, created.subscription.id));
    await call("POST", `${path}/test`, { key: t.key });
    const after = (await received(url))[1];
    expect(after.headers["webhook-signature"].split(" ")).toHaveLength(1);
    expect(after.headers["x-service-signature-previous"]).toBeUndefined();
    await verifyBoth(rotated.secret, after);
    expect(() => new Webhook(created.secret).verify(after.body, after.headers)).toThrow();
  });
});

describe("test deliveries", () => {
  it("sends now and answers with the attempt; a failure neither retries nor moves the breaker", async () => {
    const t = await createTenant();
    const ok = await subscribe(t, receiverUrl("ok"));
    const res = await call("POST", `/v1/webhooks/subscriptions/${ok.subscription.id}/test`, {
      key: t.key,
      body: { eventType: "customer.risk_alert" },
    });
    const { delivery } = await json<{
      delivery: Delivery & { payload: { type: string; data: { test: boolean } } };
    }>(res);
    expect(delivery).toMatchObject({ status: "succeeded", test: true, attemptCount: 1 });
    expect(delivery.payload).toMatchObject({ type: "customer.risk_alert", data: { test: true } });
    expect(delivery.attempts[0]).toMatchObject({ responseStatus: 200, responseExcerpt: "thanks" });

    const bad = await subscribe(t, receiverUrl("status/500"));
    const failed = await json<{ delivery: Delivery }>(
      await call("POST", `/v1/webhooks/subscriptions/${bad.subscription.id}/test`, { key: t.key }),
    );
    expect(failed.delivery).toMatchObject({ status: "dead", nextAttemptAt: null, lastError: "HTTP 500" });
    // The synchronous answer never carries a non-2xx receiver body either.
    expect(failed.delivery.attempts[0]).toMatchObject({ responseStatus: 500, responseExcerpt: null });
    const sub = await json<{ subscription: { breaker: { consecutiveFailures: number } } }>(
      await call("GET", `/v1/webhooks/subscriptions/${bad.subscription.id}`, { key: t.key }),
    );
    expect(sub.subscription.breaker.consecutiveFailures).toBe(0);
    expect(
      (await call("POST", `/v1/webhooks/deliveries/${failed.delivery.id}/replay`, { key: t.key })).status,
    ).toBe(409);
  });
});
