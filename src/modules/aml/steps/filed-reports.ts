import type { TenantScope } from "../../../db/client";

/**
 * Whether an AML case has a goAML report on file with the FIU (submitted or accepted), for the
 * case machine's rule that `closed_reported` needs one. The reports are the goAML module's, and
 * goAML sits above AML (its STRs read AML cases), so AML does not import it: it calls this port,
 * which src/ports.ts fills once per isolate with goaml/read-model.ts (docs/architecture.md#ports).
 */
export type FiledReports = (scope: TenantScope, caseId: string) => Promise<boolean>;

let filed: FiledReports | null = null;

export function provideFiledReports(provided: FiledReports | null): void {
  filed = provided;
}

export function hasFiledReport(scope: TenantScope, caseId: string): Promise<boolean> {
  // Unfilled only when src/ports.ts was never imported: a wiring fault, not a case without a report.
  if (!filed) throw new Error("aml: filed-reports port not filled (src/ports.ts)");
  return filed(scope, caseId);
}
