import { describe, expect, it } from "vitest";
import { TEST_ADMIN_TOKEN } from "../constants";
import { admin, call, createTenant, json } from "../harness";

// Read replication through the D1 Sessions API (docs/decisions/read-replication.md). Locally
// there is one database instance and no replica, so these tests prove the plumbing (which
// session each request opens, the bookmark in and out), not replica lag.

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
/** A well-formed bookmark later than any the local database will reach in a test run. */
const FUTURE = `ffffffff-ffffffff-ffffffff-${"f".repeat(32)}`;

interface ErrorBody {
  error: { code: string; details?: Array<{ path: string }> };
}

const bookmarkOf = (res: Response) => {
  const value = res.headers.get("x-d1-bookmark");
  expect(value).toMatch(BOOKMARK);
  return value as string;
};

const newList = (key: string, name: string, headers: Record<string, string> = {}) =>
  call("POST", "/v1/lists", { key, headers, body: { name, kind: "watchlist", entryType: "name" } });

describe("x-d1-bookmark", () => {
  it("a write returns a bookmark, and a read from that bookmark sees the write", async () => {
    const t = await createTenant();
    const created = await newList(t.key, "read-your-writes");
    expect(created.status).toBe(201);
    const { listId } = (await json<{ list: { listId: string } }>(created)).list;
    const written = bookmarkOf(created);

    const read = await call("GET", `/v1/lists/${listId}`, {
      key: t.key,
      headers: { "x-d1-bookmark": written },
    });
    expect(read.status).toBe(200);
    expect((await json<{ list: { name: string } }>(read)).list.name).toBe("read-your-writes");
    expect(bookmarkOf(read) >= written).toBe(true);
  });

  it("a GET without a bookmark still answers one", async () => {
    const t = await createTenant();
    const res = await call("GET", "/v1/lists", { key: t.key });
    expect(res.status).toBe(200);
    bookmarkOf(res);
  });

  it("a GET continues the client's session; a write and a fresh GET start at the primary instead", async () => {
    const t = await createTenant();
    // The session keeps the latest bookmark it saw: a GET started from FUTURE reports FUTURE.
    const read = await call("GET", "/v1/lists", { key: t.key, headers: { "x-d1-bookmark": FUTURE } });
    expect(bookmarkOf(read)).toBe(FUTURE);
    // A write ignores it (first-primary), so it reports the database's own position.
    const write = await newList(t.key, "primary", { "x-d1-bookmark": FUTURE });
    expect(write.status).toBe(201);
    expect(bookmarkOf(write) < FUTURE).toBe(true);
    // So does a GET declared fresh (webhook deliveries are written by the queue consumer).
    const fresh = await call("GET", "/v1/webhooks/deliveries", {
      key: t.key,
      headers: { "x-d1-bookmark": FUTURE },
    });
    expect(fresh.status).toBe(200);
    expect(bookmarkOf(fresh) < FUTURE).toBe(true);
  });

  it("bookmarks grow with each write", async () => {
    const t = await createTenant();
    const seen: string[] = [];
    for (const name of ["one", "two", "three"]) {
      const res = await newList(t.key, name, seen.length ? { "x-d1-bookmark": seen.at(-1) as string } : {});
      expect(res.status).toBe(201);
      seen.push(bookmarkOf(res));
    }
    expect(seen[0] < seen[1] && seen[1] < seen[2]).toBe(true);
  });

  it("a replayed Idempotency-Key answer carries a bookmark at or after the original write", async () => {
    const t = await createTenant();
    const headers = { "idempotency-key": crypto.randomUUID() };
    const first = await newList(t.key, "once", headers);
    const replay = await newList(t.key, "once", headers);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(bookmarkOf(replay) >= bookmarkOf(first)).toBe(true);
  });

  it.each(["garbage", "00000000-00000022-00000000", `ZZZZZZZZ-00000022-00000000-${"0".repeat(32)}`, " "])(
    "refuses the malformed bookmark %j with a 400 naming x-d1-bookmark, and writes nothing",
    async (bad) => {
      const t = await createTenant();
      for (const res of [
        await call("GET", "/v1/lists", { key: t.key, headers: { "x-d1-bookmark": bad } }),
        await newList(t.key, "never", { "x-d1-bookmark": bad }),
      ]) {
        expect(res.status).toBe(400);
        const body = await json<ErrorBody>(res);
        expect(body.error.details?.map((d) => d.path)).toEqual(["x-d1-bookmark"]);
      }
      const lists = await json<{ pagination: { total: number } }>(
        await call("GET", "/v1/lists", { key: t.key }),
      );
      expect(lists.pagination.total).toBe(0);
    },
  );

  it("operator routes run CONTROL_DB in a session too", async () => {
    const t = await createTenant();
    const res = await admin("GET", `/admin/tenants/${t.id}`);
    expect(res.status).toBe(200);
    bookmarkOf(res);
    const bad = await call("GET", `/admin/tenants/${t.id}`, {
      key: TEST_ADMIN_TOKEN,
      headers: { "x-d1-bookmark": "garbage" },
    });
    expect(bad.status).toBe(400);
  });

  it("the document declares the header on every operation and marks fresh reads", async () => {
    const doc = await json<{
      paths: Record<
        string,
        Record<string, { parameters?: Array<{ name: string }>; "x-d1-session"?: string }>
      >;
    }>(await call("GET", "/v1/openapi.json"));
    const operations = Object.values(doc.paths).flatMap((p) => Object.entries(p));
    expect(operations.length).toBeGreaterThan(50);
    for (const [method, op] of operations) {
      expect(op.parameters?.map((p) => p.name)).toContain("x-d1-bookmark");
      expect(op["x-d1-session"]).toEqual(method === "get" ? expect.any(String) : "first-primary");
    }
    expect(doc.paths["/v1/webhooks/deliveries"].get["x-d1-session"]).toBe("first-primary");
    expect(doc.paths["/v1/lists"].get["x-d1-session"]).toBe("first-unconstrained");
  });
});
