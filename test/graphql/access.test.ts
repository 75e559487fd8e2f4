import { beforeAll, describe, expect, it } from "vitest";
import { AREAS, type Scope } from "../../src/lib/scopes";
import {
  call,
  createKey,
  createTenant,
  insertAccount,
  insertAgent,
  insertCustomer,
  json,
  type TestTenant,
} from "../harness";
import { codes, gql } from "./helpers";

let owner: TestTenant;
let other: TestTenant;
let customerId: string;

beforeAll(async () => {
  owner = await createTenant({ name: "GraphQL owner", shard: 0 });
  other = await createTenant({ name: "GraphQL other", shard: 1 });
  const customer = await insertCustomer(owner, { name: "Owner Customer" });
  customerId = customer.id!;
  await insertAccount(owner, customerId);
});

const someId = "00000000-0000-4000-8000-000000000000";

/** One query per root field; the test fails when a root field is missing here. */
const ROOT_QUERIES: Record<string, string> = {
  customers: "{ customers { pagination { total } } }",
  customer: `{ customer(id: "${someId}") { id } }`,
  accounts: "{ accounts { pagination { total } } }",
  transactions: "{ transactions { pagination { total } } }",
  agents: "{ agents { pagination { total } } }",
  agent: `{ agent(agentId: "AGT-x") { id } }`,
  bhi: `{ bhi(customerId: "${someId}") { id } }`,
  bhiHistory: `{ bhiHistory(customerId: "${someId}") { customerId } }`,
  bhiSummary: "{ bhiSummary { totalCustomers } }",
  bhiRecords: "{ bhiRecords { pagination { total } } }",
  fraudCases: "{ fraudCases { pagination { total } } }",
  fraudCase: `{ fraudCase(id: "${someId}") { id } }`,
  amlCases: "{ amlCases { pagination { total } } }",
  amlCase: `{ amlCase(id: "${someId}") { id } }`,
  amlRules: "{ amlRules { totalEnabled } }",
  webhookSubscriptions: "{ webhookSubscriptions { pagination { total } } }",
  calculateBhi: `mutation { calculateBhi(customerIds: ["${someId}"]) { summary { total } } }`,
};

async function fieldScopes(): Promise<Record<string, Scope>> {
  const doc = await json<{ paths: Record<string, Record<string, Record<string, unknown>>> }>(
    await call("GET", "/v1/openapi.json"),
  );
  return doc.paths["/v1/graphql"].post["x-field-scopes"] as Record<string, Scope>;
}

describe("scopes, per field", () => {
  it("lists a REST scope for every root field in the OpenAPI document", async () => {
    const scopes = await fieldScopes();
    expect(Object.keys(scopes).sort()).toEqual(Object.keys(ROOT_QUERIES).sort());
    for (const scope of Object.values(scopes)) expect(scope).toMatch(/^[a-z]+:(read|write)$/);
    expect(scopes.calculateBhi).toBe("bhi:write");
  });

  it("answers FORBIDDEN on a root field with every scope but its own, and not with its own", async () => {
    const scopes = await fieldScopes();
    const all = AREAS.flatMap((a) => [`${a}:read`, `${a}:write`] as Scope[]);
    for (const [field, scope] of Object.entries(scopes)) {
      const without = await createKey(
        owner.id,
        all.filter((s) => s !== scope),
      );
      const refused = await gql(without.key, ROOT_QUERIES[field]);
      expect(refused.status, field).toBe(200);
      expect(refused.data, field).toEqual({ [field]: null });
      expect(refused.errors, field).toEqual([
        expect.objectContaining({ path: [field], extensions: { code: "FORBIDDEN" } }),
      ]);

      const only = await createKey(owner.id, [scope]);
      const allowed = await gql(only.key, ROOT_QUERIES[field]);
      expect(codes(allowed), field).not.toContain("FORBIDDEN");
    }
  });

  it("keeps the permitted fields when another is forbidden (partial data)", async () => {
    const key = await createKey(owner.id, ["data:read"]);
    const r = await gql(
      key.key,
      `query ($id: ID!) { customer(id: $id) { name latestBhi { id } } bhiSummary { totalCustomers } }`,
      { id: customerId },
    );
    expect(r.status).toBe(200);
    expect(r.success).toBe(false);
    expect(r.data).toEqual({ customer: { name: "Owner Customer", latestBhi: null }, bhiSummary: null });
    expect(r.errors!.map((e) => [e.path, e.extensions?.code])).toEqual(
      expect.arrayContaining([
        [["customer", "latestBhi"], "FORBIDDEN"],
        [["bhiSummary"], "FORBIDDEN"],
      ]),
    );
  });

  it("lets a key with only bhi:read read BHI (no data:read needed at the route)", async () => {
    const key = await createKey(owner.id, ["bhi:read"]);
    const r = await gql(key.key, "{ bhiSummary { totalCustomers } }");
    expect(r).toMatchObject({ status: 200, success: true, data: { bhiSummary: { totalCustomers: 0 } } });
  });
});

