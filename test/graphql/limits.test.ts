import { beforeAll, describe, expect, it } from "vitest";
import { INPUT_LIMITS } from "../../src/modules/graphql/domain/input-bounds";
import { call, createTenant, insertCustomer, json, type TestTenant } from "../harness";
import { codes, gql } from "./helpers";

let tenant: TestTenant;
let customerIds: string[];

beforeAll(async () => {
  tenant = await createTenant({ name: "GraphQL limits", shard: 0 });
  customerIds = [(await insertCustomer(tenant)).id!, (await insertCustomer(tenant)).id!];
});

const recordsTotal = async () =>
  (await gql(tenant.key, "{ bhiRecords(isLatest: false) { pagination { total } } }")).data!.bhiRecords
    .pagination.total as number;

describe("one mutation per operation, ids counted", () => {
  it("refuses aliases of calculateBhi and calculates nothing", async () => {
    const query = `mutation ($ids: [ID!]!) { a: calculateBhi(customerIds: $ids) { summary { total } } b: calculateBhi(customerIds: $ids) { summary { total } } }`;
    const r = await gql(tenant.key, query, { ids: customerIds });
    expect(r.status).toBe(400);
    expect(r.data).toBeUndefined();
    expect(codes(r)).toEqual(["MUTATION_LIMIT_EXCEEDED"]);
    expect(r.errors![0].extensions).toMatchObject({ mutations: 2, maxMutations: 1 });
    expect(await recordsTotal()).toBe(0);
  });

  it("refuses the same through a fragment on Mutation", async () => {
    const r = await gql(
      tenant.key,
      `mutation ($ids: [ID!]!) { ...Calc b: calculateBhi(customerIds: $ids) { summary { total } } }
       fragment Calc on Mutation { a: calculateBhi(customerIds: $ids) { summary { total } } }`,
      { ids: customerIds },
    );
    expect(r.status).toBe(400);
    expect(codes(r)).toEqual(["MUTATION_LIMIT_EXCEEDED"]);
    expect(await recordsTotal()).toBe(0);
  });

  it("refuses 200 aliases of 1,000 ids before anything runs", async () => {
    const ids = Array.from({ length: 1_000 }, () => crypto.randomUUID());
    const aliases = Array.from(
      { length: 200 },
      (_, i) => `m${i}: calculateBhi(customerIds: $ids) { summary { total } }`,
    );
    const r = await gql(tenant.key, `mutation ($ids: [ID!]!) { ${aliases.join(" ")} }`, { ids });
    expect(r.status).toBe(400);
    expect(codes(r)).toEqual(["MUTATION_LIMIT_EXCEEDED", "COMPLEXITY_LIMIT_EXCEEDED"]);
    expect(r.errors![1].extensions).toMatchObject({ cost: { ids: 200_000 } });
  });

  it("runs one mutation and reports the ids it counted", async () => {
    const r = await gql(
      tenant.key,
      `mutation ($ids: [ID!]!) { calculateBhi(customerIds: $ids) { summary { total } } }`,
      { ids: customerIds },
    );
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ calculateBhi: { summary: { total: 2 } } });
    expect(r.extensions).toMatchObject({
      cost: { mutations: 1, ids: 2, limits: { maxMutations: 1, maxIds: 1_000 } },
    });
  });
});

describe("input bounded before parsing", () => {
  const deepSelection = (depth: number) => `${"{ a ".repeat(depth)}${"}".repeat(depth)}`;

  it("answers 400 for an 8,000-deep selection set (it overflowed the parser: 500)", async () => {
    const r = await gql(tenant.key, deepSelection(8_000));
    expect(r.status).toBe(400);
    expect(codes(r)).toEqual(["DEPTH_LIMIT_EXCEEDED"]);
    expect(r.errors![0].message).toMatch(/more than 64 levels/);
  });

  it("answers 400 for 100,000 levels, by nesting or by length", async () => {
    const open = await gql(tenant.key, "{".repeat(100_000));
    expect(open.status).toBe(400);
    expect(codes(open)).toEqual(["DEPTH_LIMIT_EXCEEDED"]);

    const lists = await gql(tenant.key, `{ customers(search: ${"[".repeat(99_000)}`);
    expect(lists.status).toBe(400);
    expect(codes(lists)).toEqual(["DEPTH_LIMIT_EXCEEDED"]);

    // Balanced, 100,000 deep is 200,000+ characters: over the query length, the 400 envelope.
    const balanced = await call("POST", "/v1/graphql", {
      key: tenant.key,
      body: { query: deepSelection(100_000) },
    });
    expect(balanced.status).toBe(400);
    expect(await json(balanced)).toMatchObject({ success: false, error: { details: [{ path: "query" }] } });
  });

  it("keeps the limit exact and ignores braces inside strings and comments", async () => {
    const atLimit = deepSelection(INPUT_LIMITS.maxNesting);
    // Parsed and validated (no field `a`): past the pre-scan.
    expect(codes(await gql(tenant.key, atLimit))).toEqual(["GRAPHQL_VALIDATION_FAILED"]);
    const r = await gql(
      tenant.key,
      `# {{{{{{{{\n{ customers(search: "${"{".repeat(90)}") { pagination { total } } }`,
    );
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ customers: { pagination: { total: 0 } } });
  });

  it("answers 400 for variables nested 100,000 deep or holding too many values", async () => {
    const query = "query ($v: Int) { customers(limit: $v) { pagination { total } } }";
    // Written as text: JSON.stringify itself recurses.
    const body = `{"query":${JSON.stringify(query)},"variables":{"v":${"[".repeat(100_000)}${"]".repeat(100_000)}}}`;
    const deep = await call("POST", "/v1/graphql", { key: tenant.key, body });
    expect(deep.status).toBe(400);
    expect(await json(deep)).toMatchObject({ success: false });

    // Undeclared variables are ignored by graphql-js, but still parsed and held: bounded too.
    const wide = await gql(tenant.key, query, { v: 1, extra: Array.from({ length: 20_000 }, () => 1) });
    expect(wide.status).toBe(400);
    expect(codes(wide)).toEqual(["BAD_USER_INPUT"]);
    expect(wide.errors![0].message).toMatch(/more than 10000 values/);
  });
});
