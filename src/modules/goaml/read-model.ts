/**
 * The goAML module's read model: whether an AML case has a report on file with the FIU, for
 * the AML case machine's rule that `closed_reported` needs one. Reports are written only
 * through ./service.ts.
 */
import { eq, inArray } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import { goamlReports } from "../../db/shard/goaml";
import { FILED_STATUSES } from "./domain/lifecycle";

export async function hasFiledReport(scope: TenantScope, caseId: string): Promise<boolean> {
  const rows = await scope.db
    .select({ id: goamlReports.id })
    .from(goamlReports, eq(goamlReports.caseId, caseId), inArray(goamlReports.status, [...FILED_STATUSES]))
    .limit(1);
  return rows.length > 0;
}
