import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TenantScope } from "./client";
import { recordingD1, scopeOn } from "./recording-d1";
import { customers, events } from "./shard";
import { type Placeholders, rawTemplate, statementTemplate } from "./statement-template";
import { drizzleShard } from "./system-db";
import { tenantSql } from "./tenant-tables";

const byName = statementTemplate(
  (db, withType: boolean, p: Placeholders<{ name: string; type: string | null }>) =>
    db
      .select({ id: customers.id, name: customers.name })
      .from(customers, eq(customers.name, p.name), withType ? eq(customers.type, p.type) : undefined),
);

describe("statementTemplate", () => {
  it("binds each execution's own tenant and values to the text built once", async () => {
    const { binding, sent } = recordingD1([["c-1", "Ama"]]);
    const first = await byName(scopeOn(binding, "t-1"), false, { name: "Ama", type: null });
    await byName(scopeOn(binding, "t-2"), false, { name: "Kofi", type: null });
    expect(first).toEqual([{ id: "c-1", name: "Ama" }]);
    expect(sent).toHaveLength(2);
    expect(sent[0].text).toBe(sent[1].text);
    expect(sent[0].text).toMatch(/where \("customers"."tenant_id" = \? and "customers"."name" = \?\)$/);
    expect(sent.map((s) => s.values)).toEqual([
      ["t-1", "Ama"],
      ["t-2", "Kofi"],
    ]);
  });

  it("the same statements as the builder the template was written with", () => {
    const { binding } = recordingD1();
    const scope = scopeOn(binding, "t-1");
    const built = scope.db
      .select({ id: customers.id, name: customers.name })
      .from(customers, eq(customers.name, "Ama"), eq(customers.type, "sme"))
      .toSQL();
    expect(byName(scope, true, { name: "Ama", type: "sme" }).toSQL()).toEqual(built);
  });

  it("keeps one text per shape", () => {
    const { binding } = recordingD1();
    const scope = scopeOn(binding, "t-1");
    const plain = byName(scope, false, { name: "Ama", type: "sme" }).toSQL();
    const typed = byName(scope, true, { name: "Ama", type: "sme" }).toSQL();
    expect(plain.sql).not.toContain('"type"');
    expect(typed.sql).toContain('"customers"."type" = ?');
    expect(typed.params).toEqual(["t-1", "Ama", "sme"]);
  });

  it("goes into a batch with builder statements, each with its tenant", async () => {
    const { binding, sent } = recordingD1();
    const scope = scopeOn(binding, "t-9");
    await scope.db.batch([
      byName(scope, false, { name: "Ama", type: null }),
      scope.db.select({ id: events.id }).from(events, eq(events.type, "x")),
    ]);
    expect(sent.map((s) => s.values)).toEqual([
      ["t-9", "Ama"],
      ["t-9", "x"],
    ]);
  });

  it("refuses a prepared statement that is not a template (no tenant placeholder to fill)", () => {
    const { binding } = recordingD1();
    const scope = scopeOn(binding, "t-1");
    const raw = drizzleShard(binding)
      .select({ id: customers.id })
      .from(customers)
      .where(sql`1 = 1`)
      .prepare();
    expect(() => scope.db.fromTemplate(raw, {})).toThrow(/not a tenant statement template/);
  });
});

/** A raw read as the repositories write them: the tenant from the scope, an optional condition. */
const rawByName = (scope: TenantScope, withType: boolean, name: unknown, type: unknown) =>
  sql`SELECT c.id AS id, c.name AS name FROM customers c WHERE ${tenantSql(scope, "c")} AND c.name = ${name}${
    withType ? sql` AND c.type = ${type}` : sql``
  }`;
const rawTemplated = rawTemplate<
  boolean,
  { name: string; type: string | null },
  { id: string; name: string }
>((scope, withType, p) => rawByName(scope, withType, p.name, p.type));

describe("rawTemplate", () => {
  it("binds each execution's own tenant and values; its text is the directly built statement's", async () => {
    const { binding, sent } = recordingD1([], [{ id: "c-1", name: "Ama" }]);
    const one = scopeOn(binding, "t-1");
    const two = scopeOn(binding, "t-2");
    for (const withType of [false, true]) {
      const { sql: text, params } = one.db.all(rawByName(one, withType, "Ama", "sme")).getQuery();
      expect(rawTemplated(one, withType, { name: "Ama", type: "sme" }).toSQL()).toEqual({
        sql: text,
        params,
      });
    }
    expect(await rawTemplated(one, false, { name: "Ama", type: null })).toEqual([{ id: "c-1", name: "Ama" }]);
    await rawTemplated(two, true, { name: "Kofi", type: "sme" });
    expect(sent.map((s) => s.values)).toEqual([
      ["t-1", "Ama"],
      ["t-2", "Kofi", "sme"],
    ]);
    expect(sent[0].text).toMatch(/WHERE "c".tenant_id = \? AND c.name = \?$/);
  });

  it("goes into a batch with builder statements and templates, rows as objects as TenantDb.all's", async () => {
    const { binding, sent } = recordingD1([], [{ id: "c-1", name: "Ama" }]);
    const scope = scopeOn(binding, "t-9");
    const [raw, built, direct] = await scope.db.batch([
      rawTemplated(scope, true, { name: "Ama", type: "sme" }),
      byName(scope, false, { name: "Kofi", type: null }),
      scope.db.all(rawByName(scope, false, "Esi", null)),
    ]);
    expect(raw).toEqual([{ id: "c-1", name: "Ama" }]);
    expect(built).toEqual([{ id: "c-1", name: "Ama" }]);
    expect(direct).toEqual(raw);
    expect(sent.map((s) => s.values)).toEqual([
      ["t-9", "Ama", "sme"],
      ["t-9", "Kofi"],
      ["t-9", "Esi"],
    ]);
  });

  it("refuses a statement without the scope's tenant predicate, as TenantDb.all does", () => {
    const { binding } = recordingD1();
    const scope = scopeOn(binding, "t-1");
    const unscoped = rawTemplate<null, { name: string }, unknown>(
      (_scope, _shape, p) => sql`SELECT id FROM customers WHERE name = ${p.name}`,
    );
    expect(() => unscoped(scope, null, { name: "Ama" })).toThrow(/without the tenant predicate/);
    // Another scope's predicate (a real tenant's) is not the template's tenant either.
    const other = rawTemplate<null, { name: string }, unknown>(
      (_scope, _shape, p) =>
        sql`SELECT id FROM customers c WHERE ${tenantSql(scope, "c")} AND c.name = ${p.name}`,
    );
    expect(() => other(scope, null, { name: "Ama" })).toThrow(/without the tenant predicate/);
    expect(() => scope.db.fromRawTemplate({ query: { sql: "SELECT 1", params: [] } }, {})).toThrow(
      /not a tenant statement template/,
    );
  });
});
