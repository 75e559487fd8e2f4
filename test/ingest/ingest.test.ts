import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { systemShardDb } from "../../src/db/system-db";
import { call, createKey, createTenant, shardRows, type TestTenant } from "../harness";
import { account, customer, ingest, transaction } from "./helpers";

let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  tenant = await createTenant({ name: "Ingest", shard: 0 });
  other = await createTenant({ name: "Other", shard: 1 });
});

const rows = shardRows;

describe("POST /v1/ingest/customers", () => {
  it("upserts a JSON array and reports nothing new on a repeat", async () => {
    const batch = [customer(1, { tags: ["retail"], businessInfo: { legalName: "One Ltd" } }), customer(2)];
    const first = await ingest(tenant, "customers", batch);
    expect(first).toMatchObject({ status: 200, success: true, recordsWritten: 2, errors: [] });
    const before = await rows<Record<string, unknown>>(
      tenant,
      "SELECT * FROM customers WHERE tenant_id = ? AND external_source = 'core' ORDER BY external_id",
      tenant.id,
    );
    expect(before.map((r) => r.name)).toEqual(["Customer 1", "Customer 2"]);
    expect(JSON.parse(before[0].business_info as string)).toEqual({ legalName: "One Ltd" });

    const again = await ingest(tenant, "customers", batch);
    expect(again).toMatchObject({ status: 200, recordsWritten: 2, errors: [] });
    const after = await rows<Record<string, unknown>>(
      tenant,
      "SELECT * FROM customers WHERE tenant_id = ? AND external_source = 'core' ORDER BY external_id",
      tenant.id,
    );
    expect(after).toEqual(before);
  });

  it("updates changed fields, keeps absent ones and clears nulls", async () => {
    await ingest(tenant, "customers", [customer(3, { phone: "+233200000003", vertical: "retail" })]);
    const res = await ingest(tenant, "customers", [
      { externalId: "C-3", externalSource: "core", name: "Renamed", status: "suspended", vertical: null },
    ]);
    expect(res.recordsWritten).toBe(1);
    const [row] = await rows<Record<string, unknown>>(
      tenant,
      "SELECT name, status, phone, vertical, email FROM customers WHERE tenant_id = ? AND external_id = 'C-3'",
      tenant.id,
    );
    expect(row).toEqual({
      name: "Renamed",
      status: "suspended",
      phone: "+233200000003",
      vertical: null,
      email: "c3@example.com",
    });
  });

  it("drops a null inside businessInfo, so the customer reads back with plain strings only", async () => {
    const res = await ingest(tenant, "customers", [
      customer(7, { businessInfo: { legalName: null, industry: "retail", taxId: null } }),
    ]);
    expect(res).toMatchObject({ status: 200, recordsWritten: 1, errors: [] });
    const [row] = await rows<{ id: string; business_info: string }>(
      tenant,
      "SELECT id, business_info FROM customers WHERE tenant_id = ? AND external_id = 'C-7'",
      tenant.id,
    );
    expect(JSON.parse(row.business_info)).toEqual({ industry: "retail" });
    // call() checks the body against Customer in openapi.json (businessInfo.* are strings).
    const read = await call("GET", `/v1/customers/${row.id}`, { key: tenant.key });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { customer: { businessInfo: unknown } }).customer.businessInfo).toEqual({
      industry: "retail",
    });
  });

  it("never shows a null stored inside businessInfo before nulls were dropped", async () => {
    const id = crypto.randomUUID();
    const at = new Date().toISOString();
    await systemShardDb(env, tenant.shard)
      .$client.prepare(
        `INSERT INTO customers (id, tenant_id, external_id, external_source, type, name, status, tags,
           business_info, created_at, updated_at)
         VALUES (?, ?, 'C-legacy', 'core', 'business', 'Legacy', 'active', '[]', ?, ?, ?)`,
      )
      .bind(id, tenant.id, JSON.stringify({ legalName: null, industry: "fuel" }), at, at)
      .run();
    const read = await call("GET", `/v1/customers/${id}`, { key: tenant.key });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { customer: { businessInfo: unknown } }).customer.businessInfo).toEqual({
      industry: "fuel",
    });
  });

  it("reports bad records by index and writes the good ones", async () => {
    const res = await ingest(tenant, "customers", [
      customer(10),
      { externalId: "C-11", externalSource: "core" },
      customer(12, { status: "dormant" }),
      customer(13, { email: "not-an-email", createdAt: "yesterday" }),
      "just a string",
      customer(10),
      customer(14),
    ]);
    expect(res.status).toBe(200);
    expect(res.recordsWritten).toBe(2);
    expect(res.errors.map((e) => e.index)).toEqual([1, 2, 3, 4, 5]);
    expect(res.errors[0].message).toMatch(/name: is required/);
    expect(res.errors[1].message).toMatch(/^status:/);
    expect(res.errors[2].message).toMatch(/email:.*createdAt:/);
    expect(res.errors[4].message).toMatch(/duplicate of record 0/);
    const names = await rows<{ external_id: string }>(
      tenant,
      "SELECT external_id FROM customers WHERE tenant_id = ? AND external_id IN ('C-10','C-11','C-12','C-13','C-14') ORDER BY 1",
      tenant.id,
    );
    expect(names.map((r) => r.external_id)).toEqual(["C-10", "C-14"]);
  });

  it("reads NDJSON, with an unreadable line reported", async () => {
    const body = [JSON.stringify(customer(20)), "{not json", "", JSON.stringify(customer(21))].join("\n");
    const res = await ingest(tenant, "customers", body, "application/x-ndjson");
    expect(res).toMatchObject({ status: 200, recordsWritten: 2 });
    expect(res.errors).toEqual([{ index: 1, message: "line is not valid JSON" }]);
  });

  it("reads CSV with a BOM, quoted commas, quotes, line breaks and nested columns", async () => {
    const csv =
      "\uFEFFexternalId,externalSource,name,email,tags,businessInfo.legalName\r\n" +
      'C-30,core,"Mensah, Kofi & Sons",kofi@example.com,retail;export,"The ""Best"" Shop, Ltd"\r\n' +
      'C-31,core,"Two\nLines",,,\r\n' +
      "C-32,core,,bad,,\r\n";
    const res = await ingest(tenant, "customers", csv, "text/csv");
    expect(res.status).toBe(200);
    expect(res.recordsWritten).toBe(2);
    expect(res.errors).toHaveLength(1);
    expect(res.errors[0].index).toBe(2);
    const got = await rows<Record<string, string>>(
      tenant,
      "SELECT external_id, name, email, tags, business_info FROM customers WHERE tenant_id = ? AND external_id IN ('C-30','C-31') ORDER BY 1",
      tenant.id,
    );
    expect(got[0]).toMatchObject({ name: "Mensah, Kofi & Sons", email: "kofi@example.com" });
    expect(JSON.parse(got[0].tags)).toEqual(["retail", "export"]);
    expect(JSON.parse(got[0].business_info)).toEqual({ legalName: 'The "Best" Shop, Ltd' });
    expect(got[1]).toMatchObject({ name: "Two\nLines", email: null });
  });

  it("refuses more than 1,000 records with 413", async () => {
    const res = await ingest(
      tenant,
      "customers",
      Array.from({ length: 1001 }, (_, i) => ({ externalId: `X${i}`, externalSource: "s", name: "n" })),
    );
    expect(res.status).toBe(413);
    expect((res as unknown as { error: { message: string } }).error.message).toMatch(/At most 1000 records/);
  });

  it("refuses other media types, a non-array JSON body and unknown resources", async () => {
    expect((await ingest(tenant, "customers", "a", "text/plain")).status).toBe(415);
    const notArray = await ingest(tenant, "customers", { externalId: "x" });
    expect(notArray.status).toBe(400);
    const unknown = await ingest(tenant, "widgets", []);
    expect(unknown.status).toBe(400);
  });

  it("needs data:write", async () => {
    const reader = await createKey(tenant.id, ["data:read"]);
    const res = await call("POST", "/v1/ingest/customers", { key: reader.key, body: [customer(40)] });
    expect(res.status).toBe(403);
  });
});

