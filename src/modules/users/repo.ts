import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { TenantScope } from "../../db/client";
import { listOrder, type PageRequest, tablePage } from "../../db/keyset";
import { type TenantUserRow, tenantUsers } from "../../db/shard/users";

const userOrder = listOrder("tenant-users", tenantUsers, { createdAt: "asc", id: "asc" });

export const listUsers = (scope: TenantScope, page: PageRequest) =>
  tablePage(scope.db, tenantUsers, userOrder, {}, [], page);

export const findUser = (scope: TenantScope, id: string): Promise<TenantUserRow | undefined> =>
  scope.db.select().from(tenantUsers, eq(tenantUsers.id, id)).get();

export const findUserByEmail = (scope: TenantScope, email: string): Promise<TenantUserRow | undefined> =>
  scope.db.select().from(tenantUsers, eq(tenantUsers.email, email)).get();

/** The enabled users among `ids`, in one statement (the ids as one JSON parameter). */
export const enabledUsersAmong = (scope: TenantScope, ids: readonly string[]) =>
  scope.db
    .select({ id: tenantUsers.id })
    .from(
      tenantUsers,
      sql`${tenantUsers.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)})) AND ${tenantUsers.disabled} = 0`,
    )
    .all();

/** The new user and its audit entry in one batch. */
export async function insertUser(
  scope: TenantScope,
  row: Omit<TenantUserRow, "tenantId">,
  audit: BatchItem<"sqlite">,
) {
  await scope.db.batch([scope.db.insert(tenantUsers).values(row), audit]);
}

/** The change and its audit entry in one batch; the updated row. */
export async function updateUser(
  scope: TenantScope,
  id: string,
  patch: Partial<Omit<TenantUserRow, "tenantId" | "id" | "createdAt">>,
  audit: BatchItem<"sqlite">,
): Promise<TenantUserRow | undefined> {
  const [rows] = await scope.db.batch([
    scope.db.update(tenantUsers).set(patch).where(eq(tenantUsers.id, id)).returning(),
    audit,
  ]);
  return (rows as TenantUserRow[])[0];
}
