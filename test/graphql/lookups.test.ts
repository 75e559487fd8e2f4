import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { countingContext } from "../../src/db/counting-d1";
import { loadTenantContext, type TenantContext } from "../../src/db/tenant-context";
import { runGraphQL } from "../../src/modules/graphql/service";
import { calculate, seedHealthyCustomer } from "../bhi/seed";
import {
  call,
  createTenant,
  insertAccount,
  insertCustomer,
  insertTransactions,
  json,
  type TestTenant,
} from "../harness";

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
  it("read each nested field of a page in one statement, whatever the page size", async () => {
    const r = await counted("{ customers(limit: 10) { data { name accounts { id } latestBhi { id } } } }");
    expect(r.status).toBe(200);
    expect(r.body.errors).toBeUndefined();
    // The page (page + count), then one statement for all accounts and one for all latest BHI
    // records, not one per customer; the cost analysis counts the same three lookups.
    expect((r.body.extensions as { cost: { loads: number } }).cost.loads).toBe(3);
    expect(r.queries).toBe(2 + 1 + 1);
  });

  it("share one read when many children name the same objects", async () => {
    const r = await counted("{ transactions(limit: 30) { data { id customer { name } } } }");
    expect(r.status).toBe(200);
    const data = r.body.data as { transactions: { data: Array<{ customer: { name: string } }> } };
    expect(data.transactions.data).toHaveLength(30);
    // The page (2 statements) and one read of the 10 distinct customers, not one per transaction.
    expect(r.queries).toBe(2 + 1);
  });
});

describe("batched nested reads answer what the one-by-one reads answer", () => {
  it("pages each customer's accounts separately and gives null BHI to customers without one", async () => {
    const t = await createTenant({ name: "Batched", shard: 0 });
    const counts = [3, 1, 0];
    const ids: string[] = [];
    for (const n of counts) {
      const customer = await insertCustomer(t, { name: `Batched ${n}` });
      ids.push(customer.id!);
      for (let i = 0; i < n; i++) {
        await insertAccount(t, customer.id!, { createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() });
      }
    }
    const { customer: scored } = await seedHealthyCustomer(t, "Batched scored");
    ids.push(scored.id!);
    await calculate(t, { customerId: scored.id });
    const tctx = await loadTenantContext(env, t.id, "graphql-batched");
    const { body } = await runGraphQL(tctx, ["*"], {
      query:
        "{ customers(limit: 10) { data { id accounts(limit: 2, offset: 1) { id } latestBhi { id bhiOverall } } } }",
    });
    expect(body.errors).toBeUndefined();
    const got = (
      body.data as {
        customers: { data: Array<{ id: string; accounts: { id: string }[]; latestBhi: unknown }> };
      }
    ).customers.data;
    expect(got.map((c) => c.id).sort()).toEqual([...ids].sort());
    for (const c of got) {
      const rest = await json<{ data: { id: string }[] }>(
        await call("GET", `/v1/accounts?customerId=${c.id}&limit=2&offset=1`, { key: t.key }),
      );
      expect(c.accounts.map((a) => a.id)).toEqual(rest.data.map((a) => a.id));
      const latest = await call("GET", `/v1/bhi/${c.id}`, { key: t.key });
      if (latest.status === 404) expect(c.latestBhi).toBeNull();
      else {
        const { bhi } = await json<{ bhi: { id: string; bhiOverall: string } }>(latest);
        expect(c.latestBhi).toEqual({ id: bhi.id, bhiOverall: bhi.bhiOverall });
      }
    }
    expect(got.find((c) => c.id === scored.id)!.latestBhi).not.toBeNull();
    expect(got.find((c) => c.id === ids[0])!.accounts).toHaveLength(2);
  });

  it("pages and filters each parent's transactions as the REST list does, in one statement per level", async () => {
    const query = `{ customers(limit: 10) { data { id
      transactions(limit: 2, offset: 1, startDate: "2026-01-01T12:00:00+00:00") { id transactionDate }
      accounts { id transactions(limit: 5, type: credit) { id } } } } }`;
    const r = await counted(query);
    expect(r.body.errors).toBeUndefined();
    // customers page + count, one transactions read, one accounts read, one account-transactions read
    expect(r.queries).toBe(2 + 1 + 1 + 1);
    type Got = {
      id: string;
      transactions: { id: string }[];
      accounts: { id: string; transactions: { id: string }[] }[];
    };
    const got = (r.body.data as { customers: { data: Got[] } }).customers.data;
    expect(got).toHaveLength(10);
    for (const c of got) {
      const rest = await json<{ data: { id: string }[] }>(
        await call(
          "GET",
          `/v1/transactions?customerId=${c.id}&limit=2&offset=1&startDate=${encodeURIComponent("2026-01-01T12:00:00+00:00")}`,
          { key: tenant.key },
        ),
      );
      expect(c.transactions.map((x) => x.id)).toEqual(rest.data.map((x) => x.id));
      expect(c.transactions).toHaveLength(1); // 3 transactions, 2 after the start date, offset 1
      for (const a of c.accounts) {
        const restOfAccount = await json<{ data: { id: string }[] }>(
          await call("GET", `/v1/transactions?accountId=${a.id}&limit=5&type=credit`, { key: tenant.key }),
        );
        expect(a.transactions.map((x) => x.id)).toEqual(restOfAccount.data.map((x) => x.id));
        expect(a.transactions).toHaveLength(3);
      }
    }
  });

  it("still answers not-found for a customer id of another tenant", async () => {
    const other = await createTenant({ name: "Other", shard: 0 });
    const stranger = await insertCustomer(other, { name: "Not yours" });
    const { body } = await runGraphQL(ctx, ["*"], { query: `{ customer(id: "${stranger.id}") { name } }` });
    expect(body.data).toEqual({ customer: null });
    expect(body.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });
});
