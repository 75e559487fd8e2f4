import { eq } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import { type CustomerErasureRow, customerErasures } from "../../db/shard/privacy";

export const insertErasure = (scope: TenantScope, row: CustomerErasureRow) =>
  scope.db.insert(customerErasures).values(row);

export const findErasure = (scope: TenantScope, erasureId: string) =>
  scope.db.select().from(customerErasures, eq(customerErasures.id, erasureId)).get();
