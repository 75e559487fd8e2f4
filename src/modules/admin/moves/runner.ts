import { controlDb } from "../../../db/client";
import type { TableMoveProgress, TenantMoveRow } from "../../../db/control-schema";
import { updateRowSetHash } from "../../../db/row-set-hash";
import { TENANT_TABLES } from "../../../db/tenant-table-list";
import type { Env } from "../../../env";
import { systemClock } from "../../../lib/clock";
import { AppError } from "../../../lib/errors";
import { yieldToEventLoop } from "../../../lib/yield";
import { operatorAuditInsert } from "../../audit/service";
import { getTenant } from "../tenants/service";
import { forgetTenant } from "../verification/service";
import {
  budgetLeft,
  CATCH_UP_SMALL_ENOUGH,
  MAX_CATCH_UP_ROUNDS,
  MAX_FENCED_ROUNDS,
  type MoveBudget,
  messageBudget,
  moveConfig,
} from "./config";
import { presentMove } from "./present";
import * as repo from "./repo";
import { fencedChanges } from "./steps/fenced-changes";
import { dropLog } from "./steps/log";
import { newPass, type Save, verified } from "./steps/pass-state";
import { purgePages } from "./steps/purge";
import { failMove, rollback } from "./steps/rollback";
import * as shards from "./system-repo";

/**
 * One bounded unit of a tenant move (docs/decisions/tenant-moves.md), from the state saved in
 * CONTROL_DB: copy -> catch_up (passes until little changes) -> fence -> final_sync (round 1:
 * only the rows the source's change log names since the last pass began, then counts and hashes
 * of every table; rounds 2+, when those disagree: fenced full passes until one finds nothing to
 * repair) -> switch -> cleanup -> done; a move that fails before the switch goes to rollback (steps/rollback.ts)
 * and ends failed with its partial copy gone. Every unit is idempotent (a pass compares before it writes) and saves with
 * the move's seq, so a crash anywhere re-runs the unit from the last saved cursor.
 */

const EMPTY_HASH = "";
const later = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000).toISOString();

const emptyProgress = (): TableMoveProgress => ({
  sourceRows: 0,
  targetRows: 0,
  sourceHash: EMPTY_HASH,
  targetHash: EMPTY_HASH,
  written: 0,
  deleted: 0,
  removed: 0,
});

/** A pass starting a table: this pass's rows and hashes start over, the running totals stay. */
const startPass = (p: TableMoveProgress | undefined): TableMoveProgress => ({
  ...emptyProgress(),
  written: p?.written ?? 0,
  deleted: p?.deleted ?? 0,
  removed: p?.removed ?? 0,
});

/** Does the move's next unit of work and saves it; the saved row (undefined: someone else saved first). */
export async function advanceMove(
  env: Env,
  move: TenantMoveRow,
  budget: MoveBudget = messageBudget(env),
  clock = systemClock,
) {
  const db = controlDb(env);
  const at = clock.now();
  const save: Save = (patch) => repo.saveMove(db, move, patch, at.toISOString());
  const switched = move.step === "cleanup" || move.step === "done";
  // Before the switch a tenant deleted meanwhile (offboarding) fails the move, and its partial copy goes.
  const tenant = switched
    ? await getTenant(env, move.tenantId)
    : await getTenant(env, move.tenantId).catch((error: unknown) => {
        if (error instanceof AppError && error.code === "not_found") return undefined;
        throw error;
      });
  const liveShard = switched ? move.targetShard : move.sourceShard;
  const where = tenant ? `tenant is on shard ${tenant.shard}` : "the tenant no longer exists";
  // Ends a move where it is (no rollback): its change log on the source goes first.
  const endHere = async () => {
    await dropLog(env, move, budget);
    return save({ state: "failed", error: `${where}, not ${liveShard}`, finishedAt: at.toISOString() });
  };
  // Never delete a copy on the shard where the tenant is live.
  if (tenant?.shard === move.targetShard && !switched) return endHere();
  if (move.step === "rollback") return rollback(env, move, at, save, budget);
  if (tenant?.shard !== liveShard) {
    if (!switched) return failMove(env, move, `${where}, not ${liveShard}`, at);
    return endHere();
  }
  switch (move.step) {
    case "copy":
    case "catch_up":
      return pass(env, move, at, save, budget);
    case "final_sync":
      if (!(await fenceHeld(env, move, at)))
        return fenceLost(save, at, "the write fence lapsed before the final pass ended; caught up again");
      return move.round === 1
        ? fencedChanges(env, move, at, save, budget)
        : pass(env, move, at, save, budget);
    case "fence":
      return fence(env, move, at, save);
    case "switch":
      return switchOver(env, move, at);
    case "cleanup":
      return cleanup(env, move, at, save, budget);
    default:
      return undefined;
  }
}

