import { type TableMoveProgress, type TenantMoveRow, UNTOUCHED_TABLE } from "../../../db/control-schema";
import { DELETE_ORDER, TENANT_TABLES } from "../../../db/tenant-table-list";

const sum = (
  tables: TableMoveProgress[],
  field: "sourceRows" | "targetRows" | "written" | "deleted" | "removed" | "discarded",
) => tables.reduce((n, t) => n + (t[field] ?? 0), 0);

/** A move as the operator sees it: where it is, per-table figures, the fence's length. */
export function presentMove(row: TenantMoveRow) {
  const tables = TENANT_TABLES.map((table) => ({
    table,
    ...UNTOUCHED_TABLE,
    ...row.progress[table],
    discarded: row.progress[table]?.discarded ?? 0,
  }));
  const deleting = row.step === "cleanup" || row.step === "rollback";
  const walking = row.step === "copy" || row.step === "catch_up" || row.step === "final_sync" || deleting;
  const order = deleting ? DELETE_ORDER : TENANT_TABLES;
  const fenceSeconds =
    row.fenceStartedAt && row.fenceEndedAt
      ? Math.max(0, Date.parse(row.fenceEndedAt) - Date.parse(row.fenceStartedAt)) / 1000
      : null;
  return {
    id: row.id,
    tenantId: row.tenantId,
    sourceShard: row.sourceShard,
    targetShard: row.targetShard,
    state: row.state,
    step: row.step,
    round: row.round,
    currentTable: walking ? (order[row.tableIndex] ?? null) : null,
    tablesDone: walking ? row.tableIndex : row.step === "done" ? TENANT_TABLES.length : 0,
    tablesTotal: TENANT_TABLES.length,
    verified: row.switchedAt !== null,
    fenceStartedAt: row.fenceStartedAt,
    fenceEndedAt: row.fenceEndedAt,
    fenceSeconds,
    switchedAt: row.switchedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    finishedAt: row.finishedAt,
    error: row.error,
    totals: {
      sourceRows: sum(tables, "sourceRows"),
      targetRows: sum(tables, "targetRows"),
      written: sum(tables, "written"),
      deleted: sum(tables, "deleted"),
      removed: sum(tables, "removed"),
      discarded: sum(tables, "discarded"),
    },
    failures: row.failures,
    tables: tables.map((t) => ({ ...t, sourceHash: t.sourceHash || null, targetHash: t.targetHash || null })),
  };
}
