import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Env } from "../../src/env";
import { resealSecrets } from "../../src/modules/admin/reseal/service";
import { verifyAuditLog } from "../../src/modules/audit/chain/service";
import { systemContext } from "../../src/modules/audit/service";
import { createTenant, shardRows } from "../harness";
import { withoutGuard } from "../tamper";
import { newRequestId, tenantAs } from "./helpers";

/**
 * Issue 35: after SECRETS_KEY = "NEW,OLD" the reseal chains every audit log again under NEW (and
 * anchors its head again), so both logs verify with NEW alone; a log that does not verify is left
 * as it is. Isolated: the reseal walks every log of this workerd.
 */
const OLD = env.SECRETS_KEY as string;
const NEW = Buffer.alloc(32, 9).toString("base64");
const rotated = { ...env, SECRETS_KEY: `${NEW},${OLD}` } as Env;
const newOnly = { ...env, SECRETS_KEY: NEW } as Env;

const thresholds = (key: string, largeCashAmount: number) =>
  tenantAs(newRequestId("aml"), key, "PUT", "/v1/kyc-aml/thresholds", { thresholds: { largeCashAmount } });

describe("the reseal re-chains the audit logs", () => {
  it("verifies with the new key alone after it; a tampered log is not re-chained", async () => {
    const t = await createTenant({ name: "Rechain", shard: 0 });
    const bad = await createTenant({ name: "Rechain tampered", shard: 0 });
    for (const amount of [11000, 12000]) {
      await thresholds(t.key, amount);
      await thresholds(bad.key, amount);
    }
    const [edited] = await shardRows<{ id: string }>(
      bad,
      "SELECT id FROM tenant_audit_log WHERE tenant_id = ?1 ORDER BY seq",
      bad.id,
    );
    await withoutGuard("tenant_audit_log", () =>
      env.SHARD_0.prepare(`UPDATE tenant_audit_log SET after = '{}' WHERE id = ?1`).bind(edited.id).run(),
    );
    // Before: NEW alone cannot check rows chained under OLD.
    expect((await verifyAuditLog(newOnly, "r", t.id)).valid).toBe(false);
    expect((await verifyAuditLog(newOnly, "r")).valid).toBe(false);

    const result = await resealSecrets(systemContext(rotated, "test-rechain"));
    expect(result.auditLogs.invalid).toBeGreaterThanOrEqual(1);
    expect(result.auditLogs.rechained).toBeGreaterThanOrEqual(2); // the operator log and t's
    expect(result.auditLogs.pending).toBe(0);

    expect(await verifyAuditLog(newOnly, "r", t.id)).toMatchObject({ valid: true, checked: 2 });
    expect((await verifyAuditLog(newOnly, "r")).valid).toBe(true);
    // A write after the re-chain chains on the new hashes (this Worker still signs with OLD).
    await thresholds(t.key, 13000);
    expect(await verifyAuditLog(rotated, "r", t.id)).toMatchObject({ valid: true, checked: 3 });
    // The tampered log kept its old hashes: still named, never laundered.
    expect((await verifyAuditLog(rotated, "r", bad.id)).valid).toBe(false);

    // Again: only the rows written since under OLD (t's newest, the operator log's reseal entry).
    const again = await resealSecrets(systemContext(rotated, "test-rechain-2"));
    expect(again.auditLogs.pending).toBe(0);
    expect(await verifyAuditLog(newOnly, "r", t.id)).toMatchObject({ valid: true, checked: 3 });
  });
});
