import type { TenantMoveRow } from "../../../../db/control-schema";
import type { Env } from "../../../../env";
import { budgetLeft, type MoveBudget } from "../config";
import * as shards from "../system-repo";

/** Logged changes deleted per statement when a move ends. */
const LOG_ROWS_PER_DELETE = 5_000;

/** Stops the source's change log for the tenant and deletes it while the budget lasts; whether it is gone. */
export async function dropLog(env: Env, move: TenantMoveRow, budget: MoveBudget) {
  while (budgetLeft(budget)) {
    budget.statements -= 2;
    if (await shards.dropSourceLog(env, move, LOG_ROWS_PER_DELETE)) return true;
  }
  return false;
}
