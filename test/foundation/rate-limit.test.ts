import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { TEST_ADMIN_TOKEN } from "../constants";
import { admin, call, createKey, createTenant, json } from "../harness";

/** Waits out the end of the clock minute, so a test's requests share one fixed window. */
async function awayFromWindowEdge() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5_000) await new Promise((r) => setTimeout(r, left + 50));
}

describe("per-key rate limit", () => {
  it("says what is left on every answer, then 429 with Retry-After at the reset; per key", async () => {
    const a = await createTenant({ settings: { rateLimitPerMinute: 2 } });
    const b = await createTenant({ settings: { rateLimitPerMinute: 2 } });
    await awayFromWindowEdge();
    const secondsToReset = () => Math.ceil((60_000 - (Date.now() % 60_000)) / 1000);
    const atMost = secondsToReset();
    const first = await call("GET", "/v1/customers", { key: a.key });
    const atLeast = secondsToReset();
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-limit")).toBe("2");
    expect(first.headers.get("ratelimit-remaining")).toBe("1");
    const reset = Number(first.headers.get("ratelimit-reset"));
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);
    // The window's end as the Worker saw it, somewhere between the request leaving and its answer.
    expect(reset).toBeGreaterThanOrEqual(atLeast);
    expect(reset).toBeLessThanOrEqual(atMost);
    expect(first.headers.get("ratelimit-policy")).toBe("2;w=60");
    const second = await call("GET", "/v1/customers", { key: a.key });
    expect(second.headers.get("ratelimit-remaining")).toBe("0");
    const refused = await call("GET", "/v1/customers", { key: a.key });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(refused.headers.get("retry-after")).toBe(refused.headers.get("ratelimit-reset"));
    expect((await json<{ error: { code: string } }>(refused)).error.code).toBe("rate_limited");
    // Another key has its own budget.
    expect((await call("GET", "/v1/customers", { key: b.key })).status).toBe(200);
  });

  it("uses the operator's per-tenant setting, for each key, from the next request", async () => {
    const t = await createTenant();
    await awayFromWindowEdge();
    const before = await call("GET", "/v1/customers", { key: t.key });
    expect(before.headers.get("ratelimit-limit")).toBe("1200");
    expect(before.headers.get("ratelimit-remaining")).toBe("1199");
    await admin("PATCH", `/admin/tenants/${t.id}`, { settings: { rateLimitPerMinute: 1 } });
    expect((await call("GET", "/v1/customers", { key: t.key })).status).toBe(429);
    const other = await createKey(t.id, ["data:read"]);
    const fresh = await call("GET", "/v1/customers", { key: other.key });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("ratelimit-limit")).toBe("1");
    expect(
      (await admin("PATCH", `/admin/tenants/${t.id}`, { settings: { rateLimitPerMinute: 0 } })).status,
    ).toBe(400);
  });

  it("does not count unauthenticated requests or the public document", async () => {
    const refused = await call("GET", "/v1/customers", { key: `csk_test_${"x".repeat(40)}` });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("ratelimit-limit")).toBeNull();
    expect((await call("GET", "/v1/openapi.json")).status).toBe(200);
  });
});

/** A limiter that counts keys and allows `limit` requests per key. */
function countingLimiter(limit: number) {
  const seen = new Map<string, number>();
  const limiter: RateLimit = {
    limit: async ({ key }) => {
      seen.set(key, (seen.get(key) ?? 0) + 1);
      return { success: (seen.get(key) ?? 0) <= limit };
    },
  };
  return { limiter, seen };
}

/** CONTROL_DB with a count of the statements prepared on it (each is one query). */
function countedControlDb() {
  const counter = { queries: 0 };
  const db = new Proxy(env.CONTROL_DB, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (prop === "prepare") {
        return (query: string) => {
          counter.queries++;
          return target.prepare(query);
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, counter };
}

const randomPart = (n: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => "abcdefghijklmnopqrstuvwxyz"[b % 26]).join("");

describe("per-address rate limit before authentication", () => {
  function appWithIpLimit(limit: number) {
    const { limiter, seen } = countingLimiter(limit);
    const { db, counter } = countedControlDb();
    const app = buildApp();
    const request = (path: string, key: string, ip: string) =>
      app.request(
        path,
        { headers: { authorization: `Bearer ${key}`, "cf-connecting-ip": ip } },
        { ...env, IP_RATE_LIMITER: limiter, CONTROL_DB: db },
      );
    return { request, seen, counter };
  }

  it("answers 429 with Retry-After per client address, before any key lookup, on /v1 and /admin", async () => {
    const t = await createTenant();
    const { request, counter } = appWithIpLimit(2);
    expect((await request("/v1/customers", t.key, "203.0.113.7")).status).toBe(200);
    expect((await request("/admin/tenants", TEST_ADMIN_TOKEN, "203.0.113.7")).status).toBe(200);
    const queriesBefore = counter.queries;
    const refused = await request("/v1/customers", `csk_test_${randomPart(40)}`, "203.0.113.7");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    const body = await json<{ error: { code: string; message: string } }>(refused);
    expect(body.error.code).toBe("rate_limited");
    expect(body.error.message).toMatch(/client address/);
    expect(counter.queries).toBe(queriesBefore); // refused before CONTROL_DB
    expect((await request("/admin/tenants", TEST_ADMIN_TOKEN, "203.0.113.7")).status).toBe(429);
    // Another address has its own budget; a valid key does not bypass the address budget.
    expect((await request("/v1/customers", t.key, "198.51.100.9")).status).toBe(200);
    expect((await request("/v1/customers", t.key, "203.0.113.7")).status).toBe(429);
  });
});

describe("failed key lookups are cached briefly", () => {
  function appCountingQueries() {
    const { db, counter } = countedControlDb();
    const app = buildApp();
    const request = (key: string) =>
      app.request(
        "/v1/customers",
        { headers: { authorization: `Bearer ${key}` } },
        { ...env, CONTROL_DB: db },
      );
    return { request, counter };
  }

  it("a repeated fake key, or fake keys sharing an unknown prefix, query CONTROL_DB once", async () => {
    const { request, counter } = appCountingQueries();
    const prefix = `csk_test_${randomPart(8)}`;
    for (let i = 0; i < 20; i++) {
      expect((await request(`${prefix}${randomPart(32)}`)).status).toBe(401);
    }
    expect(counter.queries).toBe(1);
  });

  it("a wrong secret behind a real key's prefix is cached by hash, and never locks the real key out", async () => {
    const t = await createTenant();
    const { request, counter } = appCountingQueries();
    const wrong = `${t.key.slice(0, 17)}${randomPart(40)}`;
    for (let i = 0; i < 10; i++) expect((await request(wrong)).status).toBe(401);
    expect(counter.queries).toBe(1);
    expect((await request(t.key)).status).toBe(200);
  });
});
