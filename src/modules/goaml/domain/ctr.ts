/**
 * Cash transaction report (CTR): one report per tenant-local day holding every cash deposit
 * or withdrawal at or above the profile's threshold (Ghana: GH¢50,000.00). The structure is
 * the STR's; the report code and indicators come from the profile's CTR settings.
 */
import type { FiuProfile } from "./fiu-profile";
import { buildReport, type ReportingEntityInput, type ReportResult, type TransactionInput } from "./report";

/** The transactions a CTR reports: the profile's cash channels, at or above the threshold. */
export function qualifyingCashTransactions(
  profile: FiuProfile,
  transactions: TransactionInput[],
): TransactionInput[] {
  const channels = new Set(profile.ctr.channels.map((c) => c.toLowerCase()));
  return transactions
    .filter(
      (t) => channels.has((t.channel ?? "").toLowerCase()) && t.amountMinor >= profile.ctr.thresholdMinor,
    )
    .sort((a, b) => (a.date === b.date ? (a.id < b.id ? -1 : 1) : a.date < b.date ? -1 : 1));
}

export interface CtrInput {
  reportingEntity: ReportingEntityInput;
  /** The tenant-local day reported (YYYY-MM-DD); the entity reference is `CTR-<day>`. */
  day: string;
  /** The day's transactions; those that do not qualify are left out. */
  transactions: TransactionInput[];
  generatedAt: string;
  prevRejectedRefNumber?: string;
}

export type CtrResult = ReportResult | { ok: "empty" };

/** Builds the day's CTR, or `empty` when no transaction qualifies (no report is filed). */
export function buildCtr(profile: FiuProfile, input: CtrInput): CtrResult {
  const qualifying = qualifyingCashTransactions(profile, input.transactions);
  if (qualifying.length === 0) return { ok: "empty" };
  return buildReport(profile, profile.reportCodes.ctr, {
    reportingEntity: input.reportingEntity,
    entityReference: `CTR-${input.day}`,
    generatedAt: input.generatedAt,
    reason: `Cash deposits and withdrawals of ${profile.currencyCodeLocal} ${(profile.ctr.thresholdMinor / 100).toFixed(2)} or more on ${input.day}.`,
    ...(input.prevRejectedRefNumber !== undefined
      ? { prevRejectedRefNumber: input.prevRejectedRefNumber }
      : {}),
    transactions: qualifying,
    indicatorCodes: profile.ctr.indicatorCodes,
  });
}
