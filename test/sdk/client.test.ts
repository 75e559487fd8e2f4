import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ApiError, createClient, type FetchLike, ok, paginate } from "../../sdk/src/index";
import { createTenant, insertCustomer, shardRows } from "../harness";

const BASE = "http://localhost";
const toWorker: FetchLike = (r) => SELF.fetch(r);

/** A client whose requests are all recorded; `script` can answer or fail an attempt instead of the Worker. */
function recordingClient(
  key: string,
  script: (attempt: number, r: Request) => Promise<Response | null> | null = () => null,
) {
  const seen: Request[] = [];
  const waits: number[] = [];
  const api = createClient({
    baseUrl: BASE,
    apiKey: key,
    fetch: async (r) => {
      seen.push(r.clone());
      return (await script(seen.length, r)) ?? toWorker(r);
    },
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { api, seen, waits };
}

const subscriptionBody = { url: "https://hooks.example.com/credit", eventTypes: ["*" as const] };

describe("SDK client: retries and Idempotency-Key", () => {
  it("a POST whose answer is lost is retried under the same key and does the work once", async () => {
    const t = await createTenant();
    // Attempt 1 reaches the Worker (the subscription is created) but the answer is lost.
    const { api, seen, waits } = recordingClient(t.key, async (attempt, r) => {
      if (attempt > 1) return null;
      await toWorker(r);
      throw new TypeError("network connection lost");
    });
    const { data, response } = await api.POST("/v1/webhooks/subscriptions", { body: subscriptionBody });
    expect(response.status).toBe(201);
    expect(response.headers.get("idempotent-replayed")).toBe("true");

    const keys = seen.map((r) => r.headers.get("idempotency-key"));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(waits).toHaveLength(1);
    const rows = await shardRows<{ id: string }>(
      t,
      "SELECT id FROM webhook_subscriptions WHERE tenant_id = ?",
      t.id,
    );
    expect(rows.map((r) => r.id)).toEqual([data!.subscription.id]);
  });

  it("two logical POSTs get two keys (two subscriptions)", async () => {
    const t = await createTenant();
    const { api, seen } = recordingClient(t.key);
    await ok(api.POST("/v1/webhooks/subscriptions", { body: subscriptionBody }));
    await ok(api.POST("/v1/webhooks/subscriptions", { body: subscriptionBody }));
    const [a, b] = seen.map((r) => r.headers.get("idempotency-key"));
    expect(a).not.toBe(b);
  });

  it("waits Retry-After on 429, and surfaces the 429 as ApiError once retries run out", async () => {
    const t = await createTenant();
    const limited = () =>
      new Response(
        JSON.stringify({
          success: false,
          error: { code: "rate_limited", message: "slow down" },
          requestId: "r1",
        }),
        {
          status: 429,
          headers: { "retry-after": "7", "content-type": "application/json" },
        },
      );
    const once = recordingClient(t.key, async (attempt) => (attempt === 1 ? limited() : null));
    const list = await ok(once.api.GET("/v1/customers"));
    expect(list.data).toEqual([]);
    expect(once.waits).toEqual([7000]);

    const always = recordingClient(t.key, async () => limited());
    const error = await always.api.GET("/v1/customers").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: "rate_limited", retryAfter: 7, requestId: "r1" });
    expect(always.seen).toHaveLength(4); // the first try and 3 retries
  });

  it("retries a 409 idempotency_key_in_use (its first attempt still running) under the same key", async () => {
    const t = await createTenant();
    const inUse = () =>
      Response.json(
        { success: false, error: { code: "idempotency_key_in_use", message: "in flight" }, requestId: "r2" },
        { status: 409 },
      );
    const { api, seen, waits } = recordingClient(t.key, async (attempt) => (attempt === 1 ? inUse() : null));
    const { response } = await api.POST("/v1/webhooks/subscriptions", { body: subscriptionBody });
    expect(response.status).toBe(201);
    expect(seen).toHaveLength(2);
    expect(seen[1].headers.get("idempotency-key")).toBe(seen[0].headers.get("idempotency-key"));
    expect(waits).toHaveLength(1);
  });

  it("does not retry a PATCH after a network error (it has no idempotency key)", async () => {
    const t = await createTenant();
    const { api, seen } = recordingClient(t.key, async () => {
      throw new TypeError("offline");
    });
    const failed = api.PATCH("/v1/webhooks/subscriptions/{id}", {
      params: { path: { id: crypto.randomUUID() } },
      body: { description: "x" },
    });
    await expect(failed).rejects.toThrow("offline");
    expect(seen).toHaveLength(1);
  });

  it("sends back the last x-d1-bookmark it saw", async () => {
    const t = await createTenant();
    let returned: string | null = null;
    const { api, seen } = recordingClient(t.key, async (attempt, r) => {
      if (attempt !== 1) return null;
      const res = await toWorker(r);
      returned = res.headers.get("x-d1-bookmark");
      return res;
    });
    await ok(api.GET("/v1/customers"));
    await ok(api.GET("/v1/customers"));
    expect(returned).toMatch(/^[0-9a-f]{8}-/);
    expect(seen[0].headers.get("x-d1-bookmark")).toBeNull();
    expect(seen[1].headers.get("x-d1-bookmark")).toBe(returned);
  });
});

