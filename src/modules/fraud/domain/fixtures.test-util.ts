import type { EvaluationInput, Txn } from "./types";

export const NOW = new Date("2026-06-30T12:00:00.000Z");
const DAY = 86_400_000;

export const daysAgo = (days: number, hourUtc = 12): number => {
  const d = new Date(NOW.getTime() - days * DAY);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return Math.min(d.getTime(), NOW.getTime());
};

export const txn = (fields: Partial<Txn> & { at: number }): Txn => ({
  amountMinor: 12_345,
  type: "credit",
  category: "sales",
  status: "completed",
  description: null,
  counterparty: null,
  ...fields,
});

/**
 * Ordinary activity: one transaction every 3 days over `days` days, varied non-round
 * amounts, daytime hours, a few regular counterparties, credits slightly above debits.
 */
export function normalActivity(days = 120): Txn[] {
  const out: Txn[] = [];
  for (let d = days; d >= 1; d -= 3) {
    out.push(
      txn({
        at: daysAgo(d, 10 + (d % 6)),
        amountMinor: 20_000 + ((d * 7919) % 30_000) + 37,
        type: d % 2 ? "credit" : "debit",
        counterparty: `supplier-${d % 4}`,
      }),
    );
  }
  return out;
}

export const input = (transactions: Txn[], extra: Partial<EvaluationInput> = {}): EvaluationInput => ({
  entityType: "customer",
  entityId: "c-1",
  now: NOW,
  windowDays: 30,
  entityCreatedAt: new Date("2024-01-01T00:00:00.000Z"),
  transactions,
  activityBeforeBaselineAt: null,
  baselineDays: 90,
  ...extra,
});
