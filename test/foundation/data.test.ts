import { beforeAll, describe, expect, it } from "vitest";
import {
  call,
  createTenant,
  insertAccount,
  insertAgent,
  insertCustomer,
  insertTransactions,
  json,
  type TestTenant,
} from "../harness";

interface Page<T> {
  data: T[];
  pagination: { total: number; limit: number; offset: number; hasMore: boolean };
}
type Row = Record<string, unknown> & { id: string };

const get = async <T = Row>(t: TestTenant, path: string) => {
  const res = await call("GET", path, { key: t.key });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<Page<T>>(res);
};

let a: TestTenant;
let b: TestTenant;
let account: { id: string; customerId: string };
let otherAccount: { id: string; customerId: string };

beforeAll(async () => {
  a = await createTenant({ name: "A", shard: 0 });
  b = await createTenant({ name: "B", shard: 1 });
  const sameTime = "2026-01-01T00:00:00.000Z";
  for (let i = 0; i < 23; i++) {
    await insertCustomer(a, {
      name: `Business ${String(i).padStart(2, "0")}`,
      createdAt: sameTime,
      email: `b${i}@shop.gh`,
    });
  }
  const kofi = await insertCustomer(a, {
    name: "Kofi's Chop Bar",
    email: "kofi@chop.gh",
    status: "suspended",
  });
  await insertCustomer(a, { name: "Akosua 100% Pure Shea", email: "akosua@shea.gh", status: "inactive" });
  await insertCustomer(b, { name: "Kofi Transport (tenant B)", email: "kofi@transport.gh" });
  account = (await insertAccount(a, kofi.id!, { currentBalanceMinor: 125_050 })) as {
    id: string;
    customerId: string;
  };
  const second = await insertCustomer(a, { name: "Second Account Holder" });
  otherAccount = (await insertAccount(a, second.id!)) as { id: string; customerId: string };
  await insertTransactions(a, account, [
    { type: "credit", amountMinor: 10_000, transactionDate: "2026-03-01T10:00:00.000Z" },
    { type: "debit", amountMinor: 2_550, transactionDate: "2026-03-02T10:00:00.000Z" },
    { type: "credit", amountMinor: 7_500, transactionDate: "2026-03-03T10:00:00.000Z" },
  ]);
  await insertTransactions(a, otherAccount, [
    { type: "debit", amountMinor: 100, transactionDate: "2026-03-02T12:00:00.000Z" },
  ]);
  await insertAgent(a, { agentId: "AGT-001", agentTier: "premium", region: "Ashanti" });
  await insertAgent(a, {
    agentId: "AGT-002",
    agentTier: "basic",
    region: "Greater Accra",
    agentStatus: "suspended",
  });
  await insertAgent(b, { agentId: "AGT-B01" });
});

describe("customers", () => {
  it("pages without overlap or gaps even when creation times tie", async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < 40; offset += 7) {
      const page = await get(a, `/v1/customers?limit=7&offset=${offset}`);
      seen.push(...page.data.map((c) => c.id));
      expect(page.pagination.total).toBe(26);
      expect(page.pagination.hasMore).toBe(offset + 7 < 26);
    }
    expect(seen).toHaveLength(26);
    expect(new Set(seen).size).toBe(26);
  });

  it("defaults to limit 50 and offset 0", async () => {
    const page = await get(a, "/v1/customers");
    expect(page.pagination).toMatchObject({ limit: 50, offset: 0, total: 26, hasMore: false });
  });

  it("searches name or email by substring, case-insensitively, through the index", async () => {
    expect((await get<{ name: string }>(a, "/v1/customers?search=chop")).data.map((c) => c.name)).toEqual([
      "Kofi's Chop Bar",
    ]);
    expect((await get<{ name: string }>(a, "/v1/customers?search=SHEA.GH")).data.map((c) => c.name)).toEqual([
      "Akosua 100% Pure Shea",
    ]);
    // Short terms (under 3 characters) fall back to LIKE; % is literal, not a wildcard.
    expect((await get<{ name: string }>(a, "/v1/customers?search=0%25")).data.map((c) => c.name)).toEqual([
      "Akosua 100% Pure Shea",
    ]);
    // Tenant B's Kofi is never found by tenant A.
    expect((await get<{ name: string }>(a, "/v1/customers?search=kofi")).data).toHaveLength(1);
  });

  it("filters by status", async () => {
    const page = await get<{ status: string }>(a, "/v1/customers?status=suspended");
    expect(page.data.map((c) => c.status)).toEqual(["suspended"]);
  });

  it("gets one customer by id, and another tenant's is 404", async () => {
    const [one] = (await get(a, "/v1/customers?search=chop")).data;
    expect((await call("GET", `/v1/customers/${one.id}`, { key: a.key })).status).toBe(200);
    expect((await call("GET", `/v1/customers/${one.id}`, { key: b.key })).status).toBe(404);
    expect((await call("GET", "/v1/customers/not-a-uuid", { key: a.key })).status).toBe(400);
  });
});

