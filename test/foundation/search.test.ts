import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { systemShardDb } from "../../src/db/system-db";
import { forTenant } from "../../src/db/tenant-db";
import { searchIndexMatches } from "../../src/modules/data/repo";
import { call, createTenant, insertCustomer, json, type TestTenant } from "../harness";

interface Page {
  data: Array<{ id: string; name: string }>;
  pagination: { total: number };
}

const search = async (t: TestTenant, text: string, extra = "") => {
  const res = await call("GET", `/v1/customers?search=${encodeURIComponent(text)}${extra}`, { key: t.key });
  return {
    status: res.status,
    body: await json<Page & { error?: { details?: Array<{ path: string }> } }>(res),
  };
};
const names = async (t: TestTenant, text: string) => {
  const { status, body } = await search(t, text);
  expect(status, `${text}: ${JSON.stringify(body)}`).toBe(200);
  return body.data.map((c) => c.name).sort();
};

/** Customer rowids the index matches for a tenant, with the tenant that owns each. */
async function indexMatches(t: TestTenant, text: string) {
  const db = systemShardDb(env, t.shard);
  const rows = await db.all<{ rowid: number }>(
    searchIndexMatches({ db: forTenant(db, t.id), tenantId: t.id }, text),
  );
  const owners = await env[`SHARD_${t.shard}` as "SHARD_0"]
    .prepare("SELECT tenant_id FROM customers WHERE rowid IN (SELECT value FROM json_each(?))")
    .bind(JSON.stringify(rows.map((r) => r.rowid)))
    .all<{ tenant_id: string }>();
  return owners.results.map((r) => r.tenant_id);
}

let a: TestTenant;
let b: TestTenant;

const SPECIAL = [
  'Ama "Golden" Stores',
  "Star*Mart ^Best",
  "NEAR(Kofi Bar) Traders",
  "name:Efua Imports",
  "Yaw AND Sons OR Daughters",
  "Akua (Pty) Ltd - 50% off_shelf",
];

beforeAll(async () => {
  // Same shard: only the tenant filter keeps them apart.
  a = await createTenant({ name: "Search A", shard: 0 });
  b = await createTenant({ name: "Search B", shard: 0 });
  for (const name of ["Kofi Chop Bar", ...SPECIAL]) await insertCustomer(a, { name, email: null });
  await insertCustomer(a, { name: "Mensah Logistics", email: "ops@mensah.gh" });
  await insertCustomer(b, { name: "Kofi Transport", email: "kofi@transport.gh" });
});

describe("search index scoped by tenant", () => {
  it("matches only the searching tenant's rows inside the index, on a shared shard", async () => {
    expect(a.shard).toBe(b.shard);
    const forA = await indexMatches(a, "kofi");
    expect(forA.length).toBeGreaterThan(0);
    expect(new Set(forA)).toEqual(new Set([a.id]));
    expect(await indexMatches(b, "kofi")).toEqual([b.id]);
    expect(await names(b, "kofi")).toEqual(["Kofi Transport"]);
    expect(await names(a, "transport")).toEqual([]);
  });

  it("matches nothing for a tenant that has no customer yet", async () => {
    const empty = await createTenant({ name: "Search empty", shard: 0 });
    expect(await indexMatches(empty, "kofi")).toEqual([]);
    expect(await names(empty, "kofi")).toEqual([]);
  });

  it("keeps updates and deletes in step", async () => {
    const row = await insertCustomer(a, { name: "Temporary Zebra Shop" });
    expect(await names(a, "zebra")).toEqual(["Temporary Zebra Shop"]);
    const db = env.SHARD_0;
    await db.prepare("UPDATE customers SET name = 'Temporary Okapi Shop' WHERE id = ?").bind(row.id).run();
    expect(await names(a, "zebra")).toEqual([]);
    expect(await names(a, "okapi")).toEqual(["Temporary Okapi Shop"]);
    await db.prepare("DELETE FROM customers WHERE id = ?").bind(row.id).run();
    expect(await names(a, "okapi")).toEqual([]);
  });
});

