import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { controlDb } from "../../src/db/client";
import { putTenantObject } from "../../src/modules/usage/objects/service";
import { applyRecount, findRecount } from "../../src/modules/usage/recount/repo";
import { startRecount } from "../../src/modules/usage/recount/service";
import { usageRemovalStatements } from "../../src/modules/usage/service";
import { createTenant } from "../harness";
import { operatorContext, recordingEnv } from "../moves/helpers";

const usageRows = async (tenantId: string) =>
  (
    await env.CONTROL_DB.prepare("SELECT count(*) AS n FROM tenant_object_usage WHERE tenant_id = ?1")
      .bind(tenantId)
      .first<{ n: number }>()
  )?.n ?? 0;

describe("an R2 recount whose last turn lands after its tenant's figures were deleted", () => {
  it("writes no usage rows back (only the turn that wins its compare-and-set writes figures)", async () => {
    const t = await createTenant({ name: "Recounted then deleted" });
    const { env: jobEnv } = recordingEnv();
    await putTenantObject(jobEnv, t.id, `tenants/${t.id}/reports/bhi/c1/r.pdf`, "pdf bytes");
    expect(await usageRows(t.id)).toBeGreaterThan(0);
    const op = operatorContext(jobEnv);
    const started = await startRecount(op, t.id);
    // A turn that read the recount before the deletion and finishes after it.
    const read = await findRecount(env, t.id, started.id);
    expect(read?.status).toBe("running");

    // The deletion's completion removes the figures and the recount (offboarding's batch).
    const db = controlDb(env);
    await db.batch(usageRemovalStatements(env, t.id) as [never, ...never[]]);
    expect(await usageRows(t.id)).toBe(0);
    const counted = { reports: { objects: 1, bytes: 9 } };
    const at = new Date().toISOString();
    expect(
      await applyRecount(env, read!, { pages: 1, counted, before: {} }, crypto.randomUUID(), at),
    ).toBeUndefined();
    expect(await usageRows(t.id)).toBe(0);
  });
});
