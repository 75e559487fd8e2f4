import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { controlDb } from "../../src/db/client";
import type { TenantMoveRow } from "../../src/db/control-schema";
import type { Env } from "../../src/env";
import { MAX_UNIT_FAILURES } from "../../src/modules/admin/moves/config";
import { tenantMoveJob } from "../../src/modules/admin/moves/jobs";
import { findMove } from "../../src/modules/admin/moves/repo";
import { advanceMove } from "../../src/modules/admin/moves/runner";
import { startMove } from "../../src/modules/admin/moves/service";
import { admin, call, createTenant, json, type TestTenant } from "../harness";
import {
  advanceMoveUntil,
  crashingEnv,
  expectChainsVerify,
  type MoveJson,
  moveTestEnv,
  nonEmpty,
  rowsOn,
  seedTenant,
} from "./helpers";

let t: TestTenant;
let seeded: Awaited<ReturnType<typeof seedTenant>>;
beforeAll(async () => {
  t = await createTenant({ name: "Moves that fail", shard: 0 });
  seeded = await seedTenant(t, 300);
});

const { sent, env: jobEnv, op } = moveTestEnv(30);
/** A few pages per unit, so a step's progress shows between units. */
const smallBudget = () => ({ statements: 30, deadline: Date.now() + 60_000 });
const loadMove = async (id: string) => (await findMove(controlDb(env), t.id, id)) as TenantMoveRow;
const moveJson = async (id: string) =>
  (
    await json<{
      move: MoveJson & {
        failures: number;
        currentTable: string | null;
        tablesDone: number;
        fenceEndedAt: string | null;
        totals: { discarded: number };
      };
    }>(await admin("GET", `/admin/tenants/${t.id}/moves/${id}`))
  ).move;
const addNote = () =>
  call("POST", `/v1/fraud/cases/${seeded.fraudCaseIds[0]}/notes`, {
    key: t.key,
    body: { content: "while the move fails", actorId: "a3" },
  });
const readCustomer = () => call("GET", `/v1/customers/${seeded.customerId}`, { key: t.key });
const total = (counts: Record<string, number>) =>
  Object.entries(counts)
    .filter(([table]) => table !== "maintenance_permits" && table !== "customer_search_tenants")
    .reduce((n, [, c]) => n + c, 0);

/** Advances a healthy move with small units until `until` holds of it. */
const advanceUntil = (id: string, until: (m: TenantMoveRow) => boolean) =>
  advanceMoveUntil(jobEnv, () => loadMove(id), until, smallBudget);

/**
 * The target shard down for the move's jobs: each delivery of the current step's message
 * fails, until the last of MAX_UNIT_FAILURES turns the move to rollback. Meanwhile the tenant
 * reads and writes on its source shard (`writable`: the fence of a final pass is up).
 */
async function failWithTargetDown(id: string, writable: boolean) {
  const down: Env = crashingEnv(jobEnv, 0, ["SHARD_1"]);
  for (let attempt = 1; attempt <= MAX_UNIT_FAILURES; attempt++) {
    const move = await loadMove(id);
    const message = { type: "tenant.move" as const, tenantId: t.id, moveId: id, seq: move.seq };
    const outcome = await tenantMoveJob(down, message).then(
      () => "returned",
      (e: Error) => e.message,
    );
    const after = await moveJson(id);
    if (attempt < MAX_UNIT_FAILURES) {
      expect(outcome).toMatch(/simulated crash/);
      expect(after.failures).toBe(attempt);
      expect(after.step).toBe(move.step);
    } else {
      expect(outcome).toBe("returned");
      expect(after.step).toBe("rollback");
      expect(after.state).toBe("running");
      expect(after.failures).toBe(0);
      expect(after.error).toMatch(
        new RegExp(`gave up after ${MAX_UNIT_FAILURES} failed attempts at ${move.step}`),
      );
    }
    expect((await readCustomer()).status).toBe(200);
    if (writable) expect((await addNote()).status).toBe(201);
  }
  // The rollback's first message went out.
  const last = await loadMove(id);
  expect(sent.at(-1)).toEqual({ type: "tenant.move", tenantId: t.id, moveId: id, seq: last.seq });
}

