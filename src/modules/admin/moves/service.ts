import { controlDb, shardNumbers } from "../../../db/client";
import type { TenantMoveRow } from "../../../db/control-schema";
import type { Env } from "../../../env";
import { jobs } from "../../../jobs/messages";
import { badRequest, conflict, notFound } from "../../../lib/errors";
import { type OperatorContext, operatorAuditInsert } from "../../audit/service";
import { getTenant } from "../tenants/service";
import { presentMove } from "./present";
import * as repo from "./repo";
import { beforeSwitch, failMove } from "./steps/rollback";

/**
 * Starts moving a tenant to another shard (docs/decisions/tenant-moves.md): the move row and
 * its audit entry in one batch, then the first job. Asking again for the same target while the
 * move runs resumes it (its current step is enqueued again: a stalled move continues, a live
 * one ignores the duplicate); another target while one runs is a conflict, and so is any start
 * while a failed move rolls back (its message is sent again all the same).
 */
export async function startMove(op: OperatorContext, tenantId: string, input: { targetShard: number }) {
  const { env } = op;
  const db = controlDb(env);
  const tenant = await getTenant(env, tenantId);
  const shards = shardNumbers(env);
  if (!shards.includes(input.targetShard)) {
    throw badRequest("Invalid request", [
      { path: "targetShard", message: `targetShard must be a bound shard: ${shards.join(", ")}` },
    ]);
  }
  const running = await repo.runningMove(db, tenantId);
  if (running) {
    if (running.targetShard !== input.targetShard) {
      throw conflict(`A move of this tenant to shard ${running.targetShard} is running`);
    }
    await env.JOBS_QUEUE.send(jobs.tenantMove(tenantId, running.id, running.seq));
    // A failed move still deleting its partial copy: resumed too, but the new move waits for it.
    if (running.step === "rollback")
      throw conflict(
        `A failed move to shard ${running.targetShard} is still deleting its partial copy; start again once it has failed`,
      );
    return presentMove(running);
  }
  if (tenant.shard === input.targetShard)
    throw conflict(`The tenant is already on shard ${input.targetShard}`);
  const at = op.clock.now().toISOString();
  const row: TenantMoveRow = {
    id: crypto.randomUUID(),
    tenantId,
    sourceShard: tenant.shard,
    targetShard: input.targetShard,
    state: "running",
    step: "copy",
    seq: 0,
    tableIndex: 0,
    cursor: null,
    round: 0,
    roundChanges: 0,
    progress: {},
    resumeAt: null,
    fenceStartedAt: null,
    fenceEndedAt: null,
    switchedAt: null,
    finishedAt: null,
    error: null,
    createdBy: op.actor.id,
    createdAt: at,
    updatedAt: at,
    failures: 0,
    changeSeq: 0,
  };
  const audit = operatorAuditInsert(
    op,
    {
      action: "tenant.move_started",
      target: { type: "tenant", id: tenantId },
      before: { shard: tenant.shard },
      after: { moveId: row.id, sourceShard: tenant.shard, targetShard: input.targetShard },
    },
    tenantId,
  );
  try {
    await repo.insertMove(db, row, audit);
  } catch (error) {
    // The one-running-move index: a concurrent start won.
    if (/UNIQUE/i.test(String(error))) throw conflict("Another move of this tenant has just started");
    throw error;
  }
  await env.JOBS_QUEUE.send(jobs.tenantMove(tenantId, row.id, row.seq));
  return presentMove(row);
}

/**
 * Cancels a move before its switch (docs/decisions/tenant-moves.md#cancelling-a-move): it turns
 * to `rollback` as a failing move does (the fence lifts at once if it was up, the partial copy
 * leaves the target, the move ends failed with "cancelled by the operator"), audited in the same
 * batch. A move already rolling back is returned as it is; one that has switched or ended is a
 * conflict (the tenant is live on the target: move it back with a new move).
 */
export async function cancelMove(op: OperatorContext, tenantId: string, moveId: string) {
  const db = controlDb(op.env);
  for (let attempt = 0; attempt < 3; attempt++) {
    const move = await repo.findMove(db, tenantId, moveId);
    if (!move) throw notFound("Move");
    if (move.state !== "running") throw conflict(`The move has ended (${move.state})`);
    if (move.step === "rollback") return presentMove(move);
    if (!beforeSwitch(move))
      throw conflict(`The move has switched: the tenant is live on shard ${move.targetShard}`);
    const audit = operatorAuditInsert(
      op,
      {
        action: "tenant.move_cancelled",
        target: { type: "tenant", id: tenantId },
        before: { moveId, step: move.step, sourceShard: move.sourceShard, targetShard: move.targetShard },
      },
      tenantId,
      { onlyIfChanged: true },
    );
    const rolling = await failMove(op.env, move, "cancelled by the operator", op.clock.now(), [audit]);
    if (rolling) {
      await op.env.JOBS_QUEUE.send(jobs.tenantMove(tenantId, rolling.id, rolling.seq));
      return presentMove(rolling);
    }
    // A unit of the move saved meanwhile: read it again and decide on its new step.
  }
  throw conflict("The move kept advancing; try again");
}

export async function getMove(env: Env, tenantId: string, moveId: string) {
  const row = await repo.findMove(controlDb(env), tenantId, moveId);
  if (!row) throw notFound("Move");
  return presentMove(row);
}

/** Running moves that saved nothing since `before` (at most `cap`): the operator's figures. */
export const stalledMoveCount = async (env: Env, before: string, cap: number) =>
  (await repo.stalledMoves(controlDb(env), before, cap)).length;
