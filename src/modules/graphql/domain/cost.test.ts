import { buildSchema, getOperationAST, getVariableValues, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { analyze, costErrors, itemsOf, LIMITS } from "./cost";

const schema = buildSchema(`
  directive @scope(requires: String!) on FIELD_DEFINITION
  directive @list(default: Int, max: Int, estimate: Int) on FIELD_DEFINITION
  directive @batched on FIELD_DEFINITION
  type Item {
    id: ID!
    children(limit: Int): [Item!] @scope(requires: "a:read") @list(default: 10, max: 100)
    siblings(limit: Int): [Item!] @scope(requires: "a:read") @list(default: 10, max: 100) @batched
    tags: [String!] @list(estimate: 5)
  }
  type Page { data: [Item!]! total: Int! }
  type Query {
    items(limit: Int): Page @scope(requires: "a:read") @list(default: 50, max: 500)
    item(id: ID!): Item @scope(requires: "a:read")
    byIds(ids: [ID!]): [Item!] @scope(requires: "a:read") @list(estimate: 10)
  }
  type Result { done: Int! }
  type Mutation {
    act(ids: [ID!]!, note: String): Result @scope(requires: "a:write")
    other: Result @scope(requires: "a:write")
  }
`);

function cost(query: string, variables: Record<string, unknown> = {}) {
  const document = parse(query);
  const operation = getOperationAST(document)!;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
  if (coerced.errors) throw coerced.errors[0];
  return analyze(schema, document, operation, coerced.variableValues);
}

describe("itemsOf", () => {
  it("uses the limit, the default, the cap for an out-of-range limit, or the estimate", () => {
    expect(itemsOf({ default: 10, max: 100 }, { limit: 7 })).toBe(7);
    expect(itemsOf({ default: 10, max: 100 }, {})).toBe(10);
    expect(itemsOf({ default: 10, max: 100 }, { limit: 1000 })).toBe(100);
    expect(itemsOf({ default: 10, max: 100 }, { limit: 0 })).toBe(100);
    expect(itemsOf({ estimate: 5 }, {})).toBe(5);
  });
});

describe("analyze", () => {
  it("multiplies nested lookups and objects by the page sizes above them", () => {
    expect(cost("{ items(limit: 20) { total data { id children(limit: 3) { id } } } }")).toEqual({
      depth: 4,
      nodes: 20 + 20 * 3,
      loads: 1 + 20,
      fields: 6,
      mutations: 0,
      ids: 0,
    });
  });

  it("counts a @batched field once per place in the query, whatever the number of parents", () => {
    expect(
      cost(
        "{ items(limit: 20) { data { siblings(limit: 3) { siblings { id } children(limit: 2) { id } } } } }",
      ),
    ).toEqual({
      depth: 5,
      nodes: 20 + 20 * 3 + 60 * 10 + 60 * 2,
      loads: 1 + 1 + 1 + 60,
      fields: 7,
      mutations: 0,
      ids: 0,
    });
  });

  it("reads limits from variables and defaults", () => {
    expect(cost("query ($n: Int) { items(limit: $n) { data { id } } }", { n: 7 }).nodes).toBe(7);
    expect(cost("{ items { data { children { id } } } }")).toMatchObject({ nodes: 50 + 500, loads: 51 });
  });

  it("counts fields reached through fragments and each alias", () => {
    const c = cost(`
      { a: items(limit: 2) { ...F } b: items(limit: 3) { data { ... on Item { children(limit: 1) { id } } } } }
      fragment F on Page { data { children(limit: 4) { id } } }`);
    expect(c).toEqual({ depth: 4, nodes: 2 + 8 + 3 + 3, loads: 2 + 2 + 3, fields: 8, mutations: 0, ids: 0 });
  });

  it("stops early on fragments that expand exponentially", () => {
    // F0 has 2 fields; each Fk spreads F(k-1) twice through an alias: 2^31 selections in all.
    const levels = Array.from(
      { length: 30 },
      (_, k) => `fragment F${k + 1} on Item { a: children { ...F${k} } b: children { ...F${k} } }`,
    );
    const query = `{ item(id: "1") { ...F30 } } fragment F0 on Item { id tags } ${levels.join(" ")}`;
    const started = performance.now();
    const c = cost(query);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(c.fields).toBeGreaterThan(LIMITS.maxFields);
    expect(costErrors(c).map((e) => e.extensions.code)).toContain("COMPLEXITY_LIMIT_EXCEEDED");
  });

  it("ignores introspection fields for depth", () => {
    expect(cost("{ __schema { types { fields { type { ofType { ofType { name } } } } } } }").depth).toBe(0);
  });
});

describe("mutations and id lists", () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `id-${i}`);

  it("counts each root mutation field, through aliases and fragments", () => {
    expect(cost(`mutation { act(ids: ["1"]) { done } }`)).toMatchObject({ mutations: 1, ids: 1 });
    expect(cost(`mutation { a: act(ids: ["1"]) { done } b: act(ids: ["2", "3"]) { done } }`)).toMatchObject({
      mutations: 2,
      ids: 3,
    });
    const spread = cost(
      `mutation { ...M other { done } } fragment M on Mutation { act(ids: ["1"]) { done } }`,
    );
    expect(spread.mutations).toBe(2);
    expect(cost(`mutation { __typename act(ids: ["1"]) { done } }`).mutations).toBe(1);
  });

  it("counts ids from literals and variables, times the parents of a nested field", () => {
    expect(cost(`mutation ($ids: [ID!]!) { act(ids: $ids) { done } }`, { ids: ids(700) }).ids).toBe(700);
    // A single id coerces to a one-item list.
    expect(cost(`mutation { act(ids: "1") { done } }`).ids).toBe(1);
    expect(cost(`{ items(limit: 20) { data { id } } byIds(ids: ["a", "b"]) { id } }`).ids).toBe(2);
    expect(cost(`query { a: byIds(ids: ["a", "b"]) { id } b: byIds(ids: ["c"]) { id } }`).ids).toBe(3);
  });

  it("refuses 200 aliases of 1,000 ids each: one mutation field and 1,000 ids at most", () => {
    const aliases = Array.from({ length: 200 }, (_, i) => `m${i}: act(ids: $ids) { done }`).join(" ");
    const c = cost(`mutation ($ids: [ID!]!) { ${aliases} }`, { ids: ids(1_000) });
    expect(c).toMatchObject({ mutations: 200, ids: 200_000 });
    expect(costErrors(c).map((e) => e.extensions.code)).toEqual([
      "MUTATION_LIMIT_EXCEEDED",
      "COMPLEXITY_LIMIT_EXCEEDED",
    ]);

    const one = cost(`mutation ($ids: [ID!]!) { act(ids: $ids) { done } }`, { ids: ids(LIMITS.maxIds) });
    expect(costErrors(one)).toEqual([]);
    const over = cost(`mutation ($ids: [ID!]!) { act(ids: $ids) { done } }`, { ids: ids(LIMITS.maxIds + 1) });
    expect(costErrors(over).map((e) => e.extensions.code)).toEqual(["COMPLEXITY_LIMIT_EXCEEDED"]);
  });
});

describe("costErrors", () => {
  it("names the limit a cost is over, and nothing within the limits", () => {
    const { maxDepth: depth, maxNodes: nodes, maxLoads: loads, maxFields: fields } = LIMITS;
    const within = { depth, nodes, loads, fields, mutations: LIMITS.maxMutations, ids: LIMITS.maxIds };
    expect(costErrors(within)).toEqual([]);
    const over = costErrors({ ...within, depth: 7, loads: LIMITS.maxLoads + 1 });
    expect(over.map((e) => e.extensions.code)).toEqual(["DEPTH_LIMIT_EXCEEDED", "COMPLEXITY_LIMIT_EXCEEDED"]);
    for (const field of ["nodes", "loads", "fields", "ids"] as const) {
      const codes = costErrors({ ...within, [field]: within[field] + 1 }).map((e) => e.extensions.code);
      expect(codes, field).toEqual(["COMPLEXITY_LIMIT_EXCEEDED"]);
    }
    const twoMutations = costErrors({ ...within, mutations: 2 });
    expect(twoMutations.map((e) => e.extensions.code)).toEqual(["MUTATION_LIMIT_EXCEEDED"]);
  });
});