describe("accounts", () => {
  it("lists with money as 2-decimal strings and filters by customer", async () => {
    const page = await get<{ currentBalance: string; customerId: string }>(
      a,
      `/v1/accounts?customerId=${account.customerId}`,
    );
    expect(page.data).toHaveLength(1);
    expect(page.data[0].currentBalance).toBe("1250.50");
    expect((await get(a, "/v1/accounts")).pagination.total).toBe(2);
    expect((await get(b, "/v1/accounts")).pagination.total).toBe(0);
  });
});

describe("transactions", () => {
  it("orders newest first and formats amounts", async () => {
    const page = await get<{ transactionDate: string; amount: string }>(a, "/v1/transactions");
    expect(page.data.map((t) => t.transactionDate)).toEqual([
      "2026-03-03T10:00:00.000Z",
      "2026-03-02T12:00:00.000Z",
      "2026-03-02T10:00:00.000Z",
      "2026-03-01T10:00:00.000Z",
    ]);
    expect(page.data[2].amount).toBe("25.50");
  });

  it("filters by customer, account, type and an inclusive date range (any offset)", async () => {
    expect((await get(a, `/v1/transactions?customerId=${account.customerId}`)).pagination.total).toBe(3);
    expect((await get(a, `/v1/transactions?accountId=${otherAccount.id}`)).pagination.total).toBe(1);
    expect((await get(a, "/v1/transactions?type=debit")).pagination.total).toBe(2);
    const range = await get(
      a,
      "/v1/transactions?startDate=2026-03-02T10:00:00Z&endDate=2026-03-03T10:00:00Z",
    );
    expect(range.pagination.total).toBe(3);
    const offset = await get(
      a,
      `/v1/transactions?startDate=${encodeURIComponent("2026-03-02T12:00:00+02:00")}`,
    );
    expect(offset.pagination.total).toBe(3);
    const combined = await get(
      a,
      `/v1/transactions?accountId=${account.id}&type=credit&endDate=2026-03-02T00:00:00Z`,
    );
    expect(combined.pagination.total).toBe(1);
  });

  it("refuses a reversed range and bad dates", async () => {
    const reversed = await call(
      "GET",
      "/v1/transactions?startDate=2026-03-03T00:00:00Z&endDate=2026-03-01T00:00:00Z",
      {
        key: a.key,
      },
    );
    expect(reversed.status).toBe(400);
    expect((await call("GET", "/v1/transactions?startDate=yesterday", { key: a.key })).status).toBe(400);
  });

  it("never shows one tenant's rows to another on a different shard", async () => {
    expect((await get(b, "/v1/transactions")).pagination.total).toBe(0);
    expect((await get(b, `/v1/transactions?accountId=${account.id}`)).pagination.total).toBe(0);
  });
});

describe("agents", () => {
  it("lists and filters by tier, region and status", async () => {
    expect((await get(a, "/v1/agents")).pagination.total).toBe(2);
    expect((await get<{ agentId: string }>(a, "/v1/agents?tier=premium")).data.map((x) => x.agentId)).toEqual(
      ["AGT-001"],
    );
    expect(
      (await get<{ agentId: string }>(a, "/v1/agents?region=Greater%20Accra")).data.map((x) => x.agentId),
    ).toEqual(["AGT-002"]);
    expect((await get(a, "/v1/agents?status=active")).pagination.total).toBe(1);
    expect((await call("GET", "/v1/agents?tier=gold", { key: a.key })).status).toBe(400);
  });

  it("gets an agent by the tenant's identifier; another tenant's is 404", async () => {
    const res = await call("GET", "/v1/agents/AGT-001", { key: a.key });
    expect(res.status).toBe(200);
    expect((await json<{ agent: { floatBalance: string } }>(res)).agent.floatBalance).toBe("5000.00");
    expect((await call("GET", "/v1/agents/AGT-B01", { key: a.key })).status).toBe(404);
  });
});
