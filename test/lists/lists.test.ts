import { describe, expect, it } from "vitest";
import { MAX_LISTS_PER_TENANT } from "../../src/modules/lists/domain/kinds";
import { call, createKey, createTenant, json } from "../harness";
import { createList, getPage, type ListBody } from "./helpers";

type ErrorBody = { error: { code: string; details?: { path: string; message: string }[] } };

describe("lists CRUD", () => {
  it("creates, reads, renames and archives a list; an archived list stays readable", async () => {
    const t = await createTenant();
    const list = await createList(t, { name: "Grey list", kind: "high_risk_countries", description: "FATF" });
    expect(list).toMatchObject({
      name: "Grey list",
      kind: "high_risk_countries",
      entryType: "country",
      description: "FATF",
      entryCount: 0,
      active: true,
      createdBy: t.keyId,
      archivedAt: null,
    });
    const patched = await call("PATCH", `/v1/lists/${list.listId}`, {
      key: t.key,
      body: { name: "Grey list 2026", description: null },
    });
    expect(patched.status).toBe(200);
    expect((await json<{ list: ListBody }>(patched)).list).toMatchObject({
      name: "Grey list 2026",
      description: null,
    });

    expect((await call("DELETE", `/v1/lists/${list.listId}`, { key: t.key })).status).toBe(200);
    const got = await json<{ list: ListBody }>(await call("GET", `/v1/lists/${list.listId}`, { key: t.key }));
    expect(got.list.active).toBe(false);
    expect(got.list.archivedAt).not.toBeNull();
    expect((await getPage<ListBody>(t, "/v1/lists")).data).toEqual([]);
    const all = await getPage<ListBody>(t, "/v1/lists?includeArchived=true");
    expect(all.data.map((l) => l.listId)).toEqual([list.listId]);

    // Archived: no further change.
    for (const [method, body] of [
      ["DELETE", undefined],
      ["PATCH", { name: "again" }],
    ] as const) {
      const res = await call(method, `/v1/lists/${list.listId}`, { key: t.key, body });
      expect(res.status).toBe(409);
    }
    const entries = await call("POST", `/v1/lists/${list.listId}/entries`, {
      key: t.key,
      body: { entries: [{ value: "GH" }] },
    });
    expect(entries.status).toBe(409);
  });

  it("audits list creation, change and archiving with the API key as actor", async () => {
    const t = await createTenant();
    const list = await createList(t, { name: "Names", kind: "watchlist", entryType: "name" });
    await call("PATCH", `/v1/lists/${list.listId}`, { key: t.key, body: { name: "Names 2" } });
    await call("DELETE", `/v1/lists/${list.listId}`, { key: t.key });
    const log = await getPage<{ action: string; actor: { id: string }; target: { id: string } }>(
      t,
      "/v1/audit-log?limit=500",
    );
    const mine = log.data.filter((e) => e.target.id === list.listId);
    expect(mine.map((e) => e.action).sort()).toEqual(["list.archived", "list.created", "list.updated"]);
    expect(new Set(mine.map((e) => e.actor.id))).toEqual(new Set([t.keyId]));
  });

  it("filters by kind and pages newest first", async () => {
    const t = await createTenant();
    const made: ListBody[] = [];
    for (const [i, kind] of ["watchlist", "allowlist", "watchlist", "watchlist"].entries()) {
      made.push(
        await createList(t, { name: `L${i}`, kind, ...(kind === "watchlist" ? { entryType: "phone" } : {}) }),
      );
    }
    const watch = made.filter((l) => l.kind === "watchlist").reverse();
    const first = await getPage<ListBody>(t, "/v1/lists?kind=watchlist&limit=2");
    expect(first.data.map((l) => l.listId)).toEqual(watch.slice(0, 2).map((l) => l.listId));
    expect(first.pagination).toEqual({
      total: 3,
      limit: 2,
      offset: 0,
      hasMore: true,
      nextCursor: expect.any(String),
    });
    const second = await getPage<ListBody>(t, "/v1/lists?kind=watchlist&limit=2&offset=2");
    expect(second.data.map((l) => l.listId)).toEqual([watch[2].listId]);
    expect(second.pagination.hasMore).toBe(false);
  });

  it.each([
    [{ name: "W", kind: "watchlist" }, "entryType"],
    [{ name: "W", kind: "watchlist", entryType: "country" }, "entryType"],
    [{ name: "A", kind: "allowlist", entryType: "name" }, "entryType"],
    [{ name: "", kind: "watchlist", entryType: "name" }, "name"],
    [{ name: "X", kind: "blocklist" }, "kind"],
    [{ name: "X", kind: "allowlist", tenantId: "other" }, "(body)"],
  ])("refuses %j with a 400 naming %s", async (body, path) => {
    const t = await createTenant();
    const res = await call("POST", "/v1/lists", { key: t.key, body });
    expect(res.status).toBe(400);
    const details = (await json<ErrorBody>(res)).error.details ?? [];
    expect(details.map((d) => d.path)).toContain(path);
    expect((await getPage<ListBody>(t, "/v1/lists?includeArchived=true")).pagination.total).toBe(0);
  });

  it(`holds at most ${MAX_LISTS_PER_TENANT} live lists, even under concurrent creates; archiving frees a place`, async () => {
    const t = await createTenant();
    const body = { name: "cap", kind: "watchlist", entryType: "name" };
    const made = await Promise.all(
      Array.from({ length: MAX_LISTS_PER_TENANT + 5 }, () => call("POST", "/v1/lists", { key: t.key, body })),
    );
    const statuses = made.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_LISTS_PER_TENANT);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    expect((await getPage<ListBody>(t, "/v1/lists")).pagination.total).toBe(MAX_LISTS_PER_TENANT);
    const first = (await json<{ list: ListBody }>(made[statuses.indexOf(201)])).list;
    await call("DELETE", `/v1/lists/${first.listId}`, { key: t.key });
    expect((await call("POST", "/v1/lists", { key: t.key, body })).status).toBe(201);
  });
});

