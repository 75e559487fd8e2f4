import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { controlDb } from "../../src/db/client";
import type { TenantMoveRow } from "../../src/db/control-schema";
import type { Env } from "../../src/env";
import { findMove } from "../../src/modules/admin/moves/repo";
import { startMove } from "../../src/modules/admin/moves/service";
import { admin, call, createTenant, json, type TestTenant } from "../harness";
import { customer } from "../ingest/helpers";
import { advanceMoveUntil, type MoveJson, moveTestEnv, nonEmpty, rowsOn, seedTenant } from "./helpers";

let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "Move cancelled", shard: 0 });
  await seedTenant(t, 200);
});

const loadMove = async (id: string) => (await findMove(controlDb(env), t.id, id)) as TenantMoveRow;
const unit = () => ({ statements: 60, deadline: Date.now() + 60_000 });
const cancel = (id: string) => admin("POST", `/admin/tenants/${t.id}/moves/${id}/cancel`);

/** Runs the move's units until `until` holds or it ends. */
const runUntil = (jobEnv: Env, id: string, until: (m: TenantMoveRow) => boolean) =>
  advanceMoveUntil(jobEnv, () => loadMove(id), until, unit, 300);

describe("ending a tenant move before it completes: an operator cancel, a tenant found elsewhere", () => {
  it("under the fence: writes resume at once, the partial copy goes, the move ends failed and audited", async () => {
    const { env: jobEnv, op } = moveTestEnv(60);
    const started = await startMove(op, t.id, { targetShard: 1 });
    await runUntil(jobEnv, started.id, (m) => m.step === "final_sync");
    const fenced = await call("POST", "/v1/ingest/customers", { key: t.key, body: [customer(7_001)] });
    expect(fenced.status).toBe(503);

    const res = await cancel(started.id);
    expect(res.status).toBe(202);
    const { move } = await json<{ move: MoveJson & { error: string | null } }>(res);
    expect(move).toMatchObject({ state: "running", step: "rollback", error: "cancelled by the operator" });
    // The fence lifted with the cancel: writes land again on the source before the rollback ends.
    const after = await call("POST", "/v1/ingest/customers", { key: t.key, body: [customer(7_002)] });
    expect(after.status).toBe(200);

    const done = await runUntil(jobEnv, started.id, () => false);
    expect(done).toMatchObject({ state: "failed", error: "cancelled by the operator" });
    expect(nonEmpty(await rowsOn(1, t.id))).toEqual({});
    const tenant = await json<{ tenant: { shard: number } }>(await admin("GET", `/admin/tenants/${t.id}`));
    expect(tenant.tenant.shard).toBe(0);
    const log = await (env as unknown as Record<string, D1Database>).SHARD_0.prepare(
      "SELECT (SELECT count(*) FROM move_changes WHERE tenant_id = ?1) + (SELECT count(*) FROM move_watches WHERE tenant_id = ?1) AS n",
    )
      .bind(t.id)
      .first<{ n: number }>();
    expect(log?.n).toBe(0);

    const audit = await json<{ data: Array<{ action: string; before: { moveId: string; step: string } }> }>(
      await admin("GET", `/admin/audit-log?action=tenant.move_cancelled`),
    );
    const entries = audit.data.filter((e) => e.before.moveId === started.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.before.step).toBe("final_sync");
    // An ended move cannot be cancelled.
    expect((await cancel(started.id)).status).toBe(409);
  });

  it("a move that finds its tenant already live on its target ends there, deleting nothing but its change log", async () => {
    const { env: jobEnv, op } = moveTestEnv(60);
    const started = await startMove(op, t.id, { targetShard: 1 });
    await runUntil(jobEnv, started.id, (m) => m.step === "catch_up");
    const logRows = () =>
      (env as unknown as Record<string, D1Database>).SHARD_0.prepare(
        "SELECT (SELECT count(*) FROM move_changes WHERE tenant_id = ?1) + (SELECT count(*) FROM move_watches WHERE tenant_id = ?1) AS n",
      )
        .bind(t.id)
        .first<{ n: number }>();
    expect((await logRows())?.n).toBeGreaterThan(0);
    const onTarget = await rowsOn(1, t.id);
    // Something else put the tenant on the target (an operator's restore, say).
    await env.CONTROL_DB.prepare("UPDATE tenants SET shard = 1 WHERE id = ?1").bind(t.id).run();
    try {
      const ended = await runUntil(jobEnv, started.id, () => false);
      expect(ended.state).toBe("failed");
      expect(ended.error).toContain("tenant is on shard 1");
      expect(await rowsOn(1, t.id)).toEqual(onTarget);
      expect((await logRows())?.n).toBe(0);
    } finally {
      await env.CONTROL_DB.prepare("UPDATE tenants SET shard = 0 WHERE id = ?1").bind(t.id).run();
    }
  });

  it("after the switch is refused: the tenant is live on the target", async () => {
    const { env: jobEnv, op } = moveTestEnv(60);
    const started = await startMove(op, t.id, { targetShard: 1 });
    await runUntil(jobEnv, started.id, (m) => m.step === "cleanup");
    const res = await cancel(started.id);
    expect(res.status).toBe(409);
    expect((await loadMove(started.id)).step).toBe("cleanup");
    expect((await cancel(crypto.randomUUID())).status).toBe(404);
    const done = await runUntil(jobEnv, started.id, () => false);
    expect(done.state).toBe("succeeded");
  });
});