/** Back to catching up when the fence lapsed: writes may have landed meanwhile. */
const fenceLost = (save: Save, at: Date, why: string) =>
  save({
    step: "catch_up",
    round: 1,
    ...newPass,
    fenceEndedAt: at.toISOString(),
    resumeAt: null,
    error: why,
  });

/** Extends the fence for the fenced step's next unit; false when it lapsed (writes may have landed). */
const fenceHeld = (env: Env, move: TenantMoveRow, at: Date) =>
  repo.extendFence(
    controlDb(env),
    move.tenantId,
    move.sourceShard,
    at.toISOString(),
    later(at, moveConfig(env).fenceSeconds),
  );

async function pass(env: Env, move: TenantMoveRow, at: Date, save: Save, budget: MoveBudget) {
  const config = moveConfig(env);
  const iso = at.toISOString();
  await shards.holdPermit(env, move.targetShard, move.tenantId, "move_in", iso);
  const progress = { ...move.progress };
  let { tableIndex, cursor, roundChanges, changeSeq } = move;
  budget.statements -= 3;
  // A pass before the fence starts from the change log's current end: every row changed after
  // its pages were read is logged after that point, which is what the fenced step re-checks.
  if (move.step !== "final_sync" && tableIndex === 0 && cursor === null) {
    changeSeq = await shards.watchSource(env, move, iso);
    budget.statements -= 2;
  }
  while (budgetLeft(budget)) {
    const table = TENANT_TABLES[tableIndex];
    if (!table) break;
    const p = cursor === null ? startPass(progress[table]) : { ...progress[table] };
    const page = await shards.syncTablePage(env, move, table, cursor, config.pageRows);
    budget.statements -= page.statements;
    p.sourceRows += page.source.rows.length;
    p.targetRows += page.target.rows.length;
    p.sourceHash = await updateRowSetHash(p.sourceHash, page.source.rows);
    p.targetHash = await updateRowSetHash(p.targetHash, page.target.rows);
    p.written += page.written;
    p.deleted += page.deleted;
    progress[table] = p;
    roundChanges += page.written + page.deleted;
    if (page.end === null) {
      tableIndex++;
      cursor = null;
    } else cursor = page.end;
    // A page's rows are compared and hashed synchronously: the next page in a slice of its own.
    await yieldToEventLoop();
  }
  if (tableIndex < TENANT_TABLES.length)
    return save({ tableIndex, cursor, roundChanges, progress, changeSeq });
  const next = passEnded(move, roundChanges, progress, at);
  // Fenced passes that keep finding changes give the fence up (something wrote past it).
  if (move.step === "final_sync" && next.step === "catch_up")
    await repo.liftFence(controlDb(env), move.tenantId);
  return save({ ...next, progress, changeSeq });
}

