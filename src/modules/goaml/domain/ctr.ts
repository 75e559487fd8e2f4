/**
 * Cash transaction report (CTR): one report per tenant-local business day holding the cash
 * deposits and withdrawals that reach the profile's threshold (Ghana: GH¢50,000.00), summed as
 * the profile's aggregation says: per customer and day, each direction on its own (the Ghana
 * default), both directions together, or each transaction alone. The structure is the STR's;
 * the report code and indicators come from the profile's CTR settings.
 */
import { type CtrAggregation, ctrAggregation, type FiuProfile } from "./fiu-profile";
import { buildReport, type ReportingEntityInput, type ReportResult, type TransactionInput } from "./report";

/** What the CTR's selection reads of a transaction. */
export interface CashFacts {
  id: string;
  /** The customer it counts for. */
  subject: string;
  direction: "credit" | "debit";
  amountMinor: number;
  channel?: string | null;
  date: string;
}

/** The group a transaction's amount adds up in under an aggregation. */
function groupOf(aggregation: CtrAggregation, t: CashFacts): string {
  if (aggregation === "transaction") return `tx:${t.id}`;
  if (aggregation === "subject_day") return t.subject;
  return `${t.subject}|${t.direction}`;
}

/**
 * Of one business day's transactions, those a CTR reports: of the profile's cash channels, every
 * transaction of a group (groupOf) whose total reaches the threshold, in time order.
 */
export function selectCtrCash<T>(profile: FiuProfile, rows: T[], facts: (row: T) => CashFacts): T[] {
  const channels = new Set(profile.ctr.channels.map((c) => c.toLowerCase()));
  const aggregation = ctrAggregation(profile);
  const cash = rows
    .map((row) => ({ row, f: facts(row) }))
    .filter(({ f }) => channels.has((f.channel ?? "").toLowerCase()));
  const totals = new Map<string, number>();
  for (const { f } of cash) {
    const group = groupOf(aggregation, f);
    totals.set(group, (totals.get(group) ?? 0) + f.amountMinor);
  }
  return cash
    .filter(({ f }) => (totals.get(groupOf(aggregation, f)) ?? 0) >= profile.ctr.thresholdMinor)
    .sort((a, b) => (a.f.date === b.f.date ? (a.f.id < b.f.id ? -1 : 1) : a.f.date < b.f.date ? -1 : 1))
    .map(({ row }) => row);
}

/** The builder's transactions a CTR reports; the subject is the client number (else the account). */
export function qualifyingCashTransactions(
  profile: FiuProfile,
  transactions: TransactionInput[],
): TransactionInput[] {
  return selectCtrCash(profile, transactions, (t) => ({
    id: t.id,
    subject: t.client.clientNumber ?? `account:${t.client.accountNumber}`,
    direction: t.direction,
    amountMinor: t.amountMinor,
    channel: t.channel ?? null,
    date: t.date,
  }));
}

/** The sentence of the CTR's reason that says how amounts were added up. */
function aggregationText(profile: FiuProfile): string {
  const a = ctrAggregation(profile);
  if (a === "transaction") return "each transaction on its own";
  if (a === "subject_day") return "summed per customer over the day, deposits and withdrawals together";
  return "summed per customer over the day, deposits and withdrawals each on their own";
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
    reason: `Cash deposits and withdrawals of ${profile.currencyCodeLocal} ${(profile.ctr.thresholdMinor / 100).toFixed(2)} or more on ${input.day} (${aggregationText(profile)}).`,
    ...(input.prevRejectedRefNumber !== undefined
      ? { prevRejectedRefNumber: input.prevRejectedRefNumber }
      : {}),
    transactions: qualifying,
    indicatorCodes: profile.ctr.indicatorCodes,
  });
}
