import { and, asc, eq } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { type CaseFileKind, caseFiles } from "../../../db/shard/cases";

export type NewCaseFile = Omit<typeof caseFiles.$inferInsert, "tenantId">;

export const insertFile = (scope: TenantScope, row: NewCaseFile) => scope.db.insert(caseFiles).values(row);

export const deleteFile = (scope: TenantScope, id: string) =>
  scope.db.delete(caseFiles).where(eq(caseFiles.id, id));

export const listFiles = (scope: TenantScope, kind: CaseFileKind, caseId: string) =>
  scope.db
    .select()
    .from(caseFiles, and(eq(caseFiles.caseKind, kind), eq(caseFiles.caseId, caseId)))
    .orderBy(asc(caseFiles.createdAt), asc(caseFiles.id))
    .limit(500);

export async function findFile(scope: TenantScope, kind: CaseFileKind, caseId: string, fileId: string) {
  const [row] = await scope.db
    .select()
    .from(
      caseFiles,
      and(eq(caseFiles.id, fileId), eq(caseFiles.caseKind, kind), eq(caseFiles.caseId, caseId)),
    );
  return row;
}
