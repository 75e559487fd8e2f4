import type { TenantContext } from "../../../../db/tenant-context";
import type { RuleSetKind } from "../../domain/document";
import type { OutcomeRow } from "../domain/outcomes";

/**
 * The closed cases behind case feedback: counts by rule, rule-set version and status. The cases
 * are fraud's and AML's tables, and both modules sit above rules (they read live rule sets), so
 * rules does not import them: it calls this port, which src/ports.ts fills once per isolate with
 * monitoring/feedback/service.ts (docs/architecture.md#ports).
 */
export type ClosedCaseCounts = (
  ctx: TenantContext,
  kind: RuleSetKind,
  statuses: string[],
) => Promise<OutcomeRow[]>;

let counts: ClosedCaseCounts | null = null;

export function provideClosedCaseCounts(provided: ClosedCaseCounts | null): void {
  counts = provided;
}

export function closedCaseCounts(
  ctx: TenantContext,
  kind: RuleSetKind,
  statuses: string[],
): Promise<OutcomeRow[]> {
  // Unfilled only when src/ports.ts was never imported: a wiring fault, not feedback of zero cases.
  if (!counts) throw new Error("rules/feedback: closed-case counts port not filled (src/ports.ts)");
  return counts(ctx, kind, statuses);
}
