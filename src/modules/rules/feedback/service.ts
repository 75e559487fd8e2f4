import type { TenantContext } from "../../../db/tenant-context";
import type { RuleSetKind } from "../domain/document";
import { closedStatuses, precisionByRule, type RulePrecision } from "./domain/outcomes";
import { amlClosedCases, fraudClosedCases } from "./repo";

/**
 * Case feedback (docs/methodology/rules.md#case-feedback): precision per rule from the cases
 * analysts closed. Computed across every version: the cases carry no rule-set version on this
 * branch (the stamp column comes with the evaluation wiring), so `byVersion` stays false until
 * the merge groups the same rows by that column too.
 */
export interface Feedback {
  byVersion: false;
  rules: RulePrecision[];
}

export async function ruleFeedback(ctx: TenantContext, kind: RuleSetKind): Promise<Feedback> {
  const statuses = closedStatuses(kind);
  const rows = kind === "aml" ? await amlClosedCases(ctx, statuses) : await fraudClosedCases(ctx, statuses);
  return { byVersion: false, rules: precisionByRule(kind, rows) };
}
