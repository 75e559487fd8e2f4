import { eq, inArray } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { type SubjectKeyRow, subjectKeys } from "../../../db/shard/privacy";

export const findSubjectKeys = (scope: TenantScope, customerIds: string[]) =>
  scope.db.select().from(subjectKeys, inArray(subjectKeys.customerId, customerIds));

/** A new key; a concurrent writer's key for the same customer wins (read it back). */
export const insertSubjectKey = (scope: TenantScope, row: SubjectKeyRow) =>
  scope.db.insert(subjectKeys).values(row).onConflictDoNothing();

/** The erasure's last step, for its batch: the key goes, and what it sealed cannot be read. */
export const deleteSubjectKey = (scope: TenantScope, customerId: string) =>
  scope.db.delete(subjectKeys).where(eq(subjectKeys.customerId, customerId));
