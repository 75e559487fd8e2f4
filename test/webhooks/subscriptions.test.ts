import { describe, expect, it } from "vitest";
import { call, createTenant, json } from "../harness";
import { receiverUrl, subscribe } from "./helpers";

interface Sub {
  id: string;
  url: string;
  eventTypes: string[];
  description: string | null;
  enabled: boolean;
  disabledReason: string | null;
  secretPrefix: string;
  previousSecretExpiresAt: string | null;
  breaker: { state: string };
}

describe("webhook subscriptions API", () => {
  it("creates a subscription and shows its whsec_ secret only once", async () => {
    const t = await createTenant();
    const res = await call("POST", "/v1/webhooks/subscriptions", {
      key: t.key,
      body: {
        url: "https://hooks.example.com/in",
        eventTypes: ["bhi.calculated", "customer.risk_alert"],
        description: "core",
      },
    });
    expect(res.status).toBe(201);
    const body = await json<{ subscription: Sub; secret: string }>(res);
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{40,}={0,2}$/);
    expect(body.subscription).toMatchObject({
      url: "https://hooks.example.com/in",
      eventTypes: ["bhi.calculated", "customer.risk_alert"],
      description: "core",
      enabled: true,
      breaker: { state: "closed" },
      secretPrefix: body.secret.slice(0, 10),
    });
    const get = await call("GET", `/v1/webhooks/subscriptions/${body.subscription.id}`, { key: t.key });
    expect(get.status).toBe(200);
    expect(await get.text()).not.toContain(body.secret);
    const list = await json<{ data: Sub[]; pagination: { total: number } }>(
      await call("GET", "/v1/webhooks/subscriptions", { key: t.key }),
    );
    expect(list.data.map((s) => s.id)).toEqual([body.subscription.id]);
    expect(list.pagination.total).toBe(1);
    expect(JSON.stringify(list)).not.toContain(body.secret);
  });

  it.each([
    ["http://hooks.example.com/in", /https/],
    ["https://10.1.2.3/in", /private/],
    ["https://169.254.169.254/latest/meta-data/", /link-local/],
    ["https://[::ffff:127.0.0.1]/in", /loopback/],
    ["https://2852039166/latest/meta-data/", /link-local/],
    ["https://u:p@hooks.example.com/in", /credentials/],
    ["https://hooks.example.com:8080/in", /port/],
    ["https://metadata.google.internal/", /internal/],
    ["https://[::ffff:0:127.0.0.1]/in", /loopback/], // IPv4-translated
    ["https://169.254.169.254.nip.io/latest/meta-data/", /wildcard-DNS|blocked range/],
    ["https://localtest.me/in", /wildcard-DNS/],
  ])("refuses %s at registration with 400 and the reason", async (url, reason) => {
    const t = await createTenant();
    const res = await call("POST", "/v1/webhooks/subscriptions", {
      key: t.key,
      body: { url, eventTypes: ["*"] },
    });
    expect(res.status).toBe(400);
    const body = await json<{ error: { code: string; details: { path: string; message: string }[] } }>(res);
    expect(body.error.code).toBe("bad_request");
    expect(body.error.details[0].path).toBe("url");
    expect(body.error.details[0].message).toMatch(reason);
  });

  it("caps live subscriptions per tenant at settings.maxWebhookSubscriptions (409), deleted ones not counted", async () => {
    const t = await createTenant({ settings: { maxWebhookSubscriptions: 2 } });
    const create = () =>
      call("POST", "/v1/webhooks/subscriptions", {
        key: t.key,
        body: { url: "https://hooks.example.com/in", eventTypes: ["*"] },
      });
    const first = await json<{ subscription: Sub }>(await create());
    expect((await create()).status).toBe(201);
    const over = await create();
    expect(over.status).toBe(409);
    const err = await json<{ error: { code: string; message: string } }>(over);
    expect(err.error.code).toBe("conflict");
    expect(err.error.message).toMatch(/2 webhook subscriptions.*maxWebhookSubscriptions/);
    const list = await json<{ pagination: { total: number } }>(
      await call("GET", "/v1/webhooks/subscriptions", { key: t.key }),
    );
    expect(list.pagination.total).toBe(2); // the refused one left nothing behind
    // Deleting one frees a place.
    await call("DELETE", `/v1/webhooks/subscriptions/${first.subscription.id}`, { key: t.key });
    expect((await create()).status).toBe(201);
    // Concurrent creates at the cap never leave more than the cap.
    await Promise.all([create(), create(), create()]);
    const after = await json<{ pagination: { total: number } }>(
      await call("GET", "/v1/webhooks/subscriptions", { key: t.key }),
    );
    expect(after.pagination.total).toBe(2);
  });

  it("defaults the cap to 20", async () => {
    const t = await createTenant();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await call("POST", "/v1/webhooks/subscriptions", {
        key: t.key,
        body: { url: `https://hooks.example.com/in/${i}`, eventTypes: ["*"] },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses[20]).toBe(409);
  });

  it("validates event types", async () => {
    const t = await createTenant();
    for (const eventTypes of [
      [],
      ["bhi.unknown"],
      ["*", "bhi.calculated"],
      ["nba.generated", "nba.generated"],
    ]) {
      const res = await call("POST", "/v1/webhooks/subscriptions", {
        key: t.key,
        body: { url: "https://hooks.example.com/in", eventTypes },
      });
      expect(res.status, JSON.stringify(eventTypes)).toBe(400);
    }
    const unknownField = await call("POST", "/v1/webhooks/subscriptions", {
      key: t.key,
      body: { url: "https://hooks.example.com/in", eventTypes: ["*"], tenantId: t.id },
    });
    expect(unknownField.status).toBe(400);
  });

  it("accepts a loopback http receiver in the test environment (treated like local development)", async () => {
    const t = await createTenant();
    const { subscription } = await subscribe(t, receiverUrl("ok"));
    expect(subscription.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });

  it("patches url, event types, description and enabled; re-checks the URL", async () => {
    const t = await createTenant();
    const { subscription } = await subscribe(t, "https://hooks.example.com/a");
    const path = `/v1/webhooks/subscriptions/${subscription.id}`;
    const bad = await call("PATCH", path, { key: t.key, body: { url: "https://192.168.0.10/in" } });
    expect(bad.status).toBe(400);
    const res = await call("PATCH", path, {
      key: t.key,
      body: {
        url: "https://hooks.example.com/b",
        eventTypes: ["workflow.failed"],
        description: "ops",
        enabled: false,
      },
    });
    expect(res.status).toBe(200);
    expect((await json<{ subscription: Sub }>(res)).subscription).toMatchObject({
      url: "https://hooks.example.com/b",
      eventTypes: ["workflow.failed"],
      description: "ops",
      enabled: false,
      disabledReason: "disabled through the API",
    });
    const enabled = await json<{ subscription: Sub }>(
      await call("PATCH", path, { key: t.key, body: { enabled: true, description: null } }),
    );
    expect(enabled.subscription).toMatchObject({ enabled: true, disabledReason: null, description: null });
    expect((await call("PATCH", path, { key: t.key, body: {} })).status).toBe(400);
  });

  it("deletes: the subscription is gone for get, patch, list and a second delete", async () => {
    const t = await createTenant();
    const { subscription } = await subscribe(t, "https://hooks.example.com/a");
    const path = `/v1/webhooks/subscriptions/${subscription.id}`;
    expect((await call("DELETE", path, { key: t.key })).status).toBe(200);
    expect((await call("GET", path, { key: t.key })).status).toBe(404);
    expect((await call("PATCH", path, { key: t.key, body: { enabled: false } })).status).toBe(404);
    expect((await call("DELETE", path, { key: t.key })).status).toBe(404);
    const list = await json<{ data: unknown[] }>(
      await call("GET", "/v1/webhooks/subscriptions", { key: t.key }),
    );
    expect(list.data).toEqual([]);
  });

  it("rotates the secret with a grace period", async () => {
    const t = await createTenant();
    const created = await subscribe(t, "https://hooks.example.com/a");
    const res = await call("POST", `/v1/webhooks/subscriptions/${created.subscription.id}/rotate-secret`, {
      key: t.key,
      body: { graceSeconds: 3600 },
    });
    expect(res.status).toBe(200);
    const body = await json<{ subscription: Sub; secret: string }>(res);
    expect(body.secret).toMatch(/^whsec_/);
    expect(body.secret).not.toBe(created.secret);
    const expires = Date.parse(body.subscription.previousSecretExpiresAt!);
    expect(expires - Date.now()).toBeGreaterThan(3590_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(3600_000);
    // Without a body: the default grace (24 h).
    const again = await json<{ subscription: Sub }>(
      await call("POST", `/v1/webhooks/subscriptions/${created.subscription.id}/rotate-secret`, {
        key: t.key,
      }),
    );
    expect(Date.parse(again.subscription.previousSecretExpiresAt!) - Date.now()).toBeGreaterThan(86_000_000);
    const bad = await call("POST", `/v1/webhooks/subscriptions/${created.subscription.id}/rotate-secret`, {
      key: t.key,
      body: { graceSeconds: -1 },
    });
    expect(bad.status).toBe(400);
  });

  it("another tenant's subscription is 404 everywhere", async () => {
    const owner = await createTenant({ shard: 0 });
    const other = await createTenant({ shard: 1 });
    const { subscription } = await subscribe(owner, "https://hooks.example.com/a");
    const path = `/v1/webhooks/subscriptions/${subscription.id}`;
    expect((await call("GET", path, { key: other.key })).status).toBe(404);
    expect((await call("DELETE", path, { key: other.key })).status).toBe(404);
    expect((await call("POST", `${path}/rotate-secret`, { key: other.key })).status).toBe(404);
    expect((await call("GET", path, { key: owner.key })).status).toBe(200);
  });
});