describe("tenancy", () => {
  it("resolves another tenant's ids to null with NOT_FOUND", async () => {
    const agent = await insertAgent(owner);
    const r = await gql(
      other.key,
      `query ($id: ID!, $agentId: String!) {
        customer(id: $id) { id } bhi(customerId: $id) { id } bhiHistory(customerId: $id) { customerId }
        agent(agentId: $agentId) { id }
      }`,
      { id: customerId, agentId: agent.agentId },
    );
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ customer: null, bhi: null, bhiHistory: null, agent: null });
    expect(codes(r)).toEqual(["NOT_FOUND", "NOT_FOUND", "NOT_FOUND", "NOT_FOUND"]);

    const mine = await gql(owner.key, `query ($id: ID!) { customer(id: $id) { id } }`, { id: customerId });
    expect(mine.data).toEqual({ customer: { id: customerId } });
  });

  it("does the same for another tenant's fraud case", async () => {
    const created = await call("POST", "/v1/fraud/cases", {
      key: owner.key,
      body: {
        alertId: crypto.randomUUID(),
        entityType: "merchant",
        entityId: "Shop",
        severity: "low",
        overallScore: 12,
      },
    });
    const caseId = (await json<{ case: { id: string } }>(created)).case.id;
    const query = `query ($id: ID!) { fraudCase(id: $id) { id events { eventType } } }`;
    const foreign = await gql(other.key, query, { id: caseId });
    expect(foreign.data).toEqual({ fraudCase: null });
    expect(codes(foreign)).toEqual(["NOT_FOUND"]);
    const own = await gql(owner.key, query, { id: caseId });
    expect(own.data).toEqual({ fraudCase: { id: caseId, events: [{ eventType: "created" }] } });
  });

  it("lists only the caller's own data", async () => {
    const r = await gql(
      other.key,
      "{ customers { data { id } pagination { total } } accounts { pagination { total } } }",
    );
    expect(r.data).toEqual({
      customers: { data: [], pagination: { total: 0 } },
      accounts: { pagination: { total: 0 } },
    });
  });
});

