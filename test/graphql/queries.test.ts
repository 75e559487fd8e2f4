import { beforeAll, describe, expect, it } from "vitest";
import { calculate, seedHealthyCustomer } from "../bhi/seed";
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
import { codes, gql } from "./helpers";

let tenant: TestTenant;
let customerId: string;
let accountId: string;

beforeAll(async () => {
  tenant = await createTenant({ name: "GraphQL reads", shard: 0 });
  const { customer, account } = await seedHealthyCustomer(tenant, "Ama Textiles");
  customerId = customer.id!;
  accountId = account.id!;
  expect((await calculate(tenant, { customerId })).status).toBe(200);
  for (let i = 0; i < 3; i++) await insertCustomer(tenant, { name: `Filler ${i}` });
});

describe("customers", () => {
  it("pages customers with the REST pagination and filters", async () => {
    const r = await gql(
      tenant.key,
      `{ customers(limit: 2) { data { id name } pagination { total limit offset hasMore } } }`,
    );
    expect(r.status).toBe(200);
    expect(r.success).toBe(true);
    expect(r.data!.customers.pagination).toEqual({ total: 4, limit: 2, offset: 0, hasMore: true });
    expect(r.data!.customers.data).toHaveLength(2);

    const found = await gql(tenant.key, `{ customers(search: "Textiles") { data { id } } }`);
    expect(found.data!.customers.data).toEqual([{ id: customerId }]);
  });

  it("takes variables and operationName", async () => {
    const query = `
      query One($id: ID!) { customer(id: $id) { id name } }
      query Count { customers { pagination { total } } }`;
    const one = await gql(tenant.key, query, { id: customerId }, "One");
    expect(one.data).toEqual({ customer: { id: customerId, name: "Ama Textiles" } });
    const count = await gql(tenant.key, query, {}, "Count");
    expect(count.data!.customers.pagination.total).toBe(4);
  });

  it("resolves nested accounts, transactions and the latest BHI of a customer", async () => {
    const r = await gql(
      tenant.key,
      `query ($id: ID!) { customer(id: $id) {
        accounts { id currentBalance transactions(limit: 3, type: debit) { amount type } }
        transactions(limit: 5) { id accountId }
        latestBhi { bhiOverall bhiBand isLatest reasons { factor } }
      } }`,
      { id: customerId },
    );
    expect(r.errors).toBeUndefined();
    const c = r.data!.customer;
    expect(c.accounts).toEqual([
      {
        id: accountId,
        currentBalance: "20000.00",
        transactions: Array(3).fill({ amount: "700.00", type: "debit" }),
      },
    ]);
    expect(c.transactions).toHaveLength(5);
    expect(c.transactions.every((t: { accountId: string }) => t.accountId === accountId)).toBe(true);
    expect(c.latestBhi).toMatchObject({ bhiOverall: "100.00", bhiBand: "excellent", isLatest: true });
    expect(c.latestBhi.reasons.length).toBeGreaterThan(0);
  });

  it("answers the same customer, accounts, transactions and BHI as REST", async () => {
    const r = await gql(
      tenant.key,
      `query ($id: ID!) { customer(id: $id) {
        id externalId externalSource type name email phone status vertical riskLevel riskScore tags
        businessInfo { legalName industry registrationNumber taxId } sourceCreatedAt createdAt updatedAt
        accounts { id customerId externalId type name status currency currentBalance availableBalance creditLimit sourceCreatedAt createdAt }
        transactions(limit: 100) { id customerId accountId agentId externalId type category amount currency description status transactionDate merchantName balanceAfter channel counterpartyName counterpartyCountry flow }
        latestBhi { id customerId bhiOverall bhiBand liquidityScore volatilityScore revenueStabilityScore expenseRatioScore paymentBehaviorScore trend previousBhi bhiChangePercent inputMetrics calculationVersion isLatest createdAt
          reasons { factor score weight contribution direction explanation }
          alerts { type severity message metric currentValue threshold }
          componentWeights { liquidity volatility revenueStability expenseRatio paymentBehavior } }
      } }`,
      { id: customerId },
    );
    const g = r.data!.customer;
    const rest = await json<{ customer: Record<string, unknown> }>(
      await call("GET", `/v1/customers/${customerId}`, { key: tenant.key }),
    );
    const { tenantId: _t, businessInfo, ...restCustomer } = rest.customer;
    const { accounts, transactions, latestBhi, businessInfo: gBusiness, ...gCustomer } = g;
    expect(gCustomer).toEqual(restCustomer);
    expect(gBusiness).toEqual({
      legalName: null,
      industry: null,
      registrationNumber: null,
      taxId: null,
      ...(businessInfo as object),
    });

    const restAccounts = await json<{ data: Array<Record<string, unknown>> }>(
      await call("GET", `/v1/accounts?customerId=${customerId}`, { key: tenant.key }),
    );
    expect(accounts).toEqual(restAccounts.data.map(({ tenantId: _x, ...a }) => a));

    const restTx = await json<{ data: Array<Record<string, unknown>> }>(
      await call("GET", `/v1/transactions?customerId=${customerId}&limit=100`, { key: tenant.key }),
    );
    expect(transactions).toEqual(restTx.data.map(({ tenantId: _x, ...t }) => t));

    const restBhi = await json<{ bhi: Record<string, unknown> }>(
      await call("GET", `/v1/bhi/${customerId}`, { key: tenant.key }),
    );
    const { tenantId: _b, ...bhi } = restBhi.bhi;
    expect(latestBhi).toEqual(bhi);
  });

  it("gives null latestBhi (no error) for a customer without a BHI record", async () => {
    const bare = await insertCustomer(tenant, { name: "No BHI yet" });
    const r = await gql(tenant.key, `query ($id: ID!) { customer(id: $id) { name latestBhi { id } } }`, {
      id: bare.id,
    });
    expect(r.errors).toBeUndefined();
    expect(r.data!.customer).toEqual({ name: "No BHI yet", latestBhi: null });
  });
});