describe("migration 0016 on a shard with data", () => {
  it("rebuilds the index so existing customers are found, each by their own tenant only", async () => {
    const db = env.SHARD_1;
    const migration = (prefix: string) => env.SHARD_MIGRATIONS.find((m) => m.name.startsWith(prefix))!;
    const run = (queries: string[]) => db.batch(queries.map((q) => db.prepare(q)));
    // Back to the index of 0001 (every tenant in one index), then data, then 0016 again.
    await run([
      "DROP TRIGGER customers_search_ai",
      "DROP TRIGGER customers_search_ad",
      "DROP TRIGGER customers_search_au",
      "DROP TABLE customers_search",
      "DROP VIEW customer_search_source",
      "DROP VIEW customer_search_tags",
      "DROP TABLE customer_search_tenants",
      ...migration("0001").queries.filter((q) => q.includes("customers_search")),
    ]);
    const x = await createTenant({ name: "Before X", shard: 1 });
    const y = await createTenant({ name: "Before Y", shard: 1 });
    await insertCustomer(x, { name: "Kwabena Cocoa Farms", email: "kb@cocoa.gh" });
    await insertCustomer(y, { name: "Kwabena Cocoa Traders", email: null });
    // The old index matches both tenants' rows for one text.
    const before = await db
      .prepare(`SELECT rowid FROM customers_search WHERE customers_search MATCH '"cocoa"'`)
      .all();
    expect(before.results).toHaveLength(2);

    await run(migration("0016").queries);
    expect(await names(x, "cocoa")).toEqual(["Kwabena Cocoa Farms"]);
    expect(await names(y, "cocoa")).toEqual(["Kwabena Cocoa Traders"]);
    expect(await indexMatches(x, "cocoa")).toEqual([x.id]);
    expect(await indexMatches(y, "kwabena")).toEqual([y.id]);
    await insertCustomer(y, { name: "Kwabena Cocoa Exports" });
    expect(await names(y, "cocoa")).toEqual(["Kwabena Cocoa Exports", "Kwabena Cocoa Traders"]);
  });
});

describe("search text is literal and safe", () => {
  it("matches FTS syntax as plain characters", async () => {
    const cases: Array<[string, string[]]> = [
      ['"Golden"', ['Ama "Golden" Stores']],
      ['Ama "Gol', ['Ama "Golden" Stores']],
      ['"', ['Ama "Golden" Stores']],
      ['""""', []],
      ["r*M", ["Star*Mart ^Best"]],
      ["^Best", ["Star*Mart ^Best"]],
      ["*", ["Star*Mart ^Best"]],
      ["Sta*", []],
      ["NEAR(", ["NEAR(Kofi Bar) Traders"]],
      ["NEAR(Kofi Chop)", []],
      ["name:Efua", ["name:Efua Imports"]],
      ["name:Kofi", []],
      ["email:ops", []],
      ["{name}:Kofi", []],
      ["Yaw AND Sons", ["Yaw AND Sons OR Daughters"]],
      ["Kofi OR Mensah", []],
      ["NOT Kofi", []],
      ["(Pty)", ["Akua (Pty) Ltd - 50% off_shelf"]],
      ["50%", ["Akua (Pty) Ltd - 50% off_shelf"]],
      ["f_s", ["Akua (Pty) Ltd - 50% off_shelf"]],
      ["- 5", ["Akua (Pty) Ltd - 50% off_shelf"]],
      ["_", ["Akua (Pty) Ltd - 50% off_shelf"]],
      ["'", []],
    ];
    for (const [text, expected] of cases) expect(await names(a, text), text).toEqual(expected);
  });

  it("answers 400 naming search for NUL and other control characters, never 500", async () => {
    const issue = await call("GET", "/v1/customers?limit=55&status=active&search=a%00b", { key: a.key });
    expect(issue.status).toBe(400);
    expect(await json(issue)).toMatchObject({
      error: { code: "bad_request", details: [{ path: "search" }] },
    });
    for (const text of ["\u0000", "ab\u0000", "a\u0001b", "Kofi\tChop", "x\u001fy", "a\u007fb"]) {
      const { status, body } = await search(a, text);
      expect(status, JSON.stringify(text)).toBe(400);
      expect(body.error?.details?.map((d) => d.path)).toEqual(["search"]);
    }
  });

  it("caps the length at 100 characters", async () => {
    expect((await search(a, "k".repeat(100))).status).toBe(200);
    const long = await search(a, "k".repeat(101));
    expect(long.status).toBe(400);
    expect(long.body.error?.details?.map((d) => d.path)).toEqual(["search"]);
    expect((await search(a, "k".repeat(100_000))).status).toBe(400);
  });

  it("refuses the same through GraphQL as a field error, not a 500", async () => {
    const res = await call("POST", "/v1/graphql", {
      key: a.key,
      body: {
        query: "query ($s: String) { customers(search: $s) { data { name } } }",
        variables: { s: "a\u0000b" },
      },
    });
    expect(res.status).toBe(200);
    const body = await json<{ errors: Array<{ extensions: { code: string } }> }>(res);
    expect(body.errors.map((e) => e.extensions.code)).toEqual(["BAD_USER_INPUT"]);
  });

  it("passes NUL in other free-text filters as data, never a 500", async () => {
    for (const path of [
      "/v1/agents?region=a%00b",
      "/v1/fraud/cases?entityId=a%00b",
      "/v1/kyc-aml/cases?entityId=a%00b&ruleId=a%00b",
    ]) {
      const res = await call("GET", path, { key: a.key });
      expect(res.status, path).toBeLessThan(500);
    }
  });
});