describe("lists across tenants and scopes", () => {
  it("answers 404 for another tenant's list, its entries and its history", async () => {
    const owner = await createTenant({ shard: 0 });
    const other = await createTenant({ shard: 0 });
    const list = await createList(owner, { name: "Mine", kind: "watchlist", entryType: "name" });
    for (const [method, path, body] of [
      ["GET", `/v1/lists/${list.listId}`, undefined],
      ["PATCH", `/v1/lists/${list.listId}`, { name: "stolen" }],
      ["DELETE", `/v1/lists/${list.listId}`, undefined],
      ["GET", `/v1/lists/${list.listId}/entries`, undefined],
      ["POST", `/v1/lists/${list.listId}/entries`, { entries: [{ value: "x" }] }],
      ["GET", `/v1/lists/${list.listId}/history`, undefined],
    ] as const) {
      const res = await call(method, path, { key: other.key, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const mine = await json<{ list: ListBody }>(
      await call("GET", `/v1/lists/${list.listId}`, { key: owner.key }),
    );
    expect(mine.list).toMatchObject({ name: "Mine", active: true, entryCount: 0 });
  });

  it("reads with aml:read, writes with aml:write, and fraud scopes alone are refused", async () => {
    const t = await createTenant();
    const list = await createList(t, { name: "S", kind: "watchlist", entryType: "name" });
    const reader = await createKey(t.id, ["aml:read"]);
    const writer = await createKey(t.id, ["aml:write"]);
    const fraud = await createKey(t.id, ["fraud:read", "fraud:write"]);
    const body = { name: "S2", kind: "watchlist", entryType: "name" };
    expect((await call("GET", `/v1/lists/${list.listId}`, { key: reader.key })).status).toBe(200);
    expect((await call("POST", "/v1/lists", { key: reader.key, body })).status).toBe(403);
    expect((await call("POST", "/v1/lists", { key: writer.key, body })).status).toBe(201);
    expect((await call("GET", "/v1/lists", { key: writer.key })).status).toBe(403);
    expect((await call("GET", "/v1/lists", { key: fraud.key })).status).toBe(403);
    expect((await call("POST", "/v1/lists", { key: fraud.key, body })).status).toBe(403);
  });
});
