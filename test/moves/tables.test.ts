import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SHARD_LOCAL_TENANT_TABLES, TENANT_TABLES } from "../../src/db/tenant-tables";

describe("the tenant tables a move copies", () => {
  it("are every table of a migrated shard that has a tenant_id column, each listed once", async () => {
    const { results } = await env.SHARD_0.prepare(
      `SELECT m.name FROM sqlite_master m
       WHERE m.type = 'table' AND substr(m.name, 1, 4) <> '_cf_' AND m.name NOT LIKE 'sqlite%'
         AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) c WHERE c.name = 'tenant_id')
       ORDER BY m.name`,
    ).all<{ name: string }>();
    const withTenant = results.map((r) => r.name);
    const listed = [...TENANT_TABLES, ...SHARD_LOCAL_TENANT_TABLES];
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(withTenant);
  });

  it("list parents before the children whose foreign keys name them", async () => {
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
});
