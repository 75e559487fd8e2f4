/**
 * Suspicious transaction report (STR) from an AML case: the case id is the entity reference,
 * the case's reason and action become the narrative, indicators come from the rules and
 * signals that fired (through the FIU profile). A resubmission after the FIU rejected a
 * report carries the rejected report's FIU reference as `prev_rejected_ref_number`.
 */
import { type CaseRule, type FiuProfile, indicatorsFor } from "./fiu-profile";
import { buildReport, type ReportingEntityInput, type ReportResult, type TransactionInput } from "./report";

export interface StrInput {
  reportingEntity: ReportingEntityInput;
  caseId: string;
  /** Why the institution is suspicious (the case narrative). */
  reason: string;
  /** What the institution did (account restricted, relationship under review, ...). */
  action?: string;
  transactions: TransactionInput[];
  fired: { amlRules?: CaseRule[]; amlRuleIds?: string[]; fraudSignalIds?: string[] };
  generatedAt: string;
  prevRejectedRefNumber?: string;
}

export function buildStr(profile: FiuProfile, input: StrInput): ReportResult {
  return buildReport(profile, profile.reportCodes.str, {
    reportingEntity: input.reportingEntity,
    entityReference: input.caseId,
    generatedAt: input.generatedAt,
    reason: input.reason,
    ...(input.action !== undefined ? { action: input.action } : {}),
    ...(input.prevRejectedRefNumber !== undefined
      ? { prevRejectedRefNumber: input.prevRejectedRefNumber }
      : {}),
    transactions: input.transactions,
    indicatorCodes: indicatorsFor(profile, input.fired),
  });
}
