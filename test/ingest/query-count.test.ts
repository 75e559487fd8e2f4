import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { countingContext } from "../../src/db/counting-d1";
import { systemShardBinding } from "../../src/db/system-db";
import { loadTenantContext, type TenantContext } from "../../src/db/tenant-context";
import { ingestRecords, TRANSACTIONS_PER_WRITE } from "../../src/modules/ingest/service";
import { createTenant, type TestTenant } from "../harness";
import { account, customer, transaction } from "./helpers";

let tenant: TestTenant;
let ctx: TenantContext;

/** Runs `work` over a context whose D1 binding counts every statement, alone or in a batch. */
async function counted<T>(work: (c: TenantContext) => Promise<T>) {
  const counting = countingContext(ctx);
  const result = await work(counting.ctx);
  return { result, queries: counting.queries() };
}

beforeAll(async () => {
  tenant = await createTenant({ name: "Bulk", shard: 1 });
  ctx = await loadTenantContext(env, tenant.id, "query-count-test");
});

describe("1,000 records in one request", () => {
  it("take at most 20 D1 queries for customers or accounts, 90 for transactions, written or re-written", async () => {
    const customers = Array.from({ length: 1000 }, (_, i) =>
      customer(i, {
        phone: `+23320${String(i).padStart(7, "0")}`,
        tags: ["sme"],
        businessInfo: { industry: "retail" },
      }),
    );
    const c = await counted((cx) => ingestRecords(cx, "customers", customers));
    expect(c.result).toMatchObject({ recordsWritten: 1000, errors: [] });
    expect(c.queries).toBeLessThanOrEqual(20);

    const accounts = Array.from({ length: 1000 }, (_, i) => account(i, `C-${i}`));
    const a = await counted((cx) => ingestRecords(cx, "accounts", accounts));
    expect(a.result).toMatchObject({ recordsWritten: 1000, errors: [] });
    expect(a.queries).toBeLessThanOrEqual(20);

    const txns = Array.from({ length: 1000 }, (_, i) =>
      transaction(i, `A-${i % 100}`, {
        category: "sales",
        merchantName: "Makola Market Stall 12",
        counterpartyName: "Ama Owusu",
      }),
    );
    // Transactions are written TRANSACTIONS_PER_WRITE at a time and classified 200 at a time (the
    // rows a write left unchanged read back, the opposite legs, the flows that differ; the
    // customers' accounts and loan events once a request), so that no D1 transaction holds the
    // thread long: at most 8 a write.
    const budget = 10 + 8 * Math.ceil(1000 / TRANSACTIONS_PER_WRITE);
    const t = await counted((cx) => ingestRecords(cx, "transactions", txns));
    expect(t.result).toMatchObject({ recordsWritten: 1000, errors: [] });
    expect(t.queries).toBeLessThanOrEqual(budget);
    const again = await counted((cx) => ingestRecords(cx, "transactions", txns));
    expect(again.result).toMatchObject({ recordsWritten: 1000, errors: [] });
    expect(again.queries).toBeLessThanOrEqual(budget);
    expect(again.result.recordsChanged).toBe(0);
    console.log(
      JSON.stringify({
        d1QueriesPer1000: { customers: c.queries, accounts: a.queries, transactions: t.queries },
      }),
    );

    const stored = await systemShardBinding(env, tenant.shard)
      .prepare("SELECT count(*) AS n, sum(amount_minor) AS total FROM transactions WHERE tenant_id = ?")
      .bind(tenant.id)
      .first<{ n: number; total: number }>();
    const expected = txns.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0);
    expect(stored).toEqual({ n: 1000, total: expected });
  });
});
