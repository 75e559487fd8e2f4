import type { TenantContext } from "../../../db/tenant-context";
import type { RuleSetKind } from "../../rules/domain/document";
import type { OutcomeRow } from "../../rules/feedback/service";
import { amlClosedCases, fraudClosedCases } from "./repo";

/**
 * Closed cases by rule, rule-set version and status, for the rules module's case feedback
 * (rules/feedback/steps/closed-cases.ts, filled by src/ports.ts): monitoring sits above fraud
 * and AML, so it reads both kinds' case tables through their read models.
 */
export const closedCaseCounts = (
  ctx: TenantContext,
  kind: RuleSetKind,
  statuses: string[],
): Promise<OutcomeRow[]> =>
  kind === "aml" ? amlClosedCases(ctx, statuses) : fraudClosedCases(ctx, statuses);
