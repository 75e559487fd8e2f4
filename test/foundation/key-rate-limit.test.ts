import { describe, expect, it } from "vitest";
import { admin, call, createKey, createTenant, json } from "../harness";

// The operator's per-key budget (PUT /admin/keys/{keyId}/rate-limit): stored on the key row and
// read with the key at authentication, which drops this isolate's cached key on a change.

async function awayFromWindowEdge() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5_000) await new Promise((r) => setTimeout(r, left + 50));
}

const setLimit = (keyId: string, rateLimitPerMinute: number | null) =>
  admin("PUT", `/admin/keys/${keyId}/rate-limit`, { rateLimitPerMinute });

interface AuditPage {
  data: {
    action: string;
    tenantId: string | null;
    target: { id: string };
    before: unknown;
    after: unknown;
  }[];
}

describe("per-key rate limit override", () => {
  it("lowers one key's budget below the tenant's, and clearing it restores the tenant's", async () => {
    const t = await createTenant({ settings: { rateLimitPerMinute: 50 } });
    const sibling = await createKey(t.id, ["data:read"]);
    await awayFromWindowEdge();
    expect((await call("GET", "/v1/customers", { key: t.key })).headers.get("ratelimit-limit")).toBe("50");

    const set = await setLimit(t.keyId, 2);
    expect(set.status).toBe(200);
    expect(await json(set)).toEqual({ success: true, apiKey: { id: t.keyId, rateLimitPerMinute: 2 } });
    // One request already counted in this window under the old budget: 2 - 2 = 0 left.
    const limited = await call("GET", "/v1/customers", { key: t.key });
    expect(limited.status).toBe(200);
    expect(limited.headers.get("ratelimit-limit")).toBe("2");
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    expect((await call("GET", "/v1/customers", { key: t.key })).status).toBe(429);
    // The tenant's other key keeps the tenant's budget.
    expect((await call("GET", "/v1/customers", { key: sibling.key })).headers.get("ratelimit-limit")).toBe(
      "50",
    );
    // The operator sees it on the key.
    const keys = await json<{ data: { id: string; rateLimitPerMinute: number | null }[] }>(
      await admin("GET", `/admin/tenants/${t.id}/keys`),
    );
    expect(keys.data.find((k) => k.id === t.keyId)?.rateLimitPerMinute).toBe(2);

    expect((await setLimit(t.keyId, null)).status).toBe(200);
    const restored = await call("GET", "/v1/customers", { key: t.key });
    expect(restored.status).toBe(200);
    expect(restored.headers.get("ratelimit-limit")).toBe("50");
  });

  it("writes one audit entry per change, none for a no-op", async () => {
    const t = await createTenant();
    await setLimit(t.keyId, 10);
    await setLimit(t.keyId, 10);
    await setLimit(t.keyId, null);
    const page = await json<AuditPage>(
      await admin("GET", `/admin/audit-log?tenantId=${t.id}&action=api_key.rate_limit_set`),
    );
    const entries = page.data.map((e) => ({ target: e.target.id, before: e.before, after: e.after }));
    expect(entries).toHaveLength(2);
    expect(entries).toContainEqual({
      target: t.keyId,
      before: { id: t.keyId, rateLimitPerMinute: null },
      after: { id: t.keyId, rateLimitPerMinute: 10 },
    });
    expect(entries).toContainEqual({
      target: t.keyId,
      before: { id: t.keyId, rateLimitPerMinute: 10 },
      after: { id: t.keyId, rateLimitPerMinute: null },
    });
  });

  it("survives rotation", async () => {
    const t = await createTenant();
    await setLimit(t.keyId, 7);
    const rotated = await json<{ apiKey: { id: string; key: string } }>(
      await admin("POST", `/admin/keys/${t.keyId}/rotate`, {}),
    );
    const res = await call("GET", "/v1/customers", { key: rotated.apiKey.key });
    expect(res.headers.get("ratelimit-limit")).toBe("7");
  });

  it("is operator-only, validated, and 404 for an unknown key", async () => {
    const t = await createTenant();
    const byTenant = await call("PUT", `/admin/keys/${t.keyId}/rate-limit`, {
      key: t.key,
      body: { rateLimitPerMinute: 100_000 },
    });
    expect(byTenant.status).toBe(401);
    for (const bad of [0, 100_001, 2.5, "10"]) {
      const res = await setLimit(t.keyId, bad as number);
      expect(res.status).toBe(400);
      expect((await json<{ error: { details: { path: string }[] } }>(res)).error.details[0].path).toBe(
        "rateLimitPerMinute",
      );
    }
    expect((await setLimit(crypto.randomUUID(), 5)).status).toBe(404);
    const keys = await json<{ data: { id: string; rateLimitPerMinute: number | null }[] }>(
      await admin("GET", `/admin/tenants/${t.id}/keys`),
    );
    expect(keys.data.find((k) => k.id === t.keyId)?.rateLimitPerMinute).toBeNull();
  });
});
