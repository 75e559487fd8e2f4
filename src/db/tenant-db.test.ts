import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customers, events } from "./shard";
import { drizzleShard } from "./system-db";
import { forTenant } from "./tenant-db";
import { tenantSql, tenantValue } from "./tenant-tables";

// Statements are only built (toSQL / the refusal happens before D1), so no binding is needed.
const db = forTenant(drizzleShard({} as D1Database), "t-1");

describe("TenantDb", () => {
  it("adds the tenant to a select's WHERE, and to a joined table's ON", () => {
    const q = db.select({ id: customers.id }).from(customers, eq(customers.id, "c-1")).toSQL();
    expect(q.sql).toMatch(/where \("customers"."tenant_id" = \? and "customers"."id" = \?\)/);
    expect(q.params).toEqual(["t-1", "c-1"]);
    const joined = db
      .select({ id: customers.id })
      .from(customers)
      .innerJoin(events, db.on(events, eq(events.id, customers.id)))
      .toSQL();
    expect(joined.sql).toContain('on ("events"."tenant_id" = ? and "events"."id" = "customers"."id")');
    expect(joined.params).toEqual(["t-1", "t-1"]);
  });

  it("ANDs the tenant into updates and deletes, and never moves a row to another tenant", () => {
    const update = db
      .update(customers)
      .set({ name: "n", tenantId: "t-2" })
      .where(eq(customers.id, "c"))
      .toSQL();
    expect(update.sql).toBe(
      'update "customers" set "name" = ? where ("customers"."tenant_id" = ? and "customers"."id" = ?)',
    );
    expect(update.params).toEqual(["n", "t-1", "c"]);
    const del = db.delete(events).where().toSQL();
    expect(del.sql).toBe('delete from "events" where "events"."tenant_id" = ?');
  });

  it("fills the tenant on insert, whatever the row says", () => {
    const row = { id: "e", tenantId: "t-2", type: "x", data: {}, createdAt: "now" };
    const q = db.insert(events).values(row).toSQL();
    expect(q.params).toContain("t-1");
    expect(q.params).not.toContain("t-2");
  });

  it("refuses raw SQL without this tenant's predicate, before anything reaches D1", () => {
    expect(() => db.all(sql`SELECT * FROM customers`)).toThrow(/tenant predicate/);
    expect(() => db.all(sql`SELECT * FROM customers WHERE tenant_id = ${"t-1"}`)).toThrow(/tenant predicate/);
    expect(() => db.all(sql`SELECT * FROM customers WHERE ${tenantSql({ tenantId: "t-2" })}`)).toThrow();
    expect(() => db.all(sql`SELECT * FROM customers WHERE ${tenantSql(db)}`)).not.toThrow();
    expect(() => db.run(sql`INSERT INTO x SELECT ${tenantValue(db)}`)).not.toThrow();
    expect(() => db.select().fromSql(sql`json_each(${"[]"})`)).toThrow(/tenant predicate/);
  });
});
