#!/usr/bin/env node
import { insertEvents, startReceiver, until } from "../bench/lib/receiver.mjs";
// End-to-end proof of webhook delivery: the built Worker under Miniflare (local D1 and
// Queues, the real queue consumers and dead-letter queue) posts to a receiver on 127.0.0.1
// that verifies every request with @octokit/webhooks-methods and standardwebhooks.
// The retry schedule is shrunk through configuration (WEBHOOK_RETRY_SCHEDULE=1,1,1,1,1 and
// a 2 s breaker cool-down), not by waiting hours. Exits 1 when a check fails.
// Usage: node scripts/webhooks-e2e.mjs
import { ADMIN_TOKEN, api, startService } from "../bench/lib/server.mjs";

const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};

// good: always 200; flaky: 500 twice per event, then 200; down: always 500.
const receiver = await startReceiver((route, _eventId, nth) => {
  if (route === "good") return 200;
  if (route === "flaky") return nth <= 2 ? 500 : 200;
  return 500;
});
const service = await startService({
  vars: { WEBHOOK_RETRY_SCHEDULE: "1,1,1,1,1", WEBHOOK_BREAKER_COOLDOWN_SECONDS: "2" },
});
try {
  const created = await api(service.url, ADMIN_TOKEN, "POST", "/admin/tenants", {
    name: "webhooks e2e",
    shard: 1,
  });
  const tenantId = created.body.tenant.id;
  const key = created.body.apiKey.key;
  const subs = {};
  for (const [route, eventTypes] of [
    ["good", ["*"]],
    ["flaky", ["bhi.calculated", "customer.risk_alert"]],
    ["down", ["workflow.failed"]],
  ]) {
    const res = await api(service.url, key, "POST", "/v1/webhooks/subscriptions", {
      url: `${receiver.base}/${route}`,
      eventTypes,
    });
    check(res.status === 201, `register ${route} receiver (201)`);
    receiver.secrets[route] = res.body.secret;
    subs[route] = res.body.subscription.id;
  }

  // Five events, recorded as a capability records them (outbox rows), then the outbox job.
  const now = new Date().toISOString();
  const events = [
    {
      type: "bhi.calculated",
      data: {
        customerId: crypto.randomUUID(),
        bhiOverall: 61.5,
        bhiBand: "fair",
        trend: "declining",
        alerts: [],
      },
    },
    {
      type: "customer.risk_alert",
      data: {
        customerId: crypto.randomUUID(),
        bhiOverall: 38,
        previousBhi: 42,
        threshold: 40,
        bhiBand: "poor",
      },
    },
    {
      type: "nba.generated",
      data: {
        customerId: crypto.randomUUID(),
        actionCount: 1,
        actions: [{ id: crypto.randomUUID(), actionType: "call", priority: "high" }],
      },
    },
    {
      type: "workflow.completed",
      data: {
        runId: crypto.randomUUID(),
        workflowId: "bhi-refresh",
        workflowName: "BHI refresh",
        status: "succeeded",
        duration: 1200,
      },
    },
    {
      type: "workflow.failed",
      data: {
        runId: crypto.randomUUID(),
        workflowId: "risk-review",
        workflowName: "Risk review",
        status: "failed",
        duration: 300,
        error: "boom",
      },
    },
  ].map((e) => ({ id: crypto.randomUUID(), createdAt: now, ...e }));
  await insertEvents(await service.mf.getD1Database("SHARD_1"), tenantId, events);
  const jobs = await service.mf.getQueueProducer("JOBS_QUEUE");
  await jobs.send({ type: "outbox.dispatch", tenantId });

  const ids = (route) => receiver.requests.filter((r) => r.route === route).map((r) => r.eventId);
  await until(() => ids("good").length >= 5 && ids("flaky").length >= 6 && ids("down").length >= 6, {
    timeoutMs: 90_000,
  });
  const down = events.find((e) => e.type === "workflow.failed");
  const flakyEvents = events.filter((e) => ["bhi.calculated", "customer.risk_alert"].includes(e.type));
  await until(async () => {
    const res = await api(
      service.url,
      key,
      "GET",
      `/v1/webhooks/deliveries?subscriptionId=${subs.down}&status=dead`,
    );
    return res.body.pagination?.total === 1;
  });

  check(
    receiver.requests.every((r) => r.verified),
    `every request verifies with both libraries (${receiver.requests.length} requests)`,
  );
  check(
    JSON.stringify([...ids("good")].sort()) === JSON.stringify(events.map((e) => e.id).sort()),
    "the good receiver got each of the 5 events exactly once",
  );
  for (const e of flakyEvents) {
    const got = receiver.requests.filter((r) => r.route === "flaky" && r.eventId === e.id);
    check(
      got.length === 3 && got.map((r) => r.status).join() === "500,500,200",
      `flaky receiver: ${e.type} came 3 times with the same event id (500, 500, then 200)`,
    );
  }
  check(
    ids("down").length === 6 && ids("down").every((id) => id === down.id),
    "the always-failing receiver got exactly 6 attempts of its event",
  );
  const deadList = await api(service.url, key, "GET", `/v1/webhooks/deliveries?subscriptionId=${subs.down}`);
  const dead = deadList.body.data[0];
  const detail = await api(service.url, key, "GET", `/v1/webhooks/deliveries/${dead.id}`);
  check(
    detail.body.delivery.status === "dead" &&
      detail.body.delivery.attempts.length === 6 &&
      detail.body.delivery.attempts.every((a) => a.responseStatus === 500),
    "its delivery is dead with 6 recorded attempts (status 500 each)",
  );
  const flakyList = await api(
    service.url,
    key,
    "GET",
    `/v1/webhooks/deliveries?subscriptionId=${subs.flaky}&status=succeeded`,
  );
  check(flakyList.body.pagination.total === 2, "both flaky deliveries ended succeeded");

  // Replay the dead delivery: the receiver sees the same event id a 7th time.
  const replay = await api(service.url, key, "POST", `/v1/webhooks/deliveries/${dead.id}/replay`);
  check(
    replay.status === 202 && replay.body.delivery.eventId === down.id,
    "replay answers 202 with the same event id",
  );
  await until(() => ids("down").length >= 7, { timeoutMs: 20_000 });
  check(
    ids("down").length === 7 && ids("down")[6] === down.id,
    "the replay reached the receiver with the same event id",
  );

  // Test delivery through the API, then rotation: both secrets verify during the grace period.
  const test = await api(service.url, key, "POST", `/v1/webhooks/subscriptions/${subs.good}/test`);
  check(
    test.status === 200 && test.body.delivery.status === "succeeded",
    "test delivery succeeds and answers its attempt",
  );
  const oldSecret = receiver.secrets.good;
  const rotated = await api(
    service.url,
    key,
    "POST",
    `/v1/webhooks/subscriptions/${subs.good}/rotate-secret`,
    { graceSeconds: 600 },
  );
  receiver.secrets.good = oldSecret; // a receiver that has not switched yet
  const beforeSwitch = await api(service.url, key, "POST", `/v1/webhooks/subscriptions/${subs.good}/test`);
  receiver.secrets.good = rotated.body.secret; // and one that has
  const afterSwitch = await api(service.url, key, "POST", `/v1/webhooks/subscriptions/${subs.good}/test`);
  check(
    beforeSwitch.body.delivery.status === "succeeded" && afterSwitch.body.delivery.status === "succeeded",
    "during the rotation grace period receivers with the old and with the new secret both verify",
  );
} finally {
  await service.dispose();
  await receiver.close();
}
console.log(
  failures.length ? `\n${failures.length} check(s) failed` : "\nall webhook end-to-end checks passed",
);
process.exit(failures.length ? 1 : 0);
