import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { systemShardBinding } from "../../src/db/system-db";
import { call, createKey, createTenant } from "../harness";
import { addEntries, createList, getPage } from "./helpers";

interface History {
  historyId: string;
  action: string;
  actor: { type: string; id: string };
  entryId: string | null;
  value: string | null;
  details: Record<string, unknown> | null;
}

describe("list history", () => {
  it("records who did what, newest first: list changes and every entry added or removed", async () => {
    const t = await createTenant();
    const other = await createKey(t.id, ["aml:write", "aml:read"]);
    const list = await createList(t, { name: "Names", kind: "watchlist", entryType: "name" });
    const { added } = await addEntries(t, list.listId, [{ value: "Kwame Mensah", note: "press" }]);
    await call("POST", `/v1/lists/${list.listId}/entries`, {
      key: t.key,
      body: { entries: [{ value: "kwame mensah" }] },
    });
    await call("DELETE", `/v1/lists/${list.listId}/entries/${added[0].entryId}`, { key: other.key });
    await call("PATCH", `/v1/lists/${list.listId}`, { key: other.key, body: { name: "Names 2" } });
    await call("DELETE", `/v1/lists/${list.listId}`, { key: t.key });

    const page = await getPage<History>(t, `/v1/lists/${list.listId}/history`);
    // The idempotent re-add wrote no row.
    expect(page.data.map((h) => [h.action, h.actor.id])).toEqual([
      ["list.archived", t.keyId],
      ["list.updated", other.id],
      ["entry.removed", other.id],
      ["entry.added", t.keyId],
      ["list.created", t.keyId],
    ]);
    const removed = page.data[2];
    expect(removed).toMatchObject({ entryId: added[0].entryId, value: "kwame mensah" });
    expect(removed.details).toMatchObject({ originalValue: "Kwame Mensah", note: "press" });
    expect(page.data[1].details).toMatchObject({ before: { name: "Names" }, after: { name: "Names 2" } });

    const second = await getPage<History>(t, `/v1/lists/${list.listId}/history?limit=2&offset=2`);
    expect(second.data.map((h) => h.historyId)).toEqual(page.data.slice(2, 4).map((h) => h.historyId));
    expect(second.pagination).toEqual({
      total: 5,
      limit: 2,
      offset: 2,
      hasMore: true,
      nextCursor: expect.any(String),
    });
  });

  it("is append-only: a raw UPDATE or DELETE of a history row fails", async () => {
    const t = await createTenant();
    const list = await createList(t, { name: "Names", kind: "watchlist", entryType: "name" });
    const d1 = systemShardBinding(env, t.shard);
    await expect(
      d1
        .prepare("UPDATE list_history SET actor_id = 'someone-else' WHERE list_id = ?")
        .bind(list.listId)
        .run(),
    ).rejects.toThrow(/append-only/);
    await expect(
      d1.prepare("DELETE FROM list_history WHERE list_id = ?").bind(list.listId).run(),
    ).rejects.toThrow(/append-only/);
    const page = await getPage<History>(t, `/v1/lists/${list.listId}/history`);
    expect(page.data.map((h) => [h.action, h.actor.id])).toEqual([["list.created", t.keyId]]);
  });
});
