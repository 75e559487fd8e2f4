import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTenantContext, type TenantContext } from "../../src/db/tenant-context";
import { startSync } from "../../src/modules/ingest/sync/service";
import { admin, call, createTenant, json, type TestTenant } from "../harness";
import {
  client1,
  client2,
  deposit101,
  deposit103,
  fakeFineract,
  moreClients,
  savings,
  withdrawal102,
} from "./fineract-fixtures";

let tenant: TestTenant;
let ctx: TenantContext;

async function configure(t: TestTenant) {
  const res = await admin("PUT", `/admin/tenants/${t.id}/connectors/core_banking`, {
    provider: "fineract",
    baseUrl: "https://core.example/fineract-provider",
    tenantIdentifier: "default",
    username: "mifos",
    password: "password",
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  tenant = await createTenant({ name: "Fineract bank", shard: 1 });
  await configure(tenant);
  ctx = await loadTenantContext(env, tenant.id, "fineract-test");
});

const get = async <T>(path: string) => json<{ data: T[] }>(await call("GET", path, { key: tenant.key }));

describe("Fineract sync", () => {
  it("maps clients, savings accounts and transactions, then syncs incrementally", async () => {
    const fake = fakeFineract({
      clients: [client1, client2, ...moreClients],
      savings: savings({ totalDeposits: 1500, totalWithdrawals: 250.5, accountBalance: 1249.5 }),
      transactions: { "11": [withdrawal102, deposit101], "12": [] },
    });

    const first = await startSync(ctx, "core_banking", { fetcher: fake.fetcher });
    expect(first).toMatchObject({
      provider: "fineract",
      status: "succeeded",
      recordsWritten: { customers: 201, accounts: 2, transactions: 2, agents: 0 },
      errors: [],
    });
    // Paging, basic auth and the Fineract tenant header.
    expect(fake.requests.map((r) => r.path)).toEqual([
      "/fineract-provider/api/v1/clients?offset=0&limit=200&orderBy=id&sortOrder=ASC",
      "/fineract-provider/api/v1/clients?offset=200&limit=200&orderBy=id&sortOrder=ASC",
      "/fineract-provider/api/v1/savingsaccounts?offset=0&limit=200&orderBy=id&sortOrder=ASC",
      "/fineract-provider/api/v1/savingsaccounts/11?associations=transactions",
      "/fineract-provider/api/v1/savingsaccounts/12?associations=transactions",
      "/fineract-provider/api/v1/loans?offset=0&limit=200&orderBy=id&sortOrder=ASC",
    ]);
    for (const r of fake.requests) {
      expect(r.headers.get("authorization")).toBe(`Basic ${btoa("mifos:password")}`);
      expect(r.headers.get("fineract-platform-tenantid")).toBe("default");
    }

    const customers = await get<Record<string, unknown>>("/v1/customers?limit=500");
    const ama = customers.data.find((c) => c.externalId === "1")!;
    expect(ama).toMatchObject({
      externalSource: "fineract",
      name: "Ama Mensah",
      type: "individual",
      status: "active",
      email: "ama@example.com",
      phone: "0244000001",
      sourceCreatedAt: "2024-02-20T00:00:00.000Z",
    });
    expect(customers.data.find((c) => c.externalId === "2")).toMatchObject({
      type: "business",
      status: "closed",
    });

    const accounts = await get<Record<string, unknown>>("/v1/accounts");
    const passbook = accounts.data.find((a) => a.externalId === "11")!;
    expect(passbook).toMatchObject({
      customerId: ama.id,
      type: "savings",
      status: "active",
      currency: "GHS",
      currentBalance: "1249.50",
    });
    const txns = await get<Record<string, unknown>>(`/v1/transactions?accountId=${passbook.id}`);
    expect(txns.data).toEqual([
      expect.objectContaining({
        externalId: "102",
        type: "debit",
        amount: "250.50",
        balanceAfter: "1249.50",
        transactionDate: "2024-03-10T00:00:00.000Z",
      }),
      expect.objectContaining({
        externalId: "101",
        type: "credit",
        amount: "1500.00",
        channel: "cash",
        customerId: ama.id,
      }),
    ]);

    // Nothing moved: lists only, no transaction fetches, nothing written.
    fake.requests.length = 0;
    const second = await startSync(ctx, "core_banking", { fetcher: fake.fetcher });
    expect(second.recordsWritten).toEqual({
      customers: 0,
      accounts: 0,
      transactions: 0,
      agents: 0,
      loans: 0,
      loanRepayments: 0,
    });
    expect(fake.requests.some((r) => r.path.includes("associations"))).toBe(false);

    // One deposit on account 11: only that account is fetched, only the new transaction written.
    fake.state.savings = savings({ totalDeposits: 1600, totalWithdrawals: 250.5, accountBalance: 1349.5 });
    fake.state.transactions["11"] = [deposit103, withdrawal102, deposit101];
    fake.requests.length = 0;
    const third = await startSync(ctx, "core_banking", { fetcher: fake.fetcher });
    expect(third.recordsWritten).toEqual({
      customers: 0,
      accounts: 1,
      transactions: 1,
      agents: 0,
      loans: 0,
      loanRepayments: 0,
    });
    expect(fake.requests.filter((r) => r.path.includes("associations")).map((r) => r.path)).toEqual([
      "/fineract-provider/api/v1/savingsaccounts/11?associations=transactions",
    ]);
  });

  it("reports a refused Fineract request as a failed run, and a later sync may start", async () => {
    const t = await createTenant({ name: "Wrong password", shard: 0 });
    await configure(t);
    const tctx = await loadTenantContext(env, t.id, "fineract-test");
    const fake = fakeFineract({ clients: [], savings: [], transactions: {}, status: 401 });
    const run = await startSync(tctx, "core_banking", { fetcher: fake.fetcher });
    expect(run.status).toBe("failed");
    expect(run.errors).toEqual(["Fineract GET /clients answered HTTP 401"]);
    fake.state.status = undefined;
    expect((await startSync(tctx, "core_banking", { fetcher: fake.fetcher })).status).toBe("succeeded");
  });
});