describe("accounts, transactions and agents", () => {
  it("links accounts by customer external id or id, and transactions by account", async () => {
    await ingest(tenant, "customers", [customer(100), customer(101)]);
    const [c101] = await rows<{ id: string }>(
      tenant,
      "SELECT id FROM customers WHERE tenant_id = ? AND external_id = 'C-101'",
      tenant.id,
    );
    const accounts = await ingest(tenant, "accounts", [
      account(100, "C-100", { creditLimit: "500.00" }),
      { ...account(101, "ignored"), customerExternalId: undefined, customerId: c101.id },
      account(102, "C-999"),
      account(103, "C-100", { customerExternalSource: "other-core" }),
      account(104, "C-100", { currency: "XYZ", currentBalance: "12.345" }),
    ]);
    expect(accounts.recordsWritten).toBe(2);
    expect(accounts.errors.map((e) => e.index)).toEqual([2, 3, 4]);
    expect(accounts.errors[0].message).toMatch(
      /no customer with externalSource "core" and externalId "C-999"/,
    );
    expect(accounts.errors[2].message).toMatch(/currency:.*currentBalance:/);

    const txns = await ingest(tenant, "transactions", [
      transaction(1, "A-100"),
      transaction(2, "A-101", { counterpartyCountry: "GH", status: "Bounced" }),
      transaction(3, "A-404"),
      transaction(4, "A-100", { amount: "-5.00" }),
      transaction(5, "A-100", { amount: "1.001", transactionDate: "2026-13-01" }),
      transaction(6, "A-100", { agentId: "AGT-NOPE" }),
      transaction(7, "A-100", { counterpartyCountry: "QQ" }),
    ]);
    expect(txns, JSON.stringify(txns)).toMatchObject({ recordsWritten: 2 });
    expect(txns.errors.map((e) => e.index)).toEqual([2, 3, 4, 5, 6]);
    const written = await rows<Record<string, unknown>>(
      tenant,
      `SELECT t.external_id, t.amount_minor, t.customer_id, c.external_id AS customer_ext, t.counterparty_country, t.status
         FROM transactions t JOIN customers c ON c.id = t.customer_id
        WHERE t.tenant_id = ? ORDER BY t.external_id`,
      tenant.id,
    );
    expect(written).toEqual([
      expect.objectContaining({ external_id: "T-1", amount_minor: 10125, customer_ext: "C-100" }),
      expect.objectContaining({
        external_id: "T-2",
        amount_minor: 10225,
        customer_ext: "C-101",
        counterparty_country: "GH",
        // Stored in lower case, so every module reads it as money that did not move.
        status: "bounced",
      }),
    ]);
  });

  it("ingests agents and their transactions by agentId", async () => {
    const agents = await ingest(tenant, "agents", [
      {
        agentId: "AGT-1",
        agentCode: "A001",
        agentName: "Kumasi Central",
        agentTier: "premium",
        agentStatus: "active",
        floatBalance: 2500.5,
        floatLimit: "10000.00",
        region: "Ashanti",
        servesRegions: ["Ashanti", "Bono"],
      },
      {
        agentId: "AGT-2",
        agentCode: "A002",
        agentTier: "gold",
        agentStatus: "active",
        floatBalance: -1,
        floatLimit: 0,
      },
      {
        agentId: "AGT-1",
        agentCode: "A009",
        agentTier: "basic",
        agentStatus: "active",
        floatBalance: 0,
        floatLimit: 0,
        externalSource: "other",
      },
    ]);
    expect(agents.recordsWritten).toBe(1);
    expect(agents.errors.map((e) => e.index)).toEqual([1, 2]);
    expect(agents.errors[1].message).toMatch(/agentId: duplicate of record 0/);
    const taken = await ingest(tenant, "agents", [
      {
        agentId: "AGT-1",
        agentCode: "A009",
        agentTier: "basic",
        agentStatus: "active",
        floatBalance: 0,
        floatLimit: 0,
        externalSource: "other",
      },
    ]);
    expect(taken.errors[0].message).toMatch(/"AGT-1" belongs to the agent with externalSource "api"/);
    const [agent] = await rows<Record<string, unknown>>(
      tenant,
      "SELECT agent_id, external_source, external_id, float_balance_minor, float_limit_minor, currency, serves_regions FROM agents WHERE tenant_id = ?",
      tenant.id,
    );
    expect(agent).toEqual({
      agent_id: "AGT-1",
      external_source: "api",
      external_id: "AGT-1",
      float_balance_minor: 250050,
      float_limit_minor: 1000000,
      currency: "GHS",
      serves_regions: '["Ashanti","Bono"]',
    });

    await ingest(tenant, "customers", [customer(200)]);
    await ingest(tenant, "accounts", [account(200, "C-200")]);
    const txns = await ingest(tenant, "transactions", [
      transaction(200, "A-200", { agentId: "AGT-1", channel: "cash" }),
    ]);
    expect(txns).toMatchObject({ recordsWritten: 1, errors: [] });
    const [t] = await rows<{ agent_id: string }>(
      tenant,
      "SELECT agent_id FROM transactions WHERE tenant_id = ? AND external_id = 'T-200'",
      tenant.id,
    );
    expect(t.agent_id).toBe("AGT-1");
  });
});

