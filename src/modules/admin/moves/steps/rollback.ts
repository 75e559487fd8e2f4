import type { BatchItem } from "drizzle-orm/batch";
import { controlDb } from "../../../../db/client";
import type { TenantMoveRow } from "../../../../db/control-schema";
import type { Env } from "../../../../env";
import { forgetTenant } from "../../verification/service";
import type { MoveBudget } from "../config";
import * as repo from "../repo";
import * as shards from "../system-repo";
import { dropLog } from "./log";
import { purgePages } from "./purge";

/**
 * A move that fails before its switch (docs/decisions/tenant-moves.md#a-failed-move): the
 * tenant never left its source shard, so the target's partial copy is deleted in pages (under
 * the move's `move_in` permit, which it already holds there), then the permit goes. The move
 * stays `running` meanwhile (one running move per tenant: a new move cannot copy into the
 * target while it is being emptied) and ends `failed`, with the reason kept in `error`.
 */

/** Whether the move is still before its switch, so giving up is safe. */
export const beforeSwitch = (move: TenantMoveRow) =>
  move.step === "copy" ||
  move.step === "catch_up" ||
  move.step === "fence" ||
  move.step === "final_sync" ||
  move.step === "switch";

/** Turns a move that has not switched to `rollback` (its fence, if any, lifted in the same batch, and `alongside` with it). */
export async function failMove(
  env: Env,
  move: TenantMoveRow,
  reason: string,
  at: Date,
  alongside: BatchItem<"sqlite">[] = [],
) {
  const saved = await repo.startRollback(
    controlDb(env),
    move,
    {
      tableIndex: 0,
      cursor: null,
      resumeAt: null,
      error: reason,
      // A fence this move set ends now (lifted in the same batch).
      fenceEndedAt: move.fenceStartedAt && !move.fenceEndedAt ? at.toISOString() : move.fenceEndedAt,
    },
    at.toISOString(),
    alongside,
  );
  if (saved) forgetTenant(move.tenantId);
  return saved;
}

/** One unit of the rollback: pages of the partial copy deleted; at the end the permit goes and the move fails. */
export async function rollback(
  env: Env,
  move: TenantMoveRow,
  at: Date,
  save: (patch: repo.MovePatch) => Promise<TenantMoveRow | undefined>,
  budget: MoveBudget,
) {
  const iso = at.toISOString();
  // Re-asserted (idempotent): the guards of the target stay aside until its copy is gone.
  await shards.holdPermit(env, move.targetShard, move.tenantId, "move_in", iso);
  budget.statements -= 3;
  // The tenant stays on its source: its writes there stop being logged, and the log goes.
  if (!(await dropLog(env, move, budget))) return save({});
  const purged = await purgePages(env, move.targetShard, move.tenantId, move, "discarded", budget);
  if (!purged.done) return save({ tableIndex: purged.tableIndex, progress: purged.progress });
  await shards.releasePermits(env, move.targetShard, move.tenantId);
  return save({ state: "failed", tableIndex: purged.tableIndex, progress: purged.progress, finishedAt: iso });
}
