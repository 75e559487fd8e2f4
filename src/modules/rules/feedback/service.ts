import type { TenantContext } from "../../../db/tenant-context";
import type { RuleSetKind } from "../domain/document";
import { closedStatuses, precisionByRule, type RulePrecision } from "./domain/outcomes";
import { closedCaseCounts } from "./steps/closed-cases";

/** A row of closed-case counts, as monitoring/feedback/service.ts answers the port. */
export type { OutcomeRow } from "./domain/outcomes";

/**
 * Case feedback (docs/methodology/rules.md#case-feedback): precision per rule from the cases
 * analysts closed, over every version and per version (the version stamped on each case).
 */
export interface Feedback {
  byVersion: true;
  rules: RulePrecision[];
}

export async function ruleFeedback(ctx: TenantContext, kind: RuleSetKind): Promise<Feedback> {
  const statuses = closedStatuses(kind);
  const rows = await closedCaseCounts(ctx, kind, statuses);
  return { byVersion: true, rules: precisionByRule(kind, rows) };
}
