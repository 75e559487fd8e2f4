import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { systemShardDb } from "../../src/db/system-db";
import { forTenant } from "../../src/db/tenant-db";
import { activityQuery } from "../../src/modules/bhi/calculation/repo";
import { createTenant } from "../harness";

const DAY = 86_400_000;

describe("BHI activity aggregate (query plan through the D1 binding)", () => {
  it("walks customers x weeks x one transactions index range each, sorting no transaction", async () => {
    const t = await createTenant();
    const db = systemShardDb(env, t.shard);
    const asOf = Date.UTC(2026, 0, 15, 12);
    const weekStarts = Array.from({ length: 13 }, (_, k) => new Date(asOf - 7 * k * DAY).toISOString());
    const plan = (
      await db.all<{ detail: string }>(
        sql`EXPLAIN QUERY PLAN ${activityQuery({ db: forTenant(db, t.id), tenantId: t.id }, { kind: "all" }, weekStarts)}`,
      )
    ).map((r) => r.detail);
    expect(plan).toContain("SEARCH c USING COVERING INDEX customers_tenant_id_uq (tenant_id=?)");
    expect(plan).toContain(
      "SEARCH t USING INDEX transactions_flow_idx (tenant_id=? AND customer_id=? AND transaction_date>? AND transaction_date<?)",
    );
    // One sort only: the second level's (at most 12 rows per customer), after the weekly pass.
    const sorts = plan.flatMap((d, i) => (d.startsWith("USE TEMP B-TREE") ? [i] : []));
    expect(sorts).toHaveLength(1);
    expect(sorts[0]).toBeGreaterThan(plan.indexOf("SCAN weekly"));
  });
});