describe("list limits", () => {
  it("refuses limit 501 on a top-level list and 101 on a nested one, like REST's 1..500", async () => {
    const top = await gql(tenant.key, `{ customers(limit: 501) { data { id } } }`);
    expect(top.status).toBe(200);
    expect(top.data!.customers).toBeNull();
    expect(codes(top)).toEqual(["BAD_USER_INPUT"]);
    expect(top.errors![0].extensions!.details).toEqual([{ path: "limit", message: expect.any(String) }]);

    const fine = await gql(tenant.key, `{ customers(limit: 500) { pagination { limit } } }`);
    expect(fine.data!.customers.pagination.limit).toBe(500);

    const nested = await gql(
      tenant.key,
      `query ($id: ID!) { customer(id: $id) { name accounts(limit: 101) { id } } }`,
      { id: customerId },
    );
    expect(nested.data!.customer).toEqual({ name: "Ama Textiles", accounts: null });
    expect(codes(nested)).toEqual(["BAD_USER_INPUT"]);
  });

  it("validates other arguments with the REST rules", async () => {
    const r = await gql(
      tenant.key,
      `{ transactions(startDate: "yesterday") { data { id } } customer(id: "not-a-uuid") { id } }`,
    );
    expect(r.data).toEqual({ transactions: null, customer: null });
    expect(codes(r).sort()).toEqual(["BAD_USER_INPUT", "BAD_USER_INPUT"]);
  });
});

describe("calculateBhi", () => {
  it("calculates named customers through the BHI service and agrees with the stored record", async () => {
    const r = await gql(
      tenant.key,
      `mutation ($ids: [ID!]!) { calculateBhi(customerIds: $ids) {
        results { customerId persisted bhi { id bhiOverall isLatest } error { code } }
        summary { total successful failed byBand { excellent } }
      } }`,
      { ids: [customerId, "00000000-0000-4000-8000-000000000000"] },
    );
    expect(r.errors).toBeUndefined();
    const { results, summary } = r.data!.calculateBhi;
    expect(summary).toEqual({ total: 2, successful: 1, failed: 1, byBand: { excellent: 1 } });
    const ok = results.find((x: { customerId: string }) => x.customerId === customerId);
    expect(ok).toMatchObject({ persisted: true, bhi: { bhiOverall: "100.00", isLatest: true }, error: null });
    expect(results.find((x: { persisted: boolean }) => !x.persisted).error.code).toBe("not_found");

    const rest = await json<{ bhi: { id: string } }>(
      await call("GET", `/v1/bhi/${customerId}`, { key: tenant.key }),
    );
    expect(rest.bhi.id).toBe(ok.bhi.id);
  });

  it("refuses an empty customer list (an all-customers run stays in REST)", async () => {
    const r = await gql(tenant.key, "mutation { calculateBhi(customerIds: []) { summary { total } } }");
    expect(r.data).toEqual({ calculateBhi: null });
    expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
  });
});

