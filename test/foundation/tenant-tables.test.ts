import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SHARD_LOCAL_TENANT_TABLES, TENANT_TABLES, tenantTable } from "../../src/db/tenant-table-list";

/** Tables without tenant rows: constants, and the FTS index's own tables (kept by triggers on customers). */
const SHARED = /^(bhi_week_numbers|d1_migrations|customers_search(_\w+)?)$/;

const shardTables = async () => {
  const { results } = await env.SHARD_0.prepare(
    `SELECT m.name AS name, EXISTS (SELECT 1 FROM pragma_table_info(m.name) WHERE name = 'tenant_id') AS tenant
     FROM sqlite_master m
     WHERE m.type = 'table' AND substr(m.name, 1, 4) <> '_cf_' AND substr(m.name, 1, 7) <> 'sqlite_'
     ORDER BY m.name`,
  ).all<{ name: string; tenant: number }>();
  return results;
};

describe("the tenant table list (src/db/tenant-table-list.ts) against a migrated shard", () => {
  it("holds every table that has a tenant_id column, each once, and no other", async () => {
    const tables = await shardTables();
    const withTenant = tables.filter((r) => r.tenant === 1).map((r) => r.name);
    const listed = [...TENANT_TABLES, ...SHARD_LOCAL_TENANT_TABLES];
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(withTenant);
    expect(tables.filter((r) => r.tenant === 0 && !SHARED.test(r.name)).map((r) => r.name)).toEqual([]);
  });

  it("lists parents before the children whose foreign keys name them", async () => {
    for (const child of TENANT_TABLES) {
      const { results } = await env.SHARD_0.prepare(
        `SELECT "table" AS parent FROM pragma_foreign_key_list(?1)`,
      )
        .bind(child)
        .all<{ parent: string }>();
      for (const { parent } of results) {
        expect(TENANT_TABLES.indexOf(parent as never), `${parent} before ${child}`).toBeLessThan(
          TENANT_TABLES.indexOf(child),
        );
      }
    }
  });

  it("pages each table by its primary key: the Drizzle mirror's key is the database's", async () => {
    for (const name of [...TENANT_TABLES, "customer_search_tenants" as const]) {
      const { results } = await env.SHARD_0.prepare(
        "SELECT name FROM pragma_table_info(?1) WHERE pk > 0 ORDER BY pk",
      )
        .bind(name)
        .all<{ name: string }>();
      expect(tenantTable(name).key, name).toEqual(results.map((r) => r.name));
    }
  });
});
