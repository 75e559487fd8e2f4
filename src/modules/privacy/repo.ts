import { eq } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import { type CustomerErasureRow, customerErasures } from "../../db/shard/privacy";

export const insertErasure = (scope: TenantScope, row: CustomerErasureRow) =>
  scope.db.insert(customerErasures).values(row);

export const findErasure = (scope: TenantScope, erasureId: string) =>
  scope.db.select().from(customerErasures, eq(customerErasures.id, erasureId)).get();

/**
 * The last turn's update of a running erasure, for a batch: it changes the row only while the
 * row is still at the turn's step (a redelivered message changes nothing).
 */
export const completeErasure = (
  scope: TenantScope,
  row: CustomerErasureRow,
  patch: Partial<CustomerErasureRow>,
) =>
  scope.db
    .update(customerErasures)
    .set({ ...patch, step: row.step + 1 })
    .where(eq(customerErasures.id, row.id), eq(customerErasures.step, row.step));
