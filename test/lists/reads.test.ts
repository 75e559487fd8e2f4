import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadTenantContext } from "../../src/db/tenant-context";
import { tenantSql } from "../../src/db/tenant-tables";
import {
  allowlistedEntities,
  highRiskCountries,
  isAllowlisted,
  listMembershipSql,
  listValues,
  normalizedColumnSql,
} from "../../src/modules/lists/service";
import {
  call,
  createTenant,
  insertAccount,
  insertCustomer,
  insertTransactions,
  type TestTenant,
} from "../harness";
import { addEntries, createList, inDays } from "./helpers";

const ctxOf = (t: TestTenant) => loadTenantContext(env, t.id, "lists-reads");

describe("highRiskCountries", () => {
  it("is the union of the tenant's live high-risk lists: archived lists and other tenants excluded", async () => {
    const t = await createTenant({ shard: 0 });
    const other = await createTenant({ shard: 0 });
    const a = await createList(t, { name: "A", kind: "high_risk_countries" });
    const b = await createList(t, { name: "B", kind: "high_risk_countries" });
    const archived = await createList(t, { name: "Old", kind: "high_risk_countries" });
    const names = await createList(t, { name: "Names", kind: "watchlist", entryType: "name" });
    await addEntries(t, a.listId, [{ value: "ir" }, { value: "GH" }]);
    await addEntries(t, b.listId, [{ value: "IR" }, { value: "KP" }]);
    await addEntries(t, archived.listId, [{ value: "SY" }]);
    await addEntries(t, names.listId, [{ value: "AF" }]);
    await call("DELETE", `/v1/lists/${archived.listId}`, { key: t.key });
    const theirs = await createList(other, { name: "Theirs", kind: "high_risk_countries" });
    await addEntries(other, theirs.listId, [{ value: "RU" }]);

    expect(await highRiskCountries(await ctxOf(t))).toEqual(["GH", "IR", "KP"]);
    expect(await highRiskCountries(await ctxOf(other))).toEqual(["RU"]);
    expect(await listValues(await ctxOf(t), archived.listId)).toEqual([]);
    expect(await listValues(await ctxOf(other), a.listId)).toEqual([]);
    expect(await listValues(await ctxOf(t), a.listId)).toEqual(["GH", "IR"]);
  });
});

describe("allowlists", () => {
  it("clear an entity for one rule or every rule until the entry expires", async () => {
    const t = await createTenant();
    const list = await createList(t, { name: "Cleared", kind: "allowlist" });
    const expiresAt = inDays(10);
    await addEntries(t, list.listId, [
      { entityType: "customer", entityId: "c-1", ruleId: "velocity_burst", expiresAt },
      { entityType: "customer", entityId: "c-2", expiresAt },
      { entityType: "account", entityId: "c-3", expiresAt },
    ]);
    const ctx = await ctxOf(t);
    const check = (entityId: string, ruleId: string, at?: Date) =>
      isAllowlisted(ctx, { entityType: "customer", entityId, ruleId, at });
    expect(await check("c-1", "velocity_burst")).toBe(true);
    expect(await check("c-1", "dormant_reactivation")).toBe(false);
    expect(await check("c-2", "anything")).toBe(true);
    expect(await check("c-3", "anything")).toBe(false); // an account entry, not a customer
    // Expiry needs no write: from expiresAt on, the entry stops applying.
    expect(await check("c-2", "anything", new Date(expiresAt))).toBe(false);
    expect(await check("c-2", "anything", new Date(Date.parse(expiresAt) - 1))).toBe(true);

    const set = await allowlistedEntities(ctx, { entityType: "customer", ruleIds: ["velocity_burst"] });
    expect(set.entries.map((e) => `${e.entityId}/${e.ruleId}`).sort()).toEqual([
      "c-1/velocity_burst",
      "c-2/null",
    ]);
    expect(set.clears("c-1", "velocity_burst")).toBe(true);
    expect(set.clears("c-1", "other")).toBe(false);
    expect(set.clears("c-2", "other")).toBe(true);

    await call("DELETE", `/v1/lists/${list.listId}`, { key: t.key });
    expect(await check("c-2", "anything")).toBe(false);
  });
});

describe("listMembershipSql", () => {
  it("tests membership set-based against normalized transaction columns", async () => {
    const t = await createTenant();
    const list = await createList(t, {
      name: "Counterparties",
      kind: "watchlist",
      entryType: "counterparty",
    });
    await addEntries(t, list.listId, [{ value: "ACME   Trading Ltd" }]);
    const customer = await insertCustomer(t);
    const account = await insertAccount(t, customer.id);
    const at = "2026-01-10T10:00:00.000Z";
    const txns = await insertTransactions(t, account, [
      { amountMinor: 100, transactionDate: at, counterpartyName: "  acme  trading LTD " },
      { amountMinor: 100, transactionDate: at, counterpartyName: "Acme Trading" },
      { amountMinor: 100, transactionDate: at, counterpartyName: null },
    ]);
    const ctx = await ctxOf(t);
    const member = listMembershipSql(
      ctx,
      list.listId,
      normalizedColumnSql("counterparty", sql`t.counterparty_name`),
      new Date(),
    );
    const hits = await ctx.db.all<{ id: string }>(
      sql`SELECT t.id FROM transactions t WHERE ${tenantSql(ctx, "t")} AND ${member}`,
    );
    expect(hits.map((h) => h.id)).toEqual([txns[0].id]);

    // Another tenant naming this list id matches nothing.
    const other = await createTenant({ shard: t.shard });
    const otherCtx = await ctxOf(other);
    const foreign = listMembershipSql(otherCtx, list.listId, sql`${"acme trading ltd"}`, new Date());
    expect(await otherCtx.db.all(sql`SELECT 1 AS hit WHERE ${foreign}`)).toEqual([]);
    // ... and this tenant's scoped client refuses a statement scoped to the other tenant.
    expect(() => ctx.db.all(sql`SELECT 1 AS hit WHERE ${foreign}`)).toThrow(/tenant predicate/);
    const own = listMembershipSql(ctx, list.listId, sql`${"acme trading ltd"}`, new Date());
    expect(await ctx.db.all(sql`SELECT 1 AS hit WHERE ${own}`)).toEqual([{ hit: 1 }]);
  });
});