describe("the other areas", () => {
  it("reads agents, one agent, the BHI summary and history", async () => {
    const agent = await insertAgent(tenant, { agentName: "Kumasi Central" });
    const r = await gql(
      tenant.key,
      `query ($agentId: String!, $id: ID!) {
        agents { data { agentId agentName } pagination { total } }
        agent(agentId: $agentId) { agentName floatBalance }
        bhiSummary { totalCustomers byBand { excellent } }
        bhiHistory(customerId: $id) { customerId data { bhiOverall } pagination { total } }
        bhi(customerId: $id) { bhiOverall }
        bhiRecords(bhiBand: excellent) { data { bhiOverall customer { name } } pagination { total } }
      }`,
      { agentId: agent.agentId, id: customerId },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.agents.data).toEqual([{ agentId: agent.agentId, agentName: "Kumasi Central" }]);
    expect(r.data!.agent.agentName).toBe("Kumasi Central");
    expect(r.data!.bhiSummary).toEqual({ totalCustomers: 1, byBand: { excellent: 1 } });
    const restHistory = await json<{ history: Array<{ bhiOverall: string }>; pagination: { total: number } }>(
      await call("GET", `/v1/bhi/${customerId}/history`, { key: tenant.key }),
    );
    expect(restHistory.pagination.total).toBeGreaterThan(0);
    expect(r.data!.bhiHistory).toEqual({
      customerId,
      data: restHistory.history.map((h) => ({ bhiOverall: h.bhiOverall })),
      pagination: { total: restHistory.pagination.total },
    });
    expect(r.data!.bhi.bhiOverall).toBe("100.00");
    expect(r.data!.bhiRecords).toEqual({
      data: [{ bhiOverall: "100.00", customer: { name: "Ama Textiles" } }],
      pagination: { total: 1 },
    });
  });

  it("reads fraud cases with their events and a disclaimer", async () => {
    const created = await call("POST", "/v1/fraud/cases", {
      key: tenant.key,
      body: {
        alertId: crypto.randomUUID(),
        entityType: "customer",
        entityId: customerId,
        severity: "high",
        overallScore: 71,
      },
    });
    const caseId = (await json<{ case: { id: string } }>(created)).case.id;
    await call("POST", `/v1/fraud/cases/${caseId}/notes`, {
      key: tenant.key,
      body: { content: "Called the customer", actorId: "analyst-1" },
    });
    const r = await gql(
      tenant.key,
      `query ($id: ID!) {
        fraudCase(id: $id) { id currentStatus disclaimer events { eventSequence eventType } }
        fraudCases(severity: [high], status: [open]) { data { id events(limit: 1) { eventType } } pagination { total } disclaimer }
      }`,
      { id: caseId },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.fraudCase.events).toEqual([
      { eventSequence: 1, eventType: "created" },
      { eventSequence: 2, eventType: "note_added" },
    ]);
    expect(r.data!.fraudCase.disclaimer).toMatch(/Advisory only/);
    expect(r.data!.fraudCases.data).toEqual([{ id: caseId, events: [{ eventType: "created" }] }]);
    expect(r.data!.fraudCases.disclaimer).toMatch(/Advisory only/);
  });

  it("reads AML cases with their history, the rules and webhook subscriptions", async () => {
    const customer = await insertCustomer(tenant);
    const account = await insertAccount(tenant, customer.id!);
    await insertTransactions(tenant, { id: account.id!, customerId: customer.id! }, [
      { amountMinor: 6_000_000, channel: "cash", transactionDate: new Date().toISOString() },
    ]);
    const evaluated = await call("POST", "/v1/kyc-aml/evaluate", {
      key: tenant.key,
      body: { entityType: "customer", entityId: customer.id, ruleIds: ["AML-LCT-001"] },
    });
    const caseId = (await json<{ result: { cases: Array<{ caseId: string }> } }>(evaluated)).result.cases[0]
      .caseId;
    await call("POST", "/v1/webhooks/subscriptions", {
      key: tenant.key,
      body: { url: "http://127.0.0.1:9/graphql-test", eventTypes: ["*"] },
    });
    const r = await gql(
      tenant.key,
      `query ($id: ID!) {
        amlCase(id: $id) { id status chainValid history { sequence toStatus } disclaimer }
        amlCases(status: [open]) { data { id ruleId history { sequence } } pagination { total } }
        amlRules { totalEnabled rules { ruleId } }
        webhookSubscriptions { data { url secretPrefix } pagination { total } }
      }`,
      { id: caseId },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.amlCase).toMatchObject({
      id: caseId,
      status: "open",
      chainValid: true,
      history: [{ sequence: 1, toStatus: "open" }],
    });
    expect(r.data!.amlCases.data).toEqual([
      { id: caseId, ruleId: "AML-LCT-001", history: [{ sequence: 1 }] },
    ]);
    expect(r.data!.amlRules.rules.map((x: { ruleId: string }) => x.ruleId)).toContain("AML-LCT-001");
    expect(r.data!.webhookSubscriptions.data).toEqual([
      { url: "http://127.0.0.1:9/graphql-test", secretPrefix: expect.stringMatching(/^whsec_/) },
    ]);
  });
});
