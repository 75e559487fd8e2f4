import { round2 } from "../../../lib/numbers";
/**
 * SaaS-style metrics of a lender's portfolio, where a customer's "revenue" is its inflow
 * (credits) in a calendar month. Movements compare each customer's inflow with its own
 * inflow in the previous month (see docs/methodology/insights.md).
 */
export interface MonthMovements {
  month: number;
  /** Sum of all customers' inflow in the month (minor units). */
  mrrMinor: number;
  /** Sum of all customers' inflow in the previous month. */
  previousMrrMinor: number;
  /** Customers with inflow > 0 in the month. */
  activeCustomers: number;
  /** Inflow of customers with none the month before. */
  newMinor: number;
  /** Increase of customers who had inflow in both months and grew. */
  expansionMinor: number;
  /** Decrease of customers who had inflow in both months and shrank. */
  contractionMinor: number;
  /** Previous-month inflow of customers with none this month. */
  churnedMinor: number;
  newCustomers: number;
  churnedCustomers: number;
}

export const HEALTH_LABELS = ["strong", "healthy", "at_risk", "declining", "insufficient_data"] as const;
export type RevenueHealth = (typeof HEALTH_LABELS)[number];

export interface SaasMetrics extends MonthMovements {
  growthPercent: number | null;
  quickRatio: number | null;
  grossRetentionPercent: number | null;
  netRetentionPercent: number | null;
  averageInflowPerCustomerMinor: number;
  revenueHealth: RevenueHealth;
}

/**
 * Quick Ratio = (new + expansion) / (contraction + churned). Null when nothing was lost
 * (the ratio is unbounded); the health label still reads it as strong when inflow was gained.
 */
export function quickRatio(
  m: Pick<MonthMovements, "newMinor" | "expansionMinor" | "contractionMinor" | "churnedMinor">,
) {
  const lost = m.contractionMinor + m.churnedMinor;
  return lost === 0 ? null : round2((m.newMinor + m.expansionMinor) / lost);
}

/**
 * strong: Quick Ratio >= 4 (or gains with no losses); healthy: >= 1 (growing);
 * at_risk: 0.5..1 (losing more than gaining); declining: < 0.5.
 * insufficient_data: no inflow in either month.
 */
export function revenueHealth(m: MonthMovements): RevenueHealth {
  if (m.previousMrrMinor === 0 && m.mrrMinor === 0) return "insufficient_data";
  const gained = m.newMinor + m.expansionMinor;
  const lost = m.contractionMinor + m.churnedMinor;
  if (lost === 0) return gained > 0 ? "strong" : "healthy";
  const qr = gained / lost;
  if (qr >= 4) return "strong";
  if (qr >= 1) return "healthy";
  if (qr >= 0.5) return "at_risk";
  return "declining";
}

export function saasMetrics(m: MonthMovements): SaasMetrics {
  const prev = m.previousMrrMinor;
  const retained = prev - m.contractionMinor - m.churnedMinor;
  return {
    ...m,
    growthPercent: prev === 0 ? null : round2(((m.mrrMinor - prev) / prev) * 100),
    quickRatio: quickRatio(m),
    grossRetentionPercent: prev === 0 ? null : round2((retained / prev) * 100),
    netRetentionPercent: prev === 0 ? null : round2(((retained + m.expansionMinor) / prev) * 100),
    averageInflowPerCustomerMinor: m.activeCustomers === 0 ? 0 : Math.round(m.mrrMinor / m.activeCustomers),
    revenueHealth: revenueHealth(m),
  };
}

/**
 * Compound monthly growth over a series of monthly totals (oldest first), from the first
 * month with inflow to the last. Clamped to +-50% a month so one odd month cannot make a
 * projection explode. 0 when there are fewer than two usable months.
 */
export function compoundMonthlyGrowth(totalsOldestFirst: number[]): number {
  const start = totalsOldestFirst.findIndex((x) => x > 0);
  if (start < 0 || start >= totalsOldestFirst.length - 1) return 0;
  const first = totalsOldestFirst[start];
  const last = totalsOldestFirst[totalsOldestFirst.length - 1];
  const periods = totalsOldestFirst.length - 1 - start;
  if (last <= 0) return -0.5;
  const g = (last / first) ** (1 / periods) - 1;
  return Math.max(-0.5, Math.min(0.5, g));
}
