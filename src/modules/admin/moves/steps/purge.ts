import { type TableMoveProgress, UNTOUCHED_TABLE } from "../../../../db/control-schema";
import { DELETE_ORDER } from "../../../../db/tenant-table-list";
import type { Env } from "../../../../env";
import { budgetLeft, type MoveBudget } from "../config";
import * as shards from "../system-repo";

/** Rows one delete statement removes (children first, DELETE_ORDER). */
export const PURGE_PAGE_ROWS = 500;

/**
 * Deletes the tenant's rows from a shard where it is not live, in pages while the budget lasts:
 * the old copy after a switch (counted in `removed`) or a failed move's partial copy on the
 * target (`discarded`). The caller holds the move's permit on that shard. Where it stopped,
 * and whether every table is empty (then the search tag goes too).
 */
export async function purgePages(
  env: Env,
  shard: number,
  tenantId: string,
  from: { tableIndex: number; progress: Record<string, TableMoveProgress> },
  counter: "removed" | "discarded",
  budget: MoveBudget,
) {
  const progress = { ...from.progress };
  let { tableIndex } = from;
  while (budgetLeft(budget)) {
    const table = DELETE_ORDER[tableIndex];
    if (!table) break;
    const gone = await shards.purgeTablePage(env, shard, tenantId, table, PURGE_PAGE_ROWS);
    budget.statements--;
    const p = { ...UNTOUCHED_TABLE, ...progress[table] };
    progress[table] = { ...p, [counter]: (p[counter] ?? 0) + gone };
    if (gone < PURGE_PAGE_ROWS) tableIndex++;
  }
  const done = tableIndex >= DELETE_ORDER.length;
  if (done) await shards.dropSearchTag(env, shard, tenantId);
  return { tableIndex, progress, done };
}
