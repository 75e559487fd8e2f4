import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTenantContext } from "../../src/db/tenant-context";
import { call, createTenant, json, shardRows, type TestTenant } from "../harness";
import { account, customer, ingest, transaction } from "../ingest/helpers";

/**
 * Issue 11 finding 1: a `__proto__` key anywhere in input must never reach Object.prototype
 * of the isolate, which every tenant it serves shares. The tests share the Worker's isolate,
 * so `({}).status` here is what the next request of any tenant would see.
 */
type ErrorBody = { error: { code: string; details?: { path: string; message: string }[] } };
const probe = () => ({}) as Record<string, unknown>;

const POLLUTING_CSV =
  "externalId,externalSource,name,__proto__.status,__proto__.country\r\nC-1,core,Evil,reversed,KP\r\n";

let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  // The same shard, so a leak through shared state could not hide behind separate databases.
  a = await createTenant({ name: "Polluter", shard: 0 });
  b = await createTenant({ name: "Bystander", shard: 0 });
});

const rows = shardRows;

const send = (t: TestTenant, path: string, body: string, contentType = "application/json") =>
  call("POST", path, { key: t.key, body, headers: { "content-type": contentType } });

async function expectRefused(res: Response, path: string) {
  expect(res.status).toBe(400);
  const body = await json<ErrorBody>(res);
  expect(body.error.code).toBe("bad_request");
  expect(body.error.details).toContainEqual({ path, message: expect.stringMatching(/is not allowed/) });
}

describe("a polluting CSV from tenant A leaves tenant B unaffected", () => {
  it("refuses the CSV naming the header, and B's next records and settings keep their defaults", async () => {
    const res = await send(a, "/v1/ingest/customers", POLLUTING_CSV, "text/csv");
    await expectRefused(res, "header.__proto__.status");
    expect(probe().status).toBeUndefined();
    expect(probe().country).toBeUndefined();
    expect(await rows(a, "SELECT id FROM customers WHERE tenant_id = ?", a.id)).toEqual([]);

    // B's transaction without `status` is stored with the default, not A's "reversed".
    expect((await ingest(b, "customers", [customer(1)])).recordsWritten).toBe(1);
    expect((await ingest(b, "accounts", [account(1, "C-1")])).recordsWritten).toBe(1);
    const tx = transaction(1, "A-1");
    expect(tx).not.toHaveProperty("status");
    expect((await ingest(b, "transactions", [tx])).recordsWritten).toBe(1);
    const stored = await rows<{ status: string }>(
      b,
      "SELECT status FROM transactions WHERE tenant_id = ?",
      b.id,
    );
    expect(stored).toEqual([{ status: "completed" }]);

    const ctx = await loadTenantContext(env, b.id, "test");
    expect((ctx.tenant.settings as Record<string, unknown>).country).toBeUndefined();
    expect((await call("GET", "/v1/customers", { key: b.key })).status).toBe(200);
  });

  it("runs with Object.prototype, Array.prototype and Function.prototype frozen (the backstop)", () => {
    expect(Object.isFrozen(Object.prototype)).toBe(true);
    expect(Object.isFrozen(Array.prototype)).toBe(true);
    expect(Object.isFrozen(Function.prototype)).toBe(true);
  });
});