/** Runs the rollback in small units, watching its progress; the move's final figures. */
async function rollBack(id: string, partialRows: number) {
  let sawProgress = false;
  for (let i = 0; i < 500; i++) {
    const move = await loadMove(id);
    if (move.state !== "running") break;
    expect(move.step).toBe("rollback");
    await advanceMove(jobEnv, move, smallBudget());
    const shown = await moveJson(id);
    // Part-way: the table it is at, and how many it has emptied.
    if (shown.state === "running" && shown.currentTable !== null && shown.tablesDone > 0) sawProgress = true;
    // The tenant is readable and writable on its source shard throughout.
    expect((await readCustomer()).status).toBe(200);
  }
  const done = await moveJson(id);
  expect(done.state).toBe("failed");
  expect(sawProgress).toBe(true);
  expect(done.totals.discarded).toBe(partialRows);
  const target = await rowsOn(1, t.id);
  expect(nonEmpty(target)).toEqual({});
  expect(target.maintenance_permits).toBe(0);
  return done;
}

describe("a move that fails before its switch", () => {
  it("at the copy: the partial copy and the permit leave the target; the tenant never stops", async () => {
    const started = await startMove(op, t.id, { targetShard: 1 });
    await advanceUntil(started.id, (m) => (m.progress.transactions?.targetRows ?? 0) > 0);
    const partial = await rowsOn(1, t.id);
    expect(partial.transactions).toBeGreaterThan(0);
    expect(partial.transactions).toBeLessThan(301);
    expect(partial.maintenance_permits).toBe(1);
    const sourceBefore = await rowsOn(0, t.id);

    await failWithTargetDown(started.id, true);
    // No new move while the partial copy is being deleted.
    await expect(startMove(op, t.id, { targetShard: 1 })).rejects.toMatchObject({ code: "conflict" });
    const done = await rollBack(started.id, total(partial));
    expect(done.error).toMatch(/at copy: simulated crash/);
    // The source kept everything (plus the notes written meanwhile).
    const source = await rowsOn(0, t.id);
    expect(source.transactions).toBe(sourceBefore.transactions);
    expect(source.fraud_case_events).toBe(sourceBefore.fraud_case_events + MAX_UNIT_FAILURES);
    expect(source.maintenance_permits).toBe(0);
  });

  it("at the verification: the fence lifts at once, and the target is emptied the same way", async () => {
    const started = await startMove(op, t.id, { targetShard: 1 });
    const fenced = await advanceUntil(started.id, (m) => m.step === "final_sync");
    expect(fenced.step).toBe("final_sync");
    const copied = total(await rowsOn(1, t.id));
    expect(copied).toBeGreaterThan(301);
    expect((await addNote()).status).toBe(503);

    await failWithTargetDown(started.id, false);
    // No waiting for the fence's deadline: the rollback lifted it.
    expect((await addNote()).status).toBe(201);
    const done = await rollBack(started.id, copied);
    expect(done.error).toMatch(/at final_sync: simulated crash/);
    expect(done.fenceEndedAt).not.toBeNull();
  });

  it("then a new move of the same tenant to the same target succeeds", async () => {
    const before = await rowsOn(0, t.id);
    const started = await startMove(op, t.id, { targetShard: 1 });
    const done = await advanceUntil(started.id, () => false);
    expect(done.state, done.error ?? "").toBe("succeeded");
    const tenant = await json<{ tenant: { shard: number } }>(await admin("GET", `/admin/tenants/${t.id}`));
    expect(tenant.tenant.shard).toBe(1);
    const target = await rowsOn(1, t.id);
    expect(target.transactions).toBe(301);
    expect(target.fraud_case_events).toBe(before.fraud_case_events);
    expect(target.maintenance_permits).toBe(0);
    expect(nonEmpty(await rowsOn(0, t.id))).toEqual({});
    await expectChainsVerify(t, seeded);
  });
});