describe("SDK client: errors", () => {
  it("a 400 from the Worker is an ApiError naming the bad field, with the request id", async () => {
    const t = await createTenant();
    const api = createClient({ baseUrl: BASE, apiKey: t.key, fetch: toWorker });
    const error = await api
      .POST("/v1/webhooks/subscriptions", { body: { url: "not a url", eventTypes: ["*" as const] } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect(e.status).toBe(400);
    expect(e.code).toBe("bad_request");
    expect(e.details.map((d) => d.path)).toContain("url");
    expect(e.requestId).toMatch(/.+/);
  });

  it("a wrong key is 401 unauthorized; another tenant's object is 404 not_found", async () => {
    const [a, b] = [await createTenant(), await createTenant()];
    const bad = createClient({ baseUrl: BASE, apiKey: `${a.key}x`, fetch: toWorker });
    await expect(bad.GET("/v1/customers")).rejects.toMatchObject({ status: 401, code: "unauthorized" });
    const theirs = await insertCustomer(b);
    const api = createClient({ baseUrl: BASE, apiKey: a.key, fetch: toWorker });
    await expect(
      api.GET("/v1/customers/{customerId}", { params: { path: { customerId: theirs.id! } } }),
    ).rejects.toMatchObject({ status: 404, code: "not_found" });
  });
});

describe("SDK paginate", () => {
  it("walks every customer of the Worker by its nextCursor", async () => {
    const t = await createTenant();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await insertCustomer(t, { name: `Page customer ${i}` }));
    const { api, seen } = recordingClient(t.key);
    const ids: string[] = [];
    for await (const c of paginate((page) => ok(api.GET("/v1/customers", { params: { query: page } })), {
      limit: 2,
    })) {
      ids.push(c.id);
    }
    expect(ids.sort()).toEqual(made.map((c) => c.id!).sort());
    const asked = seen.map((r) => new URL(r.url).searchParams);
    expect(asked.map((q) => q.get("cursor") !== null)).toEqual([false, true, true]);
    expect(asked.map((q) => q.get("offset"))).toEqual([null, null, null]);
  });

  it("walks by offset when an answer carries no nextCursor (older servers)", async () => {
    const t = await createTenant();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await insertCustomer(t, { name: `Offset customer ${i}` }));
    const { api, seen } = recordingClient(t.key, async (_attempt, r) => {
      const res = await toWorker(r);
      const body = (await res.json()) as { pagination: { nextCursor?: string | null } };
      delete body.pagination.nextCursor;
      return Response.json(body, { status: res.status });
    });
    const ids: string[] = [];
    for await (const c of paginate((page) => ok(api.GET("/v1/customers", { params: { query: page } })), {
      limit: 2,
    })) {
      ids.push(c.id);
    }
    expect(ids.sort()).toEqual(made.map((c) => c.id!).sort());
    expect(seen.map((r) => new URL(r.url).searchParams.get("offset"))).toEqual([null, "2", "4"]);
  });

  it("follows nextCursor when the answer carries one, and stops on null", async () => {
    const pages: Record<
      string,
      { data: number[]; pagination: { limit: number; hasMore: boolean; nextCursor: string | null } }
    > = {
      start: { data: [1, 2], pagination: { limit: 2, hasMore: true, nextCursor: "c2" } },
      c2: { data: [3, 4], pagination: { limit: 2, hasMore: true, nextCursor: "c3" } },
      c3: { data: [5], pagination: { limit: 2, hasMore: false, nextCursor: null } },
    };
    const asked: (string | undefined)[] = [];
    const items: number[] = [];
    for await (const n of paginate(
      async (page) => {
        asked.push(page.cursor);
        expect(page.offset).toBeUndefined();
        return pages[page.cursor ?? "start"];
      },
      { limit: 2 },
    )) {
      items.push(n);
    }
    expect(items).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([undefined, "c2", "c3"]);
  });
});
