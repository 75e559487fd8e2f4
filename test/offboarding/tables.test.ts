import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { tenantTables } from "../../src/db/tenant-table-list";

/** Tables without tenant rows: constants, and the FTS index's own tables (kept by triggers on customers). */
const SHARED = /^(bhi_week_numbers|d1_migrations|customers_search(_\w+)?)$/;

describe("the tenant table list", () => {
  it("holds every table of the migrated shard that has a tenant_id column, and no other", async () => {
    const { results } = await env.SHARD_0.prepare(
      `SELECT m.name AS name, EXISTS (SELECT 1 FROM pragma_table_info(m.name) WHERE name = 'tenant_id') AS tenant
       FROM sqlite_master m
       WHERE m.type = 'table' AND substr(m.name, 1, 4) <> '_cf_' AND substr(m.name, 1, 7) <> 'sqlite_'`,
    ).all<{ name: string; tenant: number }>();
    const withTenant = results.filter((r) => r.tenant === 1).map((r) => r.name);
    const listed = tenantTables().map((t) => t.name);
    // The two shard-local markers (a permit lives inside one batch; a move marker, 0039) are not data.
    expect([...listed, "maintenance_permits", "tenant_bulk_writes"].sort()).toEqual(withTenant.sort());
    expect(results.filter((r) => r.tenant === 0 && !SHARED.test(r.name)).map((r) => r.name)).toEqual([]);
  });
});
