import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { changesAfter, moveLogTriggers, unwatchTenant, watchTenant } from "../../src/db/move-log";
import { readPage } from "../../src/db/tenant-rows";
import { TENANT_TABLES, tenantTable } from "../../src/db/tenant-table-list";
import { call, createTenant } from "../harness";
import { customer } from "../ingest/helpers";

const shard0 = () => (env as unknown as Record<string, D1Database>).SHARD_0;

describe("the change log of a tenant being moved (shard migration 0044)", () => {
  it("has its three triggers, as moveLogTriggers writes them, on every tenant table", async () => {
    const { results } = await shard0()
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'move_log_%'")
      .all<{ name: string; sql: string }>();
    const stored = new Map(results.map((r) => [r.name, `${r.sql};`]));
    for (const table of TENANT_TABLES) {
      for (const expected of moveLogTriggers(tenantTable(table))) {
        const name = /CREATE TRIGGER "([^"]+)"/.exec(expected)![1]!;
        expect(stored.get(name), `${table}: ${name}`).toBe(expected);
      }
    }
    expect(stored.size).toBe(TENANT_TABLES.length * 3);
  });

  it("logs the keys a watched tenant's writes touch, in the pager's key format, and nothing of others", async () => {
    const watched = await createTenant({ name: "Watched", shard: 0 });
    const other = await createTenant({ name: "Not watched", shard: 0 });
    const db = shard0();
    const from = await watchTenant(db, watched.id, new Date().toISOString());
    for (const t of [watched, other]) {
      const res = await call("POST", "/v1/ingest/customers", {
        key: t.key,
        body: [customer(1), customer(2)],
      });
      expect(res.status).toBe(200);
    }
    const customers = await readPage(
      db,
      { name: "customers", key: ["id"] },
      watched.id,
      { after: null, limit: 10 },
      "key",
    );
    expect(customers.keys).toHaveLength(2);
    const logged = await changesAfter(db, watched.id, from, 1_000);
    const customerKeys = logged.filter((c) => c.table === "customers").map((c) => c.key);
    expect(new Set(customerKeys)).toEqual(new Set(customers.keys));
    // Derived rows are logged too (the row counts the customer inserts keep).
    expect(logged.some((c) => c.table === "data_row_counts")).toBe(true);
    expect(logged.map((c) => c.seq)).toEqual([...logged.map((c) => c.seq)].sort((a, b) => a - b));
    expect(await changesAfter(db, other.id, 0, 10)).toEqual([]);

    // A delete logs the row's key; once unwatched, nothing more is logged.
    const last = logged[logged.length - 1]!.seq;
    const gone = JSON.parse(customers.keys[0]!)[0] as string;
    await db.prepare("DELETE FROM customers WHERE tenant_id = ?1 AND id = ?2").bind(watched.id, gone).run();
    const afterDelete = await changesAfter(db, watched.id, last, 10);
    expect(afterDelete.filter((c) => c.table === "customers").map((c) => c.key)).toEqual([customers.keys[0]]);
    await unwatchTenant(db, watched.id).run();
    const res = await call("POST", "/v1/ingest/customers", { key: watched.key, body: [customer(3)] });
    expect(res.status).toBe(200);
    expect(await changesAfter(db, watched.id, afterDelete[afterDelete.length - 1]!.seq, 10)).toEqual([]);
  });
});
