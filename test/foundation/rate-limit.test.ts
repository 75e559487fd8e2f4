import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { TEST_ADMIN_TOKEN } from "../constants";
import { createTenant, json } from "../harness";

/** The app over the real bindings, with the rate limiter swapped for one that counts keys. */
function appWithLimit(limit: number) {
  const seen = new Map<string, number>();
  const limiter: RateLimit = {
    limit: async ({ key }) => {
      seen.set(key, (seen.get(key) ?? 0) + 1);
      return { success: (seen.get(key) ?? 0) <= limit };
    },
  };
  const app = buildApp();
  return (path: string, key: string) =>
    app.request(path, { headers: { authorization: `Bearer ${key}` } }, { ...env, API_RATE_LIMITER: limiter });
}

describe("per-key rate limit", () => {
  it("answers 429 rate_limited with Retry-After once a key's budget is spent, per key", async () => {
    const a = await createTenant();
    const b = await createTenant();
    const request = appWithLimit(2);
    expect((await request("/v1/customers", a.key)).status).toBe(200);
    expect((await request("/v1/customers", a.key)).status).toBe(200);
    const refused = await request("/v1/customers", a.key);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect((await json<{ error: { code: string } }>(refused)).error.code).toBe("rate_limited");
    // Another key has its own budget.
    expect((await request("/v1/customers", b.key)).status).toBe(200);
  });

  it("does not count unauthenticated requests or the public document", async () => {
    const request = appWithLimit(0);
    expect((await request("/v1/customers", `csk_test_${"x".repeat(40)}`)).status).toBe(401);
    expect((await request("/v1/openapi.json", "")).status).toBe(200);
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