describe("every input path refuses keys that reach a prototype", () => {
  it("CSV ingest: an unknown column is a 400 naming it", async () => {
    const res = await send(
      a,
      "/v1/ingest/customers",
      "externalId,externalSource,name,nickname\nC-9,core,N,x\n",
      "text/csv",
    );
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).error.details).toEqual([
      { path: "header.nickname", message: '"nickname" is not a field of this resource' },
    ]);
  });

  it("JSON ingest: __proto__ in a record is a 400 naming the record and key", async () => {
    const body = `[${JSON.stringify(customer(2))}, {"externalId":"C-3","externalSource":"core","name":"x","__proto__":{"status":"closed"}}]`;
    await expectRefused(await send(a, "/v1/ingest/customers", body), "1.__proto__");
    expect(await rows(a, "SELECT id FROM customers WHERE tenant_id = ?", a.id)).toEqual([]);
  });

  it("NDJSON ingest: constructor.prototype on a line is a 400 naming the line's record", async () => {
    const body = `${JSON.stringify(customer(4))}\n{"externalId":"C-5","externalSource":"core","name":"x","businessInfo":{"constructor":{"prototype":{"status":"closed"}}}}\n`;
    await expectRefused(
      await send(a, "/v1/ingest/customers", body, "application/x-ndjson"),
      "1.businessInfo.constructor",
    );
    expect(await rows(a, "SELECT id FROM customers WHERE tenant_id = ?", a.id)).toEqual([]);
  });

  it("export-file sync: a polluting CSV header skips the file, a polluting NDJSON record is reported", async () => {
    const prefix = `tenants/${a.id}/imports/core_banking/`;
    await env.FILES.put(`${prefix}customers-1.csv`, POLLUTING_CSV);
    await env.FILES.put(
      `${prefix}customers-2.ndjson`,
      `${JSON.stringify(customer(6))}\n{"externalId":"C-7","externalSource":"core","name":"x","__proto__":{"status":"closed"}}\n`,
    );
    const res = await call("POST", "/v1/sync/core_banking", { key: a.key });
    expect(res.status).toBe(200);
    const { syncStatus } = await json<{ syncStatus: { errors: string[]; status: string } }>(res);
    expect(syncStatus.status).toBe("succeeded");
    expect(syncStatus.errors).toEqual([
      expect.stringMatching(
        /^customers-1\.csv: header\.__proto__\.status: .*not allowed.*the file was skipped$/,
      ),
      expect.stringMatching(/^customers-2\.ndjson record 2: __proto__: the key "__proto__" is not allowed$/),
    ]);
    expect(probe().status).toBeUndefined();
    const loaded = await rows<{ external_id: string; status: string }>(
      a,
      "SELECT external_id, status FROM customers WHERE tenant_id = ?",
      a.id,
    );
    expect(loaded).toEqual([{ external_id: "C-6", status: "active" }]);
  });

  it("a JSON body of another route: __proto__ in fraud case metadata is a 400 naming it", async () => {
    const body = `{"alertId":"${crypto.randomUUID()}","entityType":"customer","entityId":"c","severity":"high","overallScore":50,"metadata":{"__proto__":{"status":"reversed"}}}`;
    await expectRefused(await send(a, "/v1/fraud/cases", body), "metadata.__proto__");
    expect(probe().status).toBeUndefined();
  });

  it("constructor inside free-form JSON is a 400 (not a 500 from the frozen prototype); toString and valueOf are plain keys", async () => {
    const caseBody = (metadata: string) =>
      `{"alertId":"${crypto.randomUUID()}","entityType":"customer","entityId":"c","severity":"high","overallScore":50,"metadata":${metadata}}`;
    await expectRefused(
      await send(a, "/v1/fraud/cases", caseBody('{"b":1,"constructor":false}')),
      "metadata.constructor",
    );
    const ok = await send(
      a,
      "/v1/fraud/cases",
      caseBody('{"toString":1,"valueOf":"v","hasOwnProperty":true}'),
    );
    expect(ok.status).toBe(201);
    const { case: created } = await json<{ case: { metadata: Record<string, unknown> } }>(ok);
    expect(created.metadata).toEqual({ toString: 1, valueOf: "v", hasOwnProperty: true });
  });

  it("tenant settings: __proto__ in PATCH /admin/tenants settings is a 400", async () => {
    const res = await call("PATCH", `/admin/tenants/${b.id}`, {
      key: (await import("../constants")).TEST_ADMIN_TOKEN,
      body: '{"settings":{"__proto__":{"country":"KP"}}}',
    });
    await expectRefused(res, "settings.__proto__");
    const ctx = await loadTenantContext(env, b.id, "test");
    expect((ctx.tenant.settings as Record<string, unknown>).country).toBeUndefined();
  });

  it("GraphQL variables: __proto__ is a 400 naming the variable path", async () => {
    const body = `{"query":"query ($limit: Int) { customers(limit: $limit) { data { id } } }","variables":{"limit":1,"__proto__":{"limit":"abc"}}}`;
    await expectRefused(await send(a, "/v1/graphql", body), "variables.__proto__");
    expect(probe().limit).toBeUndefined();
  });

  it("an escaped spelling (\\u005f_proto__) is refused too", async () => {
    const body = `{"alertId":"${crypto.randomUUID()}","entityType":"customer","entityId":"c","severity":"high","overallScore":50,"metadata":{"\\u005f_proto__":{"status":"x"}}}`;
    await expectRefused(await send(a, "/v1/fraud/cases", body), "metadata.__proto__");
  });
});
