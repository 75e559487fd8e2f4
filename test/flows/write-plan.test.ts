import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { systemShardDb } from "../../src/db/system-db";
import { forTenant } from "../../src/db/tenant-db";
import { writeFlowStatements } from "../../src/modules/data/flows/repo";
import { createTenant } from "../harness";

describe("writing flows (query plan through the D1 binding)", () => {
  it("looks each written id up by primary key instead of walking the tenant's transactions", async () => {
    // Walking the tenant's rows and scanning the pairs for each made an ingest page's write grow
    // with the tenant: 1,000 pairs over 56,000 transactions took 105 s (npm start's seed).
    const t = await createTenant();
    const db = systemShardDb(env, t.shard);
    const pairs: [string, string][] = Array.from({ length: 3 }, (_, i) => [`tx-${i}`, "revenue"]);
    const [statement] = writeFlowStatements({ db: forTenant(db, t.id), tenantId: t.id }, pairs);
    const plan = (await db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${statement}`)).map(
      (r) => r.detail,
    );
    expect(plan[0]).toMatch(/^SCAN j VIRTUAL TABLE/);
    expect(plan).toContain("SEARCH transactions USING INDEX sqlite_autoindex_transactions_1 (id=?)");
    expect(plan.some((d) => d.includes("(tenant_id=?)"))).toBe(false);
  });
});