describe("tenant isolation", () => {
  it("never reads or writes another tenant's rows", async () => {
    await ingest(tenant, "customers", [customer(500, { name: "Mine" })]);
    // Same external identity in the other tenant: a separate row, the first one untouched.
    const theirs = await ingest(other, "customers", [customer(500, { name: "Theirs" })]);
    expect(theirs.recordsWritten).toBe(1);
    const [mine] = await rows<{ name: string; id: string }>(
      tenant,
      "SELECT id, name FROM customers WHERE tenant_id = ? AND external_id = 'C-500'",
      tenant.id,
    );
    expect(mine.name).toBe("Mine");
    // Linking to another tenant's customer, by external id or by uuid, is refused.
    const foreign = await ingest(other, "accounts", [
      { ...account(900, "x"), customerExternalId: undefined, customerId: mine.id },
    ]);
    expect(foreign.recordsWritten).toBe(0);
    expect(foreign.errors[0].message).toMatch(/no customer/);
    const sameShard = await createTenant({ name: "Neighbour", shard: 0 });
    const neighbour = await ingest(sameShard, "accounts", [account(901, "C-500")]);
    expect(neighbour.recordsWritten).toBe(0);
    const counts = await rows<{ tenant_id: string; n: number }>(
      tenant,
      "SELECT tenant_id, count(*) AS n FROM accounts WHERE external_id IN ('A-900','A-901') GROUP BY tenant_id",
    );
    expect(counts).toEqual([]);
  });
});
