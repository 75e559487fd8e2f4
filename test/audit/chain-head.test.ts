import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sealAuditLogs } from "../../src/modules/audit/chain/service";
import { createTenant, json, shardRows, type TestTenant } from "../harness";
import { withoutGuard } from "../tamper";
import { adminAs, newRequestId, tenantAs } from "./helpers";

/**
 * Issue 35: the chain alone cannot show its newest sealed rows removed (what is left still chains
 * from genesis). Each log's head is anchored in CONTROL_DB when sealed; verify compares it.
 */
const verify = async (tenantId: string) => {
  const res = await adminAs(newRequestId("verify"), "GET", `/admin/audit-log/verify?tenantId=${tenantId}`);
  expect(res.status).toBe(200);
  return json<{ valid: boolean; checked: number; firstBrokenAt: { sequence: number | null } | null }>(res);
};

const thresholds = (t: TestTenant, largeCashAmount: number) =>
  tenantAs(newRequestId("aml"), t.key, "PUT", "/v1/kyc-aml/thresholds", { thresholds: { largeCashAmount } });

const head = (t: TestTenant) =>
  env.CONTROL_DB.prepare("SELECT seq, hash FROM audit_chain_heads WHERE log = ?1")
    .bind(`tenant:${t.id}`)
    .first<{ seq: number; hash: string }>();

describe("the audit log's anchored head", () => {
  it("moves with each seal; removing the newest sealed rows makes verify invalid", async () => {
    const t = await createTenant({ name: "Audit head", shard: 0 });
    for (const amount of [11000, 12000, 13000]) await thresholds(t, amount);
    await sealAuditLogs(env);
    const rows = await shardRows<{ id: string; seq: number; chain_hash: string }>(
      t,
      "SELECT id, seq, chain_hash FROM tenant_audit_log WHERE tenant_id = ?1 ORDER BY seq",
      t.id,
    );
    const last = rows[rows.length - 1];
    expect(await head(t)).toEqual({ seq: last.seq, hash: last.chain_hash });
    expect(await verify(t.id)).toMatchObject({ valid: true, checked: rows.length });

    // The newest row deleted in D1: what is left still chains, but falls short of the head.
    await withoutGuard("tenant_audit_log", () =>
      env.SHARD_0.prepare("DELETE FROM tenant_audit_log WHERE id = ?1").bind(last.id).run(),
    );
    expect(await verify(t.id)).toMatchObject({
      valid: false,
      checked: rows.length - 1,
      firstBrokenAt: { sequence: last.seq },
    });
    // A later write takes the freed place, on another hash: still invalid.
    await thresholds(t, 14000);
    expect((await verify(t.id)).valid).toBe(false);
  });

  it("a head forged without the key does not verify", async () => {
    const t = await createTenant({ name: "Audit head forged", shard: 0 });
    await thresholds(t, 11000);
    expect((await verify(t.id)).valid).toBe(true);
    await env.CONTROL_DB.prepare("UPDATE audit_chain_heads SET anchor = 'x' WHERE log = ?1")
      .bind(`tenant:${t.id}`)
      .run();
    expect((await verify(t.id)).valid).toBe(false);
  });
});
