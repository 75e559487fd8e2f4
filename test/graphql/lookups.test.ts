import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTenantContext, type TenantContext } from "../../src/db/tenant-context";
import { runGraphQL } from "../../src/modules/graphql/service";
import { countingContext } from "../../src/modules/ingest/query-count";
import { createTenant, insertAccount, insertCustomer, insertTransactions, type TestTenant } from "../harness";

let tenant: TestTenant;
let ctx: TenantContext;

/** Runs a query over a context whose D1 binding counts every statement, alone or in a batch. */
async function counted(query: string) {
  const counting = countingContext(ctx);
  const { status, body } = await runGraphQL(counting.ctx, ["*"], { query });
  return { status, body, queries: counting.queries() };
}

beforeAll(async () => {
  tenant = await createTenant({ name: "Lookups", shard: 1 });
  ctx = await loadTenantContext(env, tenant.id, "graphql-lookups");
  for (let i = 0; i < 10; i++) {
    const customer = await insertCustomer(tenant, { name: `Shop ${i}` });
    const account = await insertAccount(tenant, customer.id!);
    const day = (k: number) => new Date(Date.UTC(2026, 0, 1 + k)).toISOString();
    await insertTransactions(
      tenant,
      { id: account.id!, customerId: customer.id! },
      Array.from({ length: 3 }, (_, k) => ({ amountMinor: 1_000 + k, transactionDate: day(k) })),
    );
  }
});

describe("nested lookups", () => {
  it("ask each parent's children once: D1 statements grow with the page, bounded by the lookup budget", async () => {
    const r = await counted("{ customers(limit: 10) { data { name accounts { id } latestBhi { id } } } }");
    expect(r.status).toBe(200);
    expect(r.body.errors).toBeUndefined();
    const loads = (r.body.extensions as { cost: { loads: number } }).cost.loads;
    expect(loads).toBe(21);
    // One page + count per list lookup: 2 statements each, never more.
    expect(r.queries).toBe(2 * loads);
  });

  it("share one lookup when many children name the same object", async () => {
    const r = await counted("{ transactions(limit: 30) { data { id customer { name } } } }");
    expect(r.status).toBe(200);
    const data = r.body.data as { transactions: { data: Array<{ customer: { name: string } }> } };
    expect(data.transactions.data).toHaveLength(30);
    // The page (2 statements) and one read per distinct customer (10), not one per transaction (30).
    expect(r.queries).toBe(2 + 10);
  });
});
