import type { SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { featurePage, storedGroupsOf } from "../../src/modules/data/peers/repo";
import { planOf, recording, scoped } from "./plans";

/**
 * The peer groups' statements (docs/methodology/peers.md#cost) on an empty shard, which shows
 * the plan a big tenant gets: the refresh's page walks the tenant's entities in key order and
 * reads each one's 30 days by index range (no sort, no scan, no older history), and a screening page's read looks each entity
 * and each of its groups up by key.
 */
describe("peer-group statements (query plans)", () => {
  it("a refresh page walks the tenant's entities in key order, each joined to its window by one range", async () => {
    const { shard, scope } = await scoped();
    const { scope: rec, statements } = recording(scope);
    const window = {
      after: "",
      asOf: "2026-01-31T00:00:00Z",
      from30: "2026-01-01",
      from7: "2026-01-24",
      size: 1000,
    };
    await featurePage(rec, { entityType: "customer", ...window });
    await featurePage(rec, { entityType: "account", ...window });
    const [customers, accounts] = await Promise.all(statements.map((s) => planOf(shard, s as SQL)));
    expect(customers[0]).toBe("SEARCH c USING INDEX customers_tenant_id_uq (tenant_id=? AND id>?)");
    expect(accounts[0]).toBe("SEARCH a USING INDEX accounts_tenant_id_uq (tenant_id=? AND id>?)");
    // The window is part of the index range: a page reads its entities' rows of the 30 days, not
    // their whole history (which walking transactions_customer_idx by customer_id > ? did: 45-81
    // ms of local D1 CPU a page over 100,000 transactions, docs/decisions/faults.md).
    expect(customers).toContain(
      "SEARCH t USING INDEX transactions_customer_idx (tenant_id=? AND customer_id=? AND transaction_date>? AND transaction_date<?) LEFT-JOIN",
    );
    expect(accounts).toContain(
      "SEARCH t USING INDEX transactions_account_idx (tenant_id=? AND account_id=? AND transaction_date>? AND transaction_date<?) LEFT-JOIN",
    );
    // count(DISTINCT) keeps a small B-tree per entity; no sort of the page's rows, no scan.
    for (const plan of [customers, accounts]) {
      expect(
        plan.some((d) => d.startsWith("SCAN ") || /TEMP B-TREE FOR (ORDER|GROUP) BY/.test(d)),
        plan.join("\n"),
      ).toBe(false);
    }
  });

  it("a screening page's read looks each entity and its groups up by key", async () => {
    const { shard, scope } = await scoped();
    const { scope: rec, statements } = recording(scope);
    await storedGroupsOf(rec, "customer", ["c1", "c2"]);
    await storedGroupsOf(rec, "account", ["a1"]);
    for (const statement of statements) {
      const plan = await planOf(shard, statement as SQL);
      expect(
        plan.some((d) => /^SCAN (c|a|s)\b/.test(d)),
        plan.join("\n"),
      ).toBe(false);
      expect(plan.join("\n")).toMatch(/SEARCH s USING (INDEX|PRIMARY KEY) .*peer_group/);
    }
  });
});
