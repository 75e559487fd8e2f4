import type { TenantContext } from "../../../db/tenant-context";
import type { RuleSetKind } from "../domain/document";
import { closedStatuses, precisionByRule, type RulePrecision } from "./domain/outcomes";
import { amlClosedCases, fraudClosedCases } from "./repo";

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
  const rows = kind === "aml" ? await amlClosedCases(ctx, statuses) : await fraudClosedCases(ctx, statuses);
  return { byVersion: true, rules: precisionByRule(kind, rows) };
}
