import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { controlDb } from "../../src/db/client";
import type { TenantMoveRow } from "../../src/db/control-schema";
import { findMove } from "../../src/modules/admin/moves/repo";
import { advanceMove } from "../../src/modules/admin/moves/runner";
import { startMove } from "../../src/modules/admin/moves/service";
import { call, createTenant, type TestTenant } from "../harness";
import { customer } from "../ingest/helpers";
import { expectChainsVerify, moveTestEnv, nonEmpty, rowsOn, seedTenant } from "./helpers";

let t: TestTenant;
let seeded: Awaited<ReturnType<typeof seedTenant>>;
beforeAll(async () => {
  t = await createTenant({ name: "Moved with a short fence", shard: 0 });
  seeded = await seedTenant(t, 300);
});

const loadMove = async (id: string) => (await findMove(controlDb(env), t.id, id)) as TenantMoveRow;
const shard = (n: number) => (env as unknown as Record<string, D1Database>)[`SHARD_${n}`]!;
/** A unit far too small for a full pass (two page reads per table, 63 tables), enough for the logged rows. */
const unit = () => ({ statements: 60, deadline: Date.now() + 60_000 });

/** Runs units until the move leaves `step`; the units it took and the highest round seen. */
async function runStep(jobEnv: ReturnType<typeof moveTestEnv>["env"], id: string, step: string) {
  let units = 0;
  let maxRound = 0;
  for (
    let move = await loadMove(id);
    move.step === step && move.state === "running";
    move = await loadMove(id)
  ) {
    maxRound = Math.max(maxRound, move.round);
    await advanceMove(jobEnv, move, unit());
    if (++units > 200) throw new Error(`stuck in ${step}`);
  }
  return { units, maxRound };
}

async function startedMove() {
  const { env: jobEnv, op } = moveTestEnv(30);
  const move = await startMove(op, t.id, { targetShard: t.shard === 0 ? 1 : 0 });
  return { jobEnv, id: move.id, target: move.targetShard, source: move.sourceShard };
}

describe("the fenced step checks only the rows changed since the last pass began", () => {
  it("verifies and switches after comparing the logged rows, without a fenced full pass", async () => {
    const { jobEnv, id, source, target } = await startedMove();
    await runStep(jobEnv, id, "copy");
    // Writes during the catch-up, after its first unit passed the customers table: the pass
    // misses them, and only the change log brings them to the target.
    await advanceMove(jobEnv, await loadMove(id), unit());
    const written = await call("POST", "/v1/ingest/customers", {
      key: t.key,
      body: [customer(9_001, { name: "Late writer" }), customer(9_002, { name: "Later writer" })],
    });
    expect(written.status).toBe(200);
    const note = await call("POST", `/v1/fraud/cases/${seeded.fraudCaseIds[0]}/notes`, {
      key: t.key,
      body: { content: "during the catch-up", actorId: "a4" },
    });
    expect(note.status).toBe(201);
    await runStep(jobEnv, id, "catch_up");
    await runStep(jobEnv, id, "fence");

    const fenced = await runStep(jobEnv, id, "final_sync");
    const atSwitch = await loadMove(id);
    expect(atSwitch.step, atSwitch.error ?? "").toBe("switch");
    expect(fenced.maxRound).toBe(1);
    // The logged rows and the counts of every table, in two units; a full pass needs far more.
    expect(fenced.units).toBeLessThanOrEqual(2);
    // Both late customers reached the target under the fence, and every table agrees.
    const late = await shard(target)
      .prepare(
        "SELECT count(*) AS n FROM customers WHERE tenant_id = ?1 AND name IN ('Late writer', 'Later writer')",
      )
      .bind(t.id)
      .first<{ n: number }>();
    expect(late?.n).toBe(2);
    expect(await rowsOn(target, t.id)).toMatchObject(
      Object.fromEntries(
        Object.entries(await rowsOn(source, t.id)).filter(
          ([table]) => !["maintenance_permits"].includes(table),
        ),
      ),
    );

    await runStep(jobEnv, id, "switch");
    await runStep(jobEnv, id, "cleanup");
    const done = await loadMove(id);
    expect(done.state, done.error ?? "").toBe("succeeded");
    for (const [table, p] of Object.entries(done.progress)) {
      expect(p.targetRows, table).toBe(p.sourceRows);
      expect(p.targetHash, table).toBe(p.sourceHash);
    }
    t = { ...t, shard: target };
    expect(nonEmpty(await rowsOn(source, t.id))).toEqual({});
    const log = await shard(source)
      .prepare(
        "SELECT (SELECT count(*) FROM move_changes WHERE tenant_id = ?1) + (SELECT count(*) FROM move_watches WHERE tenant_id = ?1) AS n",
      )
      .bind(t.id)
      .first<{ n: number }>();
    expect(log?.n).toBe(0);
    await expectChainsVerify(t, seeded);
  });

  it("falls back to fenced full passes when the logged rows do not account for a difference", async () => {
    const { jobEnv, id, source, target } = await startedMove();
    await runStep(jobEnv, id, "copy");
    await runStep(jobEnv, id, "catch_up");
    await runStep(jobEnv, id, "fence");
    // A target row lost behind the log's back (no write on the source logs it).
    const lost = await shard(target)
      .prepare(
        "DELETE FROM transactions WHERE tenant_id = ?1 AND id = (SELECT min(id) FROM transactions WHERE tenant_id = ?1) RETURNING id",
      )
      .bind(t.id)
      .first<{ id: string }>();
    expect(lost?.id).toBeTruthy();

    const fenced = await runStep(jobEnv, id, "final_sync");
    const atSwitch = await loadMove(id);
    expect(atSwitch.step, atSwitch.error ?? "").toBe("switch");
    expect(fenced.maxRound).toBeGreaterThanOrEqual(2);
    const back = await shard(target)
      .prepare("SELECT count(*) AS n FROM transactions WHERE tenant_id = ?1 AND id = ?2")
      .bind(t.id, lost!.id)
      .first<{ n: number }>();
    expect(back?.n).toBe(1);

    await runStep(jobEnv, id, "switch");
    await runStep(jobEnv, id, "cleanup");
    const done = await loadMove(id);
    expect(done.state, done.error ?? "").toBe("succeeded");
    t = { ...t, shard: target };
    expect(nonEmpty(await rowsOn(source, t.id))).toEqual({});
    await expectChainsVerify(t, seeded);
  });
});
