import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { sealAuditLogs } from "../../src/modules/audit/chain/service";
import { createTenant, json, shardRows, type TestTenant } from "../harness";
import { withoutGuard } from "../tamper";
import { receiverUrl } from "../webhooks/helpers";
import { adminAs, newRequestId, tenantAs } from "./helpers";

/** GET /admin/audit-log/verify: the tenant's own log (its rows only), or the operator log. */
interface Verification {
  log: "operator" | "tenant";
  tenantId: string | null;
  valid: boolean;
  checked: number;
  sealed: number;
  headSequence: number;
  firstBrokenAt: { sequence: number | null; id: string } | null;
}

const verify = async (tenantId?: string) => {
  const res = await adminAs(
    newRequestId("verify"),
    "GET",
    `/admin/audit-log/verify${tenantId ? `?tenantId=${tenantId}` : ""}`,
  );
  expect(res.status).toBe(200);
  return json<Verification>(res);
};

const ownRows = (t: TestTenant) =>
  shardRows<{ id: string; seq: number; chain_hash: string | null }>(
    t,
    "SELECT id, seq, chain_hash FROM tenant_audit_log WHERE tenant_id = ?1 ORDER BY seq",
    t.id,
  );

const thresholds = (t: TestTenant, largeCashAmount: number) =>
  tenantAs(newRequestId("aml"), t.key, "PUT", "/v1/kyc-aml/thresholds", { thresholds: { largeCashAmount } });

let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "Audit chain", shard: 0 });
});

describe("the audit log is a keyed hash chain, verified from genesis", () => {
  it("is valid after several actions, each row in its own place, sealed by verification", async () => {
    await thresholds(t, 20000);
    const sub = await json<{ subscription: { id: string } }>(
      await tenantAs(newRequestId("wh"), t.key, "POST", "/v1/webhooks/subscriptions", {
        url: receiverUrl("ok"),
        eventTypes: ["bhi.calculated"],
      }),
    );
    await tenantAs(
      newRequestId("wh-patch"),
      t.key,
      "PATCH",
      `/v1/webhooks/subscriptions/${sub.subscription.id}`,
      {
        description: "ops",
      },
    );
    const before = await ownRows(t);
    expect(before.map((r) => r.seq)).toEqual(before.map((_, i) => i + 1));
    expect(before.every((r) => r.chain_hash === null)).toBe(true);

    const first = await verify(t.id);
    expect(first).toMatchObject({ log: "tenant", tenantId: t.id, valid: true, firstBrokenAt: null });
    expect(first.checked).toBe(before.length);
    expect(first.sealed).toBe(before.length);
    expect((await ownRows(t)).every((r) => r.chain_hash !== null)).toBe(true);

    await thresholds(t, 30000);
    const second = await verify(t.id);
    expect(second).toMatchObject({ valid: true, checked: before.length + 1, sealed: 1 });
  });

  it("concurrent writes take distinct places: the chain does not fork", async () => {
    const c = await createTenant({ name: "Audit chain concurrent", shard: 0 });
    const created = await Promise.all(
      Array.from({ length: 6 }, () =>
        tenantAs(newRequestId("wh-many"), c.key, "POST", "/v1/webhooks/subscriptions", {
          url: receiverUrl("ok"),
          eventTypes: ["bhi.calculated"],
        }),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(Array(6).fill(201));
    const rows = await ownRows(c);
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await verify(c.id)).toMatchObject({ valid: true, checked: 6, sealed: 6 });
  });

  it("a row's detail edited in D1 makes verify invalid and names the row", async () => {
    const v = await createTenant({ name: "Audit chain tampered", shard: 0 });
    for (const amount of [11000, 12000, 13000]) await thresholds(v, amount);
    expect((await verify(v.id)).valid).toBe(true);
    const [, target] = await ownRows(v);
    await withoutGuard("tenant_audit_log", () =>
      env.SHARD_0.prepare(`UPDATE tenant_audit_log SET after = '{"thresholds":{}}' WHERE id = ?1`)
        .bind(target.id)
        .run(),
    );
    expect(await verify(v.id)).toMatchObject({
      valid: false,
      checked: 1,
      firstBrokenAt: { sequence: 2, id: target.id },
    });
  });

  it("a removed row breaks the order at the row after it", async () => {
    const v = await createTenant({ name: "Audit chain removed", shard: 0 });
    for (const amount of [11000, 12000, 13000]) await thresholds(v, amount);
    expect((await verify(v.id)).valid).toBe(true);
    const [, gone, next] = await ownRows(v);
    await withoutGuard("tenant_audit_log", () =>
      env.SHARD_0.prepare("DELETE FROM tenant_audit_log WHERE id = ?1").bind(gone.id).run(),
    );
    expect(await verify(v.id)).toMatchObject({ valid: false, firstBrokenAt: { sequence: 3, id: next.id } });
  });

  it("the trigger lets a row be sealed once, and nothing else", async () => {
    const [row] = await ownRows(t);
    await expect(
      env.SHARD_0.prepare("UPDATE tenant_audit_log SET chain_hash = 'x' WHERE id = ?1").bind(row.id).run(),
    ).rejects.toThrow(/append-only/);
  });

  it("the minute sweep seals new rows from the last sealed one; verification then finds none to seal", async () => {
    const c = await createTenant({ name: "Audit chain sweep", shard: 0 });
    await thresholds(c, 14000);
    expect(await verify(c.id)).toMatchObject({ valid: true, sealed: 1 });
    await thresholds(c, 15000);
    await thresholds(c, 16000);
    // Up to 50 tenant logs per shard per pass: other files' tenants may come first.
    for (let pass = 0; pass < 40; pass++) {
      if ((await ownRows(c)).every((r) => r.chain_hash !== null)) break;
      await sealAuditLogs(env);
    }
    expect((await ownRows(c)).every((r) => r.chain_hash !== null)).toBe(true);
    expect(await verify(c.id)).toMatchObject({ valid: true, checked: 3, sealed: 0 });
  });

  it("the operator log verifies too", async () => {
    const result = await verify();
    expect(result).toMatchObject({ log: "operator", tenantId: null, valid: true, firstBrokenAt: null });
    expect(result.checked).toBeGreaterThan(0);
  });

  it("an unknown tenant is a 404", async () => {
    const res = await adminAs(
      newRequestId("verify-404"),
      "GET",
      `/admin/audit-log/verify?tenantId=${crypto.randomUUID()}`,
    );
    expect(res.status).toBe(404);
  });
});