function passEnded(
  move: TenantMoveRow,
  changes: number,
  progress: Record<string, TableMoveProgress>,
  at: Date,
): repo.MovePatch {
  if (move.step === "copy") return { step: "catch_up", round: 1, ...newPass };
  if (move.step === "catch_up") {
    const enough = changes <= CATCH_UP_SMALL_ENOUGH || move.round >= MAX_CATCH_UP_ROUNDS;
    return enough ? { step: "fence", round: 0, ...newPass } : { round: move.round + 1, ...newPass };
  }
  // final_sync: the source is fenced, so a pass whose counts and hashes (the target read back
  // after each repair) agree on every table verifies the copy.
  if (verified(progress)) return { step: "switch", ...newPass, error: null };
  if (move.round < MAX_FENCED_ROUNDS) return { round: move.round + 1, ...newPass };
  return {
    step: "catch_up",
    round: 1,
    ...newPass,
    fenceEndedAt: at.toISOString(),
    error: "fenced passes kept finding changes; the fence was lifted and the move caught up again",
  };
}

async function fence(env: Env, move: TenantMoveRow, at: Date, save: Save) {
  const { settleSeconds, drainSeconds, fenceSeconds } = moveConfig(env);
  // Announced ahead: by `from` every isolate's cached row (5 s) holds it, so all refuse writes
  // from the same moment and the move does not wait inside the fence for caches to expire.
  const from = later(at, settleSeconds);
  await repo.fenceTenant(
    controlDb(env),
    move.tenantId,
    move.sourceShard,
    from,
    later(at, settleSeconds + fenceSeconds),
  );
  forgetTenant(move.tenantId);
  return save({
    step: "final_sync",
    round: 1,
    ...newPass,
    fenceStartedAt: from,
    fenceEndedAt: null,
    resumeAt: later(at, settleSeconds + drainSeconds),
  });
}

async function switchOver(env: Env, move: TenantMoveRow, at: Date) {
  const db = controlDb(env);
  const config = moveConfig(env);
  const iso = at.toISOString();
  const save: Save = (patch) => repo.saveMove(db, move, patch, iso);
  // The fence must outlast every cached copy of the old row: extended, and only if it still holds.
  const held = await repo.extendFence(
    db,
    move.tenantId,
    move.sourceShard,
    iso,
    later(at, config.fenceSeconds),
  );
  if (!held) return fenceLost(save, at, "the write fence lapsed before the switch; caught up again");
  // The target's guards come back before the tenant goes live there.
  await shards.releasePermits(env, move.targetShard, move.tenantId);
  const op = {
    env,
    actor: { type: "system" as const, id: "tenant-move" },
    requestId: `job:tenant.move:${move.id}`,
    clock: { now: () => at },
  };
  const after = presentMove({ ...move, step: "cleanup", switchedAt: iso, fenceEndedAt: iso });
  const saved = await repo.switchShard(
    db,
    move,
    {
      step: "cleanup",
      ...newPass,
      switchedAt: iso,
      fenceEndedAt: iso,
      resumeAt: later(at, config.settleSeconds),
    },
    iso,
    operatorAuditInsert(
      op,
      {
        action: "tenant.moved",
        target: { type: "tenant", id: move.tenantId },
        before: { shard: move.sourceShard },
        after: { shard: move.targetShard, moveId: move.id, tables: after.tables.length },
      },
      move.tenantId,
      { onlyIfChanged: true },
    ),
  );
  forgetTenant(move.tenantId);
  return saved;
}

async function cleanup(env: Env, move: TenantMoveRow, at: Date, save: Save, budget: MoveBudget) {
  const iso = at.toISOString();
  // Only after the switch (checked by advanceMove: the tenant is live on the target).
  await shards.holdPermit(env, move.sourceShard, move.tenantId, "purge", iso);
  budget.statements -= 3;
  // The change log goes first (the tenant no longer writes here, so nothing is logged after).
  if (!(await dropLog(env, move, budget))) return save({});
  const { tableIndex, progress, done } = await purgePages(
    env,
    move.sourceShard,
    move.tenantId,
    move,
    "removed",
    budget,
  );
  if (!done) return save({ tableIndex, progress });
  await shards.releasePermits(env, move.sourceShard, move.tenantId);
  return save({ step: "done", state: "succeeded", ...newPass, progress, finishedAt: iso, resumeAt: null });
}
