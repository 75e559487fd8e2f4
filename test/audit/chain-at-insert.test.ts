import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { tenantAuditLog } from "../../src/db/shard/audit";
import { loadTenantContext, type TenantContext } from "../../src/db/tenant-context";
import { tenantAuditInsert } from "../../src/modules/audit/service";
import { createTenant, json, shardRows, type TestTenant } from "../harness";
import { adminAs, newRequestId } from "./helpers";

/**
 * Issue 35: an audit row is chained by the batch that writes it. Writers of one log at the same
 * time must not fork it: each batch takes the next place on the head it read, and a batch that
 * lost its place (the log's insert trigger) is made again on the new head.
 */
const rows = (t: TestTenant) =>
  shardRows<{ seq: number; chain_hash: string | null }>(
    t,
    "SELECT seq, chain_hash FROM tenant_audit_log WHERE tenant_id = ?1 ORDER BY seq",
    t.id,
  );

const verify = async (tenantId?: string) => {
  const res = await adminAs(
    newRequestId("verify"),
    "GET",
    `/admin/audit-log/verify${tenantId ? `?tenantId=${tenantId}` : ""}`,
  );
  expect(res.status).toBe(200);
  return json<{ valid: boolean; checked: number; sealed: number }>(res);
};

async function write(t: TestTenant, n: number, alongside = 0, context?: TenantContext) {
  const ctx = context ?? (await loadTenantContext(env, t.id, newRequestId("direct")));
  // Each batch: one entry, or `alongside` + 1 entries of one change (they chain in batch order).
  const entry = (i: number) =>
    tenantAuditInsert(ctx, {
      action: "aml.thresholds_updated",
      target: { type: "aml_thresholds", id: String(i) },
      after: { i },
    });
  const [first, ...rest] = Array.from({ length: alongside + 1 }, (_, i) => entry(n * 100 + i));
  return ctx.db.batch([first, ...rest]);
}

describe("audit entries chained when written", () => {
  it("writers at the same time take distinct places on one chain", async () => {
    const t = await createTenant({ name: "Audit at insert concurrent", shard: 0 });
    const started = performance.now();
    await Promise.all(Array.from({ length: 12 }, (_, n) => write(t, n, n % 3)));
    const concurrentMs = performance.now() - started;
    const stored = await rows(t);
    // 12 batches of 1, 2 or 3 entries: 4 x (1 + 2 + 3).
    expect(stored.map((r) => r.seq)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(stored.every((r) => r.chain_hash !== null)).toBe(true);
    expect(await verify(t.id)).toMatchObject({ valid: true, checked: 24, sealed: 0 });

    // The cost, against a batch of one plain statement on the same client (the floor of any write).
    const s = await createTenant({ name: "Audit at insert sequential", shard: 0 });
    const ctx = await loadTenantContext(env, s.id, newRequestId("direct"));
    await write(s, 0, 0, ctx);
    const plain = () => ctx.db.batch([ctx.db.select().from(tenantAuditLog).limit(1)]);
    await plain();
    const timed = async (run: () => Promise<unknown>) => {
      const start = performance.now();
      for (let n = 0; n < 20; n++) await run();
      return Number(((performance.now() - start) / 20).toFixed(2));
    };
    const plainMs = await timed(plain);
    const auditedMs = await timed(() => write(s, 1, 0, ctx));
    expect(await verify(s.id)).toMatchObject({ valid: true, checked: 21 });
    console.log(
      JSON.stringify({
        figure: "audit entry chained at insert (local workerd, 20 sequential batches)",
        plainBatchMs: plainMs,
        auditedBatchMs: auditedMs,
        concurrent12BatchesOf1to3EntriesMs: Number(concurrentMs.toFixed(1)),
      }),
    );
  });

  it("the operator log stays one chain under concurrent operator writes", async () => {
    const t = await createTenant({ name: "Audit at insert operator", shard: 0 });
    const patched = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        adminAs(newRequestId("op-many"), "POST", `/admin/tenants/${t.id}/keys`, {
          name: `k${i}`,
          scopes: ["data:read"],
        }),
      ),
    );
    expect(patched.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(await verify()).toMatchObject({ valid: true, sealed: 0 });
  });
});
