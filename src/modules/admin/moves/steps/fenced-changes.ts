import { type TenantMoveRow, UNTOUCHED_TABLE } from "../../../../db/control-schema";
import { updateRowSetHash } from "../../../../db/row-set-hash";
import { TENANT_TABLES, type TenantTableName } from "../../../../db/tenant-table-list";
import type { Env } from "../../../../env";
import { budgetLeft, type MoveBudget } from "../config";
import * as shards from "../system-repo";
import { newPass, type Save, verified } from "./pass-state";

/** Logged changes read per statement in the fenced step. */
const CHANGES_PER_READ = 500;

/**
 * Fenced round 1 (docs/decisions/tenant-moves.md#a-short-fence): the rows the source's change
 * log names since the last full pass began are compared and repaired, and each table's figures
 * from that pass are brought up to date from them: a row's contribution as the pass saw it is
 * what the target held before this repair (nothing else writes the target), replaced by the
 * source's row now and by the target's row read back. Then every table's counts are read on both
 * shards. Counts (read and kept) and hashes all equal: verified, switch. Otherwise the fence
 * stays and full fenced passes (round 2 on) decide.
 */
export async function fencedChanges(env: Env, move: TenantMoveRow, at: Date, save: Save, budget: MoveBudget) {
  await shards.holdPermit(env, move.targetShard, move.tenantId, "move_in", at.toISOString());
  budget.statements -= 3;
  const progress = { ...move.progress };
  let { changeSeq, roundChanges } = move;
  let drained = false;
  let compared = false;
  while (budgetLeft(budget)) {
    const logged = await shards.sourceChanges(env, move, changeSeq, CHANGES_PER_READ);
    budget.statements--;
    if (logged.length === 0) {
      drained = true;
      break;
    }
    const keysByTable = new Map<TenantTableName, Set<string>>();
    for (const change of logged) {
      const table = change.table as TenantTableName;
      keysByTable.set(table, (keysByTable.get(table) ?? new Set()).add(change.key));
    }
    for (const [table, keys] of keysByTable) {
      const r = await shards.syncTableKeys(env, move, table, [...keys]);
      budget.statements -= r.statements;
      const p = { ...UNTOUCHED_TABLE, ...progress[table] };
      progress[table] = {
        ...p,
        sourceRows: p.sourceRows + r.source.length - r.before.length,
        targetRows: p.targetRows + r.after.length - r.before.length,
        sourceHash: await updateRowSetHash(p.sourceHash, r.source, r.before),
        targetHash: await updateRowSetHash(p.targetHash, r.after, r.before),
        written: p.written + r.written,
        deleted: p.deleted + r.deleted,
      };
      roundChanges += r.written + r.deleted;
    }
    changeSeq = logged[logged.length - 1]!.seq;
    compared = true;
  }
  // The counts take a statement per table and side: in this unit if it has them left, else in
  // the next, which starts with them (it finds nothing more to compare), whatever its budget.
  if (!drained || (compared && budget.statements < 2 * TENANT_TABLES.length + 10))
    return save({ changeSeq, roundChanges, progress });
  const [onSource, onTarget] = await Promise.all([
    shards.tableCounts(env, move.sourceShard, move.tenantId),
    shards.tableCounts(env, move.targetShard, move.tenantId),
  ]);
  budget.statements -= 2 * TENANT_TABLES.length;
  const countsAgree = TENANT_TABLES.every((t) => {
    const p = progress[t] ?? UNTOUCHED_TABLE;
    return onSource.get(t) === p.sourceRows && onTarget.get(t) === p.targetRows;
  });
  if (countsAgree && verified(progress))
    return save({ step: "switch", ...newPass, changeSeq, progress, error: null });
  return save({
    round: 2,
    ...newPass,
    changeSeq,
    progress,
    error: "the rows changed since the last pass did not verify; full fenced passes decide",
  });
}
