import { call, insertAccount, insertCustomer, insertTransactions, type TestTenant } from "../harness";

const DAY = 86_400_000;
/** 3 days into week k before now (week 0 is the newest): bucket k of a 28-day window. */
export const weekDate = (k: number) => new Date(Date.now() - (7 * k + 3) * DAY).toISOString();

/**
 * Four weeks, each: 500.00 from "Payer A" and 500.00 from "Payer B" in, 800.00 out, all on
 * one day. Hand-computed over 28 days (4 buckets of 7 days):
 * stability 100 (equal weeks), growth 0% stable, diversification 55.56 (two equal payers:
 * HHI 0.5, 100 x 0.5 / 0.9), seasonality 100 (peak week holds its even 25%), cash flow 100
 * (margin 20%, every week positive), activity 25 (4 of 28 active days -> 28.57; 12 x 30/28 =
 * 12.86 per 30 days -> 21.43). Overall 25 + 20 + 7.5 + 8.33 + 3.75 + 10 = 74.58.
 * Confidence 0.4 x 12/30 + 0.4 + 0.2 = 0.76. Cohort t1-v1 (12.86 txns, 7,714.29 per 30 days).
 */
export async function seedSteadySme(tenant: TestTenant, name = "Ama Foods Ltd") {
  const customer = await insertCustomer(tenant, { name });
  const account = await insertAccount(tenant, customer.id!, { currentBalanceMinor: 500_000 });
  const items = [0, 1, 2, 3].flatMap((k) => [
    {
      type: "credit" as const,
      amountMinor: 50_000,
      transactionDate: weekDate(k),
      counterpartyName: "Payer A",
    },
    {
      type: "credit" as const,
      amountMinor: 50_000,
      transactionDate: weekDate(k),
      counterpartyName: "Payer B",
    },
    {
      type: "debit" as const,
      amountMinor: 80_000,
      transactionDate: weekDate(k),
      counterpartyName: "Supplier",
    },
  ]);
  await insertTransactions(tenant, { id: account.id!, customerId: customer.id! }, items);
  return { customer: { id: customer.id!, name }, account: { id: account.id!, customerId: customer.id! } };
}

export const calculateSme = (tenant: TestTenant, body: unknown) =>
  call("POST", "/v1/sme-health/calculate", { key: tenant.key, body });

export const getSme = (tenant: TestTenant, customerId: string, query = "") =>
  call("GET", `/v1/sme-health/${customerId}${query}`, { key: tenant.key });

export interface SmeBody {
  success: true;
  customerId: string;
  customerName: string;
  health: {
    metrics: Record<string, number | string>;
    overallScore: number;
    overallTrend: string;
    confidenceScore: number;
    evidence: Array<{ metric: string; value: number; interpretation: string }>;
  };
  cohort: null | {
    cohort: { cohortId: string; criteria: Record<string, number | null> };
    comparedAgainst: { cohortId: string; sampleSize: number } | null;
    percentileRankings: Record<string, number>;
    overallPercentile: number | null;
    performanceLabel: string;
    benchmarkComparison: Record<string, string[]>;
  };
  narrative: null | {
    executiveSummary: string;
    disclaimer: string;
    keyInsights: string[];
    evidencePoints: string[];
  };
  evaluatedAt: string;
  windowDays: number;
  assessmentId: string | null;
  source: string;
  benchmarkSnapshotId: string | null;
  disclaimer: string;
}
