import { createScheduledController, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { controlDb } from "../../src/db/client";
import type { TenantMoveRow } from "../../src/db/control-schema";
import type { Env } from "../../src/env";
import { handleScheduled } from "../../src/jobs/cron";
import { type JobMessage, TENANT_MOVE_JOB, type TenantMoveMessage } from "../../src/jobs/messages";
import { jobHandlers } from "../../src/jobs/registry";
import { resumesOf, STALLED_AFTER_SECONDS } from "../../src/jobs/resumes";
import { findMove } from "../../src/modules/admin/moves/repo";
import { advanceMove } from "../../src/modules/admin/moves/runner";
import { startMove } from "../../src/modules/admin/moves/service";
import { admin, createTenant, json, type TestTenant } from "../harness";
import { expectChainsVerify, moveTestEnv, nonEmpty, rowsOn, seedTenant } from "./helpers";

const minutes = (n: number) => Date.now() + n * 60_000;
const runCron = (jobEnv: Env, scheduledTime: number) =>
  handleScheduled(createScheduledController({ cron: "* * * * *", scheduledTime }), jobEnv);
const moveMessages = (sent: JobMessage[]) =>
  sent.filter((m): m is TenantMoveMessage => m.type === TENANT_MOVE_JOB);

let t: TestTenant;
let seeded: Awaited<ReturnType<typeof seedTenant>>;
beforeAll(async () => {
  t = await createTenant({ name: "Moved after a lost message", shard: 0 });
  seeded = await seedTenant(t, 300);
});

const loadMove = async (moveId: string) => (await findMove(controlDb(env), t.id, moveId)) as TenantMoveRow;

describe("the minute cron resumes a stalled move", () => {
  it("re-sends a move whose message was dropped mid-copy; a duplicate does not double-apply; the copy verifies", async () => {
    const { sent, env: jobEnv, op } = moveTestEnv(10);
    const before = await rowsOn(0, t.id);
    const started = await startMove(op, t.id, { targetShard: 1 });
    // One unit of the copy runs, then its next message is lost (the recording queue delivers nothing).
    const saved = await advanceMove(jobEnv, await loadMove(started.id), {
      statements: 30,
      deadline: Date.now() + 30_000,
    });
    expect(saved).toMatchObject({ step: "copy", state: "running", seq: 1 });
    expect(saved?.cursor !== null || (saved?.tableIndex ?? 0) > 0).toBe(true);
    sent.length = 0;

    // Progressing: saved a moment ago, so a sweep within the threshold sends nothing.
    await runCron(jobEnv, minutes(1));
    expect(moveMessages(sent)).toEqual([]);
    expect((await resumesOf(env, "tenant.move", started.id)).resumes).toBe(0);

    // Past the threshold: the current step's message again, and the resume recorded.
    await runCron(jobEnv, minutes(STALLED_AFTER_SECONDS / 60 + 1));
    const resumed = moveMessages(sent);
    expect(resumed).toEqual([{ type: TENANT_MOVE_JOB, tenantId: t.id, moveId: started.id, seq: 1 }]);
    expect(await resumesOf(env, "tenant.move", started.id)).toMatchObject({ resumes: 1, lastStep: "copy:1" });
    // A sweep a minute later does not send it again while that message may still be on its way.
    await runCron(jobEnv, minutes(STALLED_AFTER_SECONDS / 60 + 2));
    expect(moveMessages(sent)).toHaveLength(1);
    sent.length = 0;

    // The resumed message arrives twice at once (at-least-once delivery): both run the same
    // unit, one saves it, the other's save is refused by the seq and it stops.
    const handle = jobHandlers[TENANT_MOVE_JOB];
    await Promise.all([handle(jobEnv, resumed[0]), handle(jobEnv, resumed[0])]);
    // And once more, late: its seq is stale, so it does nothing.
    const afterDuplicates = await loadMove(started.id);
    await handle(jobEnv, resumed[0]);
    expect((await loadMove(started.id)).seq).toBe(afterDuplicates.seq);

    for (let i = 0; i < 500; i++) {
      const move = await loadMove(started.id);
      if (move.state !== "running") break;
      const next = moveMessages(sent).filter((m) => m.seq === move.seq);
      sent.length = 0;
      await handle(
        jobEnv,
        next[0] ?? { type: TENANT_MOVE_JOB, tenantId: t.id, moveId: move.id, seq: move.seq },
      );
    }
    const done = await loadMove(started.id);
    expect(done.state, done.error ?? "").toBe("succeeded");

    // Counts equal: the target holds exactly the verified rows, and the old copy is gone. (The
    // real outbox and webhook queues keep writing deliveries meanwhile, so the figures are the
    // verified pass's, as in interrupted.test.ts.)
    expect(nonEmpty(await rowsOn(0, t.id))).toEqual({});
    const after = await rowsOn(1, t.id);
    const report = (
      await json<{
        move: {
          totals: { sourceRows: number; targetRows: number };
          tables: Array<{
            table: string;
            sourceRows: number;
            targetRows: number;
            written: number;
            sourceHash: string;
            targetHash: string;
          }>;
        };
      }>(await admin("GET", `/admin/tenants/${t.id}/moves/${started.id}`))
    ).move;
    expect(report.totals.targetRows).toBe(report.totals.sourceRows);
    for (const table of report.tables) {
      expect(after[table.table], table.table).toBe(table.targetRows);
      expect(table.targetRows, table.table).toBe(table.sourceRows);
      expect(table.targetHash, table.table).toBe(table.sourceHash);
    }
    // Tables nothing wrote to during the move: the duplicated unit's work was neither applied
    // nor counted twice. (Counted at most once: the duplicate that saves counts only what it
    // wrote itself, and pages its twin had already repaired compare equal to it.)
    for (const name of ["customers", "accounts", "transactions", "fraud_case_events", "aml_case_history"]) {
      const table = report.tables.find((x) => x.table === name);
      expect(before[name], name).toBeGreaterThan(0);
      expect(table?.written, name).toBeGreaterThan(0);
      expect(table?.written, name).toBeLessThanOrEqual(before[name]);
      expect(after[name], name).toBe(before[name]);
    }
    await expectChainsVerify(t, seeded);
    // A finished move is never resumed.
    sent.length = 0;
    await runCron(jobEnv, minutes(60));
    expect(moveMessages(sent)).toEqual([]);
  });
});