describe("HTTP", () => {
  it("keeps 401 for a missing or bad key", async () => {
    for (const key of [undefined, `csk_test_${"x".repeat(40)}`]) {
      const res = await call("POST", "/v1/graphql", {
        key,
        body: { query: "{ bhiSummary { totalCustomers } }" },
      });
      expect(res.status).toBe(401);
      expect((await json<{ error: { code: string } }>(res)).error.code).toBe("unauthorized");
    }
  });

  it("answers the error envelope for a body that is not a GraphQL request", async () => {
    const malformed = await call("POST", "/v1/graphql", { key: owner.key, body: "{ not json" });
    expect(malformed.status).toBe(400);
    expect(await json(malformed)).toMatchObject({ success: false, error: { code: "bad_request" } });

    const noQuery = await call("POST", "/v1/graphql", { key: owner.key, body: { variables: {} } });
    expect(noQuery.status).toBe(400);
    expect(await json(noQuery)).toMatchObject({ success: false, error: { details: [{ path: "query" }] } });

    const text = await call("POST", "/v1/graphql", {
      key: owner.key,
      body: "{ customers { pagination { total } } }",
      headers: { "content-type": "application/graphql" },
    });
    expect(text.status).toBe(415);
  });

  it("answers 400 with GraphQL errors for syntax, validation and variable errors", async () => {
    const syntax = await gql(owner.key, "{ customers { data { id }");
    expect(syntax).toMatchObject({ status: 400, success: false });
    expect(syntax.data).toBeUndefined();
    expect(codes(syntax)).toEqual(["GRAPHQL_PARSE_FAILED"]);
    expect(syntax.errors![0].message).toMatch(/Syntax Error/);

    const unknown = await gql(owner.key, "{ customers { data { id password } } }");
    expect(unknown.status).toBe(400);
    expect(codes(unknown)).toEqual(["GRAPHQL_VALIDATION_FAILED"]);

    const mutation = await gql(owner.key, "mutation { deleteEverything { id } }");
    expect(mutation.status).toBe(400);

    const variable = await gql(
      owner.key,
      "query ($limit: Int) { customers(limit: $limit) { data { id } } }",
      {
        limit: "ten",
      },
    );
    expect(variable.status).toBe(400);
    expect(codes(variable)).toEqual(["BAD_USER_INPUT"]);

    const twoOps = await gql(
      owner.key,
      "query A { bhiSummary { totalCustomers } } query B { amlRules { totalEnabled } }",
    );
    expect(twoOps.status).toBe(400);
  });

  it("refuses queries deeper than 6 before running them", async () => {
    const r = await gql(
      owner.key,
      "{ customers { data { accounts { customer { accounts { customer { id } } } } } } }",
    );
    expect(r.status).toBe(400);
    expect(r.errors![0].extensions).toMatchObject({ code: "DEPTH_LIMIT_EXCEEDED", depth: 7, maxDepth: 6 });

    const six = await gql(
      owner.key,
      "{ customers(limit: 2) { data { accounts(limit: 2) { customer { accounts(limit: 2) { id } } } } } }",
    );
    expect(six.status).toBe(200);
    expect(six.errors).toBeUndefined();
  });

  it("refuses queries over the object or lookup budget, and reports the cost of others", async () => {
    // Fraud case events are read per case (not @batched): one lookup per case.
    const lookups = await gql(owner.key, "{ fraudCases(limit: 500) { data { events(limit: 1) { id } } } }");
    expect(lookups.status).toBe(400);
    expect(lookups.errors![0].extensions).toMatchObject({
      code: "COMPLEXITY_LIMIT_EXCEEDED",
      cost: { loads: 501 },
    });

    const objects = await gql(
      owner.key,
      "{ customers(limit: 100) { data { transactions(limit: 100) { id } } } }",
    );
    expect(objects.status).toBe(400);
    // Nested customer transactions are @batched: one lookup for all 100 customers.
    expect(objects.errors![0].extensions).toMatchObject({ cost: { nodes: 10_100, loads: 2 } });

    const atLimit = await gql(owner.key, "{ fraudCases(limit: 199) { data { events(limit: 1) { id } } } }");
    expect(atLimit.status).toBe(200);
    expect(atLimit.extensions).toMatchObject({ cost: { loads: 200, depth: 4 } });

    const batched = await gql(
      owner.key,
      "{ customers(limit: 500) { data { accounts(limit: 2) { id } latestBhi { id } } } }",
    );
    expect(batched.status).toBe(200);
    expect(batched.extensions).toMatchObject({ cost: { loads: 3 } });
  });

  it("refuses fragments that expand exponentially, quickly", async () => {
    const levels = Array.from(
      { length: 30 },
      (_, k) => `fragment F${k + 1} on Customer { ...F${k} ...F${k} }`,
    );
    const query = `{ customers { data { ...F30 } } } fragment F0 on Customer { id name } ${levels.join(" ")}`;
    const started = Date.now();
    const r = await gql(owner.key, query);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(r.status).toBe(400);
    expect(codes(r)).toEqual(["COMPLEXITY_LIMIT_EXCEEDED"]);
  });

  it("keeps introspection enabled and documents each field's scope", async () => {
    const r = await gql(owner.key, `{ __type(name: "Query") { fields { name description } } }`);
    expect(r.status).toBe(200);
    const fields = r.data!.__type.fields as Array<{ name: string; description: string }>;
    expect(fields.find((f) => f.name === "bhiSummary")!.description).toMatch(/Requires scope `bhi:read`/);
  });
});
