import { describe, expect, it } from "vitest";
import { MAX_ENTRIES_PER_LIST, MAX_ENTRIES_PER_REQUEST } from "../../src/modules/lists/domain/kinds";
import { call, createTenant, json, shardRows } from "../harness";
import { addEntries, createList, type EntryBody, getPage, inDays, type ListBody } from "./helpers";

type ErrorBody = { error: { code: string; details?: { path: string; message: string }[] } };

describe("list entries", () => {
  it("stores values normalized and adds a duplicate only once (idempotent)", async () => {
    const t = await createTenant();
    const names = await createList(t, { name: "Names", kind: "watchlist", entryType: "name" });
    const first = await addEntries(t, names.listId, [{ value: "  Kwame   MENSAH " }]);
    expect(first.added.map((e) => [e.value, e.originalValue])).toEqual([
      ["kwame mensah", "  Kwame   MENSAH "],
    ]);
    const again = await addEntries(t, names.listId, [{ value: "kwame mensah" }, { value: "Ama Owusu" }]);
    expect(again.added.map((e) => e.value)).toEqual(["ama owusu"]);
    expect(again.existing.map((e) => e.entryId)).toEqual([first.added[0].entryId]);
    const rows = await shardRows<{ value: string }>(
      t,
      "SELECT value FROM list_entries WHERE list_id = ? ORDER BY value",
      names.listId,
    );
    expect(rows.map((r) => r.value)).toEqual(["ama owusu", "kwame mensah"]);
    const got = await json<{ list: ListBody }>(
      await call("GET", `/v1/lists/${names.listId}`, { key: t.key }),
    );
    expect(got.list.entryCount).toBe(2);

    const phones = await createList(t, { name: "Phones", kind: "watchlist", entryType: "phone" });
    const p = await addEntries(t, phones.listId, [
      { value: "+233 24 123 4567" },
      { value: "00233241234567" },
    ]);
    expect(p.added.map((e) => e.value)).toEqual(["233241234567"]);
    const accounts = await createList(t, {
      name: "Accounts",
      kind: "watchlist",
      entryType: "account_number",
    });
    const a = await addEntries(t, accounts.listId, [{ value: " gb29 nwbk 6016 " }]);
    expect(a.added[0].value).toBe("GB29NWBK6016");
    const countries = await createList(t, { name: "HR", kind: "high_risk_countries" });
    const c = await addEntries(t, countries.listId, [{ value: "ir" }, { value: " KP" }]);
    expect(c.added.map((e) => e.value).sort()).toEqual(["IR", "KP"]);
  });

  it("refuses a batch with a bad entry with 400 naming it, and writes nothing", async () => {
    const t = await createTenant();
    const list = await createList(t, { name: "HR", kind: "high_risk_countries" });
    const res = await call("POST", `/v1/lists/${list.listId}/entries`, {
      key: t.key,
      body: { entries: [{ value: "GH" }, { value: "UK" }, { value: "NG", expiresAt: inDays(3) }] },
    });
    expect(res.status).toBe(400);
    const paths = ((await json<ErrorBody>(res)).error.details ?? []).map((d) => d.path);
    expect(paths).toEqual(["entries.1.value", "entries.2.expiresAt"]);
    expect((await getPage<EntryBody>(t, `/v1/lists/${list.listId}/entries`)).pagination.total).toBe(0);
    const history = await getPage<{ action: string }>(t, `/v1/lists/${list.listId}/history`);
    expect(history.data.map((h) => h.action)).toEqual(["list.created"]);
  });

  it(`adds ${MAX_ENTRIES_PER_REQUEST} entries in one request and refuses one more`, async () => {
    const t = await createTenant();
    const list = await createList(t, { name: "Accounts", kind: "watchlist", entryType: "account_number" });
    const batch = Array.from({ length: MAX_ENTRIES_PER_REQUEST }, (_, i) => ({
      value: `ACC-${i}`,
      note: "x".repeat(100),
    }));
    const result = await addEntries(t, list.listId, batch);
    expect(result.added).toHaveLength(MAX_ENTRIES_PER_REQUEST);
    const history = await getPage<{ action: string }>(t, `/v1/lists/${list.listId}/history?limit=1`);
    expect(history.pagination.total).toBe(MAX_ENTRIES_PER_REQUEST + 1);
    const over = await call("POST", `/v1/lists/${list.listId}/entries`, {
      key: t.key,
      body: { entries: [...batch, { value: "ONE-MORE" }] },
    });
    expect(over.status).toBe(400);
    expect(((await json<ErrorBody>(over)).error.details ?? [])[0].path).toBe("entries");
  });

  it(`refuses a batch that would take the list over ${MAX_ENTRIES_PER_LIST} entries with 409, all or nothing`, async () => {
    const t = await createTenant();
    const list = await createList(t, { name: "Big", kind: "watchlist", entryType: "account_number" });
    const d1 = (await import("cloudflare:workers")).env;
    // Fill to one below the cap directly (the API would need 40 requests).
    const fill = MAX_ENTRIES_PER_LIST - 1;
    await (await import("../../src/db/system-db"))
      .systemShardBinding(d1, t.shard)
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?3)
         INSERT INTO list_entries (id, tenant_id, list_id, value, original_value, created_by, created_at)
         SELECT ?4 || printf('%012x', i), ?1, ?2, 'FILL' || i, 'FILL' || i, 'test', '2026-01-01T00:00:00.000Z' FROM n`,
      )
      .bind(t.id, list.listId, fill, crypto.randomUUID().slice(0, 24))
      .run();
    const two = await call("POST", `/v1/lists/${list.listId}/entries`, {
      key: t.key,
      body: { entries: [{ value: "NEW-1" }, { value: "NEW-2" }] },
    });
    expect(two.status).toBe(409);
    const got = await json<{ list: ListBody }>(await call("GET", `/v1/lists/${list.listId}`, { key: t.key }));
    expect(got.list.entryCount).toBe(fill);
    // A duplicate does not count against the cap; one new value still fits.
    const fits = await addEntries(t, list.listId, [{ value: "FILL1" }, { value: "NEW-1" }]);
    expect(fits.added.map((e) => e.value)).toEqual(["NEW-1"]);
    expect(fits.existing.map((e) => e.value)).toEqual(["FILL1"]);
  });

  it("searches by normalized prefix, in value order, paginated", async () => {
    const t = await createTenant();
    const list = await createList(t, { name: "Names", kind: "watchlist", entryType: "name" });
    await addEntries(
      t,
      list.listId,
      ["Kofi Annan", "Kwame Mensah", "Kwabena Boateng", "Ama Owusu"].map((value) => ({ value })),
    );
    const kw = await getPage<EntryBody>(
      t,
      `/v1/lists/${list.listId}/entries?prefix=${encodeURIComponent("KW")}&limit=1`,
    );
    expect(kw.data.map((e) => e.value)).toEqual(["kwabena boateng"]);
    expect(kw.pagination).toEqual({
      total: 2,
      limit: 1,
      offset: 0,
      hasMore: true,
      nextCursor: expect.any(String),
    });
    const next = await getPage<EntryBody>(t, `/v1/lists/${list.listId}/entries?prefix=kw&limit=1&offset=1`);
    expect(next.data.map((e) => e.value)).toEqual(["kwame mensah"]);
    const all = await getPage<EntryBody>(t, `/v1/lists/${list.listId}/entries`);
    expect(all.data.map((e) => e.value)).toEqual([
      "ama owusu",
      "kofi annan",
      "kwabena boateng",
      "kwame mensah",
    ]);
  });

  it("removes an entry (then 404), and refuses another list's entry", async () => {
    const t = await createTenant();
    const a = await createList(t, { name: "A", kind: "watchlist", entryType: "name" });
    const b = await createList(t, { name: "B", kind: "watchlist", entryType: "name" });
    const [entry] = (await addEntries(t, a.listId, [{ value: "Kwame" }])).added;
    expect(
      (await call("DELETE", `/v1/lists/${b.listId}/entries/${entry.entryId}`, { key: t.key })).status,
    ).toBe(404);
    expect(
      (await call("DELETE", `/v1/lists/${a.listId}/entries/${entry.entryId}`, { key: t.key })).status,
    ).toBe(200);
    expect(
      (await call("DELETE", `/v1/lists/${a.listId}/entries/${entry.entryId}`, { key: t.key })).status,
    ).toBe(404);
    expect((await getPage<EntryBody>(t, `/v1/lists/${a.listId}/entries`)).data).toEqual([]);
    // Re-adding after removal makes a new entry.
    const [again] = (await addEntries(t, a.listId, [{ value: "kwame" }])).added;
    expect(again.entryId).not.toBe(entry.entryId);
  });

  it("takes allowlist entries naming an entity, with an expiry", async () => {
    const t = await createTenant();
    const list = await createList(t, { name: "Cleared", kind: "allowlist" });
    expect(list.entryType).toBe("entity");
    const expiresAt = inDays(30);
    const res = await addEntries(t, list.listId, [
      { entityType: "customer", entityId: "c-1", ruleId: "velocity_burst", expiresAt },
      { entityType: "customer", entityId: "c-1", ruleId: null, expiresAt },
    ]);
    expect(res.added.map((e) => [e.value, e.ruleId, e.expired]).sort()).toEqual([
      ["customer:c-1:*", null, false],
      ["customer:c-1:velocity_burst", "velocity_burst", false],
    ]);
    const bad = await call("POST", `/v1/lists/${list.listId}/entries`, {
      key: t.key,
      body: { entries: [{ entityType: "agent", entityId: "g-1" }, { value: "Kwame" }] },
    });
    expect(bad.status).toBe(400);
    const paths = ((await json<ErrorBody>(bad)).error.details ?? []).map((d) => d.path);
    expect(paths).toEqual([
      "entries.0.expiresAt",
      "entries.1.value",
      "entries.1.entityType",
      "entries.1.entityId",
      "entries.1.expiresAt",
    ]);
  });
});
