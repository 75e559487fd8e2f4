import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { controlDb } from "../../src/db/client";
import type { TenantMoveRow } from "../../src/db/control-schema";
import { findMove } from "../../src/modules/admin/moves/repo";
import { advanceMove } from "../../src/modules/admin/moves/runner";
import { startMove } from "../../src/modules/admin/moves/service";
import { admin, call, createTenant, json, type TestTenant } from "../harness";
import { crashingEnv, expectChainsVerify, moveTestEnv, nonEmpty, rowsOn, seedTenant } from "./helpers";

/** Statements a unit of each step may send before the simulated crash: after its first write. */
const CRASH_AFTER: Record<string, number> = {
  copy: 6,
  catch_up: 6,
  fence: 2, // tenant, fence set: the crash comes before the move is saved
  final_sync: 6,
  switch: 3, // tenant, fence extended, target guards back: the crash comes before the switch
  cleanup: 5,
};

let t: TestTenant;
let seeded: Awaited<ReturnType<typeof seedTenant>>;
beforeAll(async () => {
  t = await createTenant({ name: "Moved after crashes", shard: 0 });
  seeded = await seedTenant(t, 300);
});

const loadMove = async (moveId: string) => (await findMove(controlDb(env), t.id, moveId)) as TenantMoveRow;
const addNote = (caseId: string) =>
  call("POST", `/v1/fraud/cases/${caseId}/notes`, {
    key: t.key,
    body: { content: "during the move", actorId: "a2" },
  });
const eventCount = async (caseId: string) =>
  (await json<{ eventCount: number }>(await call("GET", `/v1/fraud/cases/${caseId}/verify`, { key: t.key })))
    .eventCount;

describe("a move interrupted at each step", () => {
  it("recovers from a crash in every step: one live shard throughout, nothing lost, the old copy gone", async () => {
    const { sent, env: jobEnv, op } = moveTestEnv(4);
    const started = await startMove(op, t.id, { targetShard: 1 });
    const caseId = seeded.fraudCaseIds[0];
    let expectedEvents = await eventCount(caseId);
    const crashed = new Set<string>();
    let notesAfterSwitch = 0;
    for (let i = 0; i < 2_000; i++) {
      const move = await loadMove(started.id);
      if (move.state !== "running") break;
      if (!crashed.has(move.step)) {
        crashed.add(move.step);
        const crash = await advanceMove(crashingEnv(jobEnv, CRASH_AFTER[move.step]), move).then(
          () => "no crash",
          (error: Error) => `${error.message} ${String(error.cause ?? "")}`,
        );
        expect(crash).toMatch(/simulated crash/);
        // After the crash the tenant reads, and writes or is told when to retry.
        expect((await call("GET", `/v1/customers/${seeded.customerId}`, { key: t.key })).status).toBe(200);
        const write = await addNote(caseId);
        if (write.status === 503) {
          expect(Number(write.headers.get("retry-after"))).toBeGreaterThan(0);
          if (move.step === "fence") {
            // The crashed job's fence lifts at its deadline, by itself.
            await new Promise((r) => setTimeout(r, 4_500));
            expect((await addNote(caseId)).status).toBe(201);
            expectedEvents++;
          }
        } else {
          expect(write.status).toBe(201);
          expectedEvents++;
          if (move.step === "cleanup") notesAfterSwitch++;
        }
        continue; // the queue redelivers a message whose handler threw: the unit runs again
      }
      if (move.step === "copy" || move.step === "catch_up") {
        expect((await addNote(caseId)).status).toBe(201);
        expectedEvents++;
      }
      expect(await advanceMove(jobEnv, move)).toBeDefined();
    }
    const done = await loadMove(started.id);
    expect(done.state, done.error ?? "").toBe("succeeded");
    expect([...crashed].sort()).toEqual(["catch_up", "cleanup", "copy", "fence", "final_sync", "switch"]);

    const tenant = await json<{ tenant: { shard: number } }>(await admin("GET", `/admin/tenants/${t.id}`));
    expect(tenant.tenant.shard).toBe(1);
    expect(nonEmpty(await rowsOn(0, t.id))).toEqual({});
    const onTarget = await rowsOn(1, t.id);
    const report = (
      await json<{
        move: {
          tables: Array<{ table: string; targetRows: number; sourceHash: string; targetHash: string }>;
        };
      }>(await admin("GET", `/admin/tenants/${t.id}/moves/${started.id}`))
    ).move;
    for (const table of report.tables) {
      // The verified figures, plus the notes written on the new shard after the switch.
      const after = table.table === "fraud_case_events" ? notesAfterSwitch : 0;
      expect(onTarget[table.table], table.table).toBe(table.targetRows + after);
      expect(table.targetHash, table.table).toBe(table.sourceHash);
    }
    expect(onTarget.transactions).toBe(301);
    expect(onTarget.maintenance_permits).toBe(0);
    expect(await eventCount(caseId)).toBe(expectedEvents);
    await expectChainsVerify(t, seeded);
    // Writes land on the new shard at once.
    expect((await addNote(caseId)).status).toBe(201);
    // Only the start enqueued a message: every unit above ran here, one at a time.
    expect(sent).toEqual([{ type: "tenant.move", tenantId: t.id, moveId: started.id, seq: 0 }]);
  });
});
