import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BYTES_PER_ROW } from "../../src/modules/usage/domain/quota";
import { admin, call, createKey, createTenant, json, shardRows, type TestTenant } from "../harness";

interface Usage {
  storage: {
    tables: Array<{ table: string; rows: number; estimatedBytes: number }>;
    estimatedBytes: number;
    quotaBytes: number;
    remainingBytes: number;
  };
  jobs: { running: number; concurrency: number };
}

const customer = (externalId: string, name = `Customer ${externalId}`) => ({
  externalSource: "core",
  externalId,
  name,
  type: "individual",
});
const ingest = (t: TestTenant, records: unknown[]) =>
  call("POST", "/v1/ingest/customers", { key: t.key, body: records });
const usage = async (t: TestTenant) => json<Usage>(await call("GET", "/v1/usage", { key: t.key }));
const customersStored = async (t: TestTenant) =>
  (await shardRows<{ n: number }>(t, "SELECT count(*) AS n FROM customers WHERE tenant_id = ?1", t.id))[0].n;

describe("storage quotas", () => {
  it("refuse with 403 storage_quota_exceeded, writing nothing, the batch whose new rows would pass the quota", async () => {
    const t = await createTenant();
    const quota = 3 * BYTES_PER_ROW.customers; // room for three customers
    const patched = await admin("PATCH", `/admin/tenants/${t.id}`, {
      settings: { storageQuotaBytes: quota },
    });
    expect(patched.status).toBe(200);

    expect((await ingest(t, [customer("c1"), customer("c2")])).status).toBe(200);
    const refused = await ingest(t, [customer("c3"), customer("c4")]);
    expect(refused.status).toBe(403);
    const body = await json<{ error: { code: string; message: string } }>(refused);
    expect(body.error.code).toBe("storage_quota_exceeded");
    expect(await customersStored(t)).toBe(2); // not even c3, which alone would fit

    // Updates of stored rows add nothing and go through, at the quota or over it.
    const renamed = await ingest(t, [customer("c1", "Renamed"), customer("c2")]);
    expect(renamed.status).toBe(200);
    expect(
      (
        await shardRows<{ name: string }>(
          t,
          "SELECT name FROM customers WHERE tenant_id = ?1 AND external_id = 'c1'",
          t.id,
        )
      )[0].name,
    ).toBe("Renamed");
    // One more fills the quota exactly.
    expect((await ingest(t, [customer("c3"), customer("c1")])).status).toBe(200);
    expect((await ingest(t, [customer("c4")])).status).toBe(403);
    expect(await customersStored(t)).toBe(3);

    const figures = await usage(t);
    expect(figures.storage.tables.find((x) => x.table === "customers")).toEqual({
      table: "customers",
      rows: 3,
      estimatedBytes: quota,
    });
    expect(figures.storage).toMatchObject({ estimatedBytes: quota, quotaBytes: quota, remainingBytes: 0 });

    // The operator's change is in the audit log.
    const audit = await env.CONTROL_DB.prepare(
      "SELECT after FROM audit_log WHERE tenant_id = ?1 AND action = 'tenant.settings_updated'",
    )
      .bind(t.id)
      .all<{ after: string }>();
    expect(audit.results.some((r) => JSON.parse(r.after).settings?.storageQuotaBytes === quota)).toBe(true);
  });

  it("count one tenant's rows only, and tell a tenant its defaults", async () => {
    const a = await createTenant();
    const b = await createTenant();
    await admin("PATCH", `/admin/tenants/${a.id}`, {
      settings: { storageQuotaBytes: BYTES_PER_ROW.customers },
    });
    expect((await ingest(b, [customer("x1"), customer("x2")])).status).toBe(200);
    // B's rows do not count against A.
    expect((await ingest(a, [customer("x1")])).status).toBe(200);
    const figures = await usage(b);
    expect(figures.storage.tables.find((x) => x.table === "customers")?.rows).toBe(2);
    expect(figures.storage.quotaBytes).toBe(2_000_000_000);
    expect(figures.jobs).toEqual({ running: 0, concurrency: 2 });
  });

  it("are read with data:read, and set by operators only", async () => {
    const t = await createTenant();
    const noData = await createKey(t.id, ["bhi:read"]);
    expect((await call("GET", "/v1/usage", { key: noData.key })).status).toBe(403);
    const reader = await createKey(t.id, ["data:read"]);
    expect((await call("GET", "/v1/usage", { key: reader.key })).status).toBe(200);
    expect(
      (await admin("PATCH", `/admin/tenants/${t.id}`, { settings: { storageQuotaBytes: 0 } })).status,
    ).toBe(400);
  });
});
