import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
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
