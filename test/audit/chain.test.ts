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

const head = (t: TestTenant) =>
  env.CONTROL_DB.prepare("SELECT seq, hash FROM audit_chain_heads WHERE log = ?1")
    .bind(`tenant:${t.id}`)
    .first<{ seq: number; hash: string }>();

let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "Audit chain", shard: 0 });
});

describe("the audit log is a keyed hash chain, verified from genesis", () => {
  it("is valid after several actions, each row in its own place, hashed when written", async () => {
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
    // Issue 35: chained by the write itself, nothing left for a seal to do.
    expect(before.every((r) => r.chain_hash !== null)).toBe(true);
    expect(await head(t)).toEqual({ seq: before.length, hash: before[before.length - 1].chain_hash });

    const first = await verify(t.id);
    expect(first).toMatchObject({
      log: "tenant",
      tenantId: t.id,
      valid: true,
      firstBrokenAt: null,
      sealed: 0,
    });
    expect(first.checked).toBe(before.length);

    await thresholds(t, 30000);
    const after = await ownRows(t);
    expect(await head(t)).toEqual({ seq: after.length, hash: after[after.length - 1].chain_hash });
    const second = await verify(t.id);
    expect(second).toMatchObject({ valid: true, checked: before.length + 1, sealed: 0 });
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
    expect(rows.every((r) => r.chain_hash !== null)).toBe(true);
    expect(await verify(c.id)).toMatchObject({ valid: true, checked: 6, sealed: 0 });
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

  it("the trigger lets only the chain columns change (a re-chain), and verify names a forged hash", async () => {
    const v = await createTenant({ name: "Audit chain forged hash", shard: 0 });
    for (const amount of [11000, 12000]) await thresholds(v, amount);
    const [row] = await ownRows(v);
    await expect(
      env.SHARD_0.prepare(`UPDATE tenant_audit_log SET after = '{}' WHERE id = ?1`).bind(row.id).run(),
    ).rejects.toThrow(/append-only/);
    await env.SHARD_0.prepare("UPDATE tenant_audit_log SET chain_hash = 'x' WHERE id = ?1")
      .bind(row.id)
      .run();
    expect(await verify(v.id)).toMatchObject({ valid: false, firstBrokenAt: { sequence: 1, id: row.id } });
  });

  it("a row cannot be inserted without its chain hash, nor out of its place", async () => {
    const v = await createTenant({ name: "Audit chain direct insert", shard: 0 });
    await thresholds(v, 11000);
    const insert = (seq: number, hash: string | null) =>
      env.SHARD_0.prepare(
        "INSERT INTO tenant_audit_log (id, tenant_id, actor_type, actor_id, action, target_type, target_id, " +
          "request_id, created_at, seq, chain_hash, chain_key) VALUES (?1, ?2, 'system', 't', 'x', 'x', 'x', 'r', " +
          "'2026-01-01T00:00:00.000Z', ?3, ?4, 'k')",
      )
        .bind(crypto.randomUUID(), v.id, seq, hash)
        .run();
    await expect(insert(2, null)).rejects.toThrow(/audit_chain_conflict/);
    await expect(insert(3, "x")).rejects.toThrow(/audit_chain_conflict/);
    await expect(insert(1, "x")).rejects.toThrow(/audit_chain_conflict/);
    expect(await ownRows(v)).toHaveLength(1);
  });

  it("rows written unsealed before 0058 are sealed before the next entry chains on", async () => {
    const c = await createTenant({ name: "Audit chain legacy", shard: 0 });
    // What an old Worker wrote: places, no hashes (the insert guard stood aside, as before 0058).
    await withoutGuard("tenant_audit_log", async () => {
      for (const seq of [1, 2])
        await env.SHARD_0.prepare(
          "INSERT INTO tenant_audit_log (id, tenant_id, actor_type, actor_id, action, target_type, target_id, " +
            "request_id, created_at, seq) VALUES (?1, ?2, 'system', 't', 'aml.thresholds_updated', 'aml_thresholds', ?2, 'r', ?3, ?4)",
        )
          .bind(`0190${seq}000-0000-7000-8000-${c.id.slice(-12)}`, c.id, `2026-01-0${seq}T00:00:00.000Z`, seq)
          .run();
    });
    await thresholds(c, 14000);
    const rows = await ownRows(c);
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(rows.every((r) => r.chain_hash !== null)).toBe(true);
    expect(await verify(c.id)).toMatchObject({ valid: true, checked: 3, sealed: 0 });
    // The minute sweep, kept for such rows, finds none of this log's.
    await sealAuditLogs(env);
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
