import { and, asc, eq } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { type CaseFileKind, caseFiles } from "../../../db/shard/cases";
import { amlCases } from "../../aml/read-model";
import { fraudCases } from "../../fraud/read-model";

export type NewCaseFile = Omit<typeof caseFiles.$inferInsert, "tenantId">;

/** Whether the tenant has this case (another tenant's is absent: the scope pre-applies the tenant). */
export async function caseExists(scope: TenantScope, kind: CaseFileKind, caseId: string) {
  const rows =
    kind === "fraud"
      ? await scope.db.select({ id: fraudCases.id }).from(fraudCases, eq(fraudCases.id, caseId)).limit(1)
      : await scope.db.select({ id: amlCases.id }).from(amlCases, eq(amlCases.id, caseId)).limit(1);
  return rows.length > 0;
}

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
