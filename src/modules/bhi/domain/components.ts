import { clamp, round2, round4 } from "../../../lib/numbers";
import type { Component } from "./weights";

/** Window: 12 weeks ending at the calculation time, read as three 4-week periods. */
export const WINDOW_WEEKS = 12;
export const PERIOD_WEEKS = 4;
export const WINDOW_DAYS = WINDOW_WEEKS * 7;

/**
 * One customer's activity, aggregated in SQL (amounts in minor units). Periods and weeks
 * are oldest first. Failed-like transactions (failed, declined, returned, reversed,
 * bounced) are counted in failedDebitCount and left out of every flow.
 */
export interface CustomerActivity {
  accountCount: number;
  balanceMinor: number;
  periodInflowMinor: readonly [number, number, number];
  periodOutflowMinor: readonly [number, number, number];
  /** Sum over the 12 weeks of (credits - debits) per week, in major units. */
  weeklyNetSum: number;
  /** Sum over the 12 weeks of the squared weekly net, in major units squared. */
  weeklyNetSquareSum: number;
  creditCount: number;
  debitCount: number;
  failedDebitCount: number;
  overdraftCount: number;
  /**
   * The customer's loan repayment record (lending's arrears over the schedule and repayments),
   * when the customer has loans; absent otherwise. Payment behaviour then blends it in.
   */
  loanRecord?: LoanRepaymentRecord;
}

/** What the BHI reads of a borrower's record (lending/domain/repayment-record.ts computes it). */
export interface LoanRepaymentRecord {
  loans: number;
  installmentsDue: number;
  installmentsOnTime: number;
  daysPastDue: number;
}

/** Targets and thresholds of the scores (docs/methodology/bhi.md explains each). */
export const SCORING = {
  /** Periods of outflow the balance should cover for a liquidity score of 100. */
  liquidityFullCoverPeriods: 2,
  /** Weekly net-flow standard deviation, as a multiple of average weekly inflow, that scores 0. */
  volatilityZeroRatio: 2,
  /** Coefficient of variation of period inflows that scores 0. */
  revenueZeroCv: 1,
  /** Expense ratio at or below which the score is 100, and at or above which it is 0. */
  expenseFullRatio: 0.7,
  expenseZeroRatio: 1.3,
  /** Points lost per percentage point of failed payments, and per overdraft. */
  failedRatePenalty: 400,
  overdraftPenalty: 10,
  /** Points lost per day past due on the worst loan (100 days past due score 0 on their own). */
  loanDpdPenalty: 1,
  /** Share of payment behaviour that the loan repayment record carries when there is one. */
  loanWeight: 0.5,
} as const;

export interface ComponentResult {
  scores: Record<Component, number>;
  metrics: Record<string, number>;
}

const major = (minor: number) => minor / 100;
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

export function hasActivity(a: CustomerActivity): boolean {
  return a.creditCount + a.debitCount > 0;
}

/** The five component scores (0-100, 2 decimals) and the metrics they come from. */
export function componentScores(a: CustomerActivity): ComponentResult {
  const periodInflow = a.periodInflowMinor.map(major);
  const periodOutflow = a.periodOutflowMinor.map(major);
  const inflow = sum(periodInflow);
  const outflow = sum(periodOutflow);
  const balance = major(a.balanceMinor);
  const periods = periodInflow.length;

  // Liquidity: periods of average outflow the current balance covers.
  const avgPeriodOutflow = outflow / periods;
  const coverPeriods = avgPeriodOutflow > 0 ? balance / avgPeriodOutflow : balance > 0 ? Infinity : 0;
  const liquidity = balance <= 0 ? 0 : clamp((100 * coverPeriods) / SCORING.liquidityFullCoverPeriods);

  // Volatility: spread of weekly net flow relative to average weekly inflow.
  const weeks = 12;
  const meanNet = a.weeklyNetSum / weeks;
  const netStdDev = Math.sqrt(Math.max(0, a.weeklyNetSquareSum / weeks - meanNet * meanNet));
  const avgWeeklyInflow = inflow / weeks;
  const volatilityRatio = avgWeeklyInflow > 0 ? netStdDev / avgWeeklyInflow : Infinity;
  const volatility = clamp(100 * (1 - volatilityRatio / SCORING.volatilityZeroRatio));

  // Revenue stability: coefficient of variation of the three period inflows.
  const meanInflow = inflow / periods;
  const inflowSd = Math.sqrt(sum(periodInflow.map((x) => (x - meanInflow) ** 2)) / periods);
  const revenueCv = meanInflow > 0 ? inflowSd / meanInflow : Infinity;
  const revenueStability = clamp(100 * (1 - revenueCv / SCORING.revenueZeroCv));

  // Expense ratio: outflow per unit of inflow.
  const expenseRatio = inflow > 0 ? outflow / inflow : outflow > 0 ? Infinity : 0;
  const { expenseFullRatio: full, expenseZeroRatio: zero } = SCORING;
  const expense = clamp((100 * (zero - expenseRatio)) / (zero - full));

  // Payment behaviour: failed debits and overdrafts; blended with the loan repayment record
  // (installments paid by their due date, days past due today) when the customer has one.
  const failedRate = a.debitCount > 0 ? a.failedDebitCount / a.debitCount : 0;
  const accountPayment = clamp(
    100 - SCORING.failedRatePenalty * failedRate - SCORING.overdraftPenalty * a.overdraftCount,
  );
  const loan = loanPayment(a.loanRecord);
  const payment =
    loan === null
      ? accountPayment
      : (1 - SCORING.loanWeight) * accountPayment + SCORING.loanWeight * loan.score;

  const [p1, p2, p3] = periodInflow;
  // A ratio with a zero denominator is left out of inputMetrics rather than sent as a sentinel.
  const finite = (x: number) => (Number.isFinite(x) ? round4(x) : undefined);
  return {
    scores: {
      liquidity: round2(liquidity),
      volatility: round2(volatility),
      revenueStability: round2(revenueStability),
      expenseRatio: round2(expense),
      paymentBehavior: round2(payment),
    },
    metrics: definedOnly({
      windowDays: WINDOW_DAYS,
      accountCount: a.accountCount,
      balance: round2(balance),
      inflow: round2(inflow),
      outflow: round2(outflow),
      inflowPeriod1: round2(p1),
      inflowPeriod2: round2(p2),
      inflowPeriod3: round2(p3),
      avgPeriodOutflow: round2(avgPeriodOutflow),
      liquidityCoverPeriods: finite(coverPeriods),
      weeklyNetStdDev: round2(netStdDev),
      avgWeeklyInflow: round2(avgWeeklyInflow),
      volatilityRatio: finite(volatilityRatio),
      revenueCv: finite(revenueCv),
      revenueChangePercent: p2 > 0 ? round2(((p3 - p2) / p2) * 100) : 0,
      expenseRatio: finite(expenseRatio),
      creditCount: a.creditCount,
      debitCount: a.debitCount,
      failedDebitCount: a.failedDebitCount,
      failedPaymentRate: round4(failedRate),
      overdraftCount: a.overdraftCount,
      ...(loan === null
        ? {}
        : {
            accountPaymentScore: round2(accountPayment),
            loanPaymentScore: round2(loan.score),
            loanCount: loan.record.loans,
            loanInstallmentsDue: loan.record.installmentsDue,
            loanInstallmentsOnTime: loan.record.installmentsOnTime,
            loanOnTimeRate: loan.onTimeRate === null ? undefined : round4(loan.onTimeRate),
            loanDaysPastDue: loan.record.daysPastDue,
          }),
    }),
  };
}

/**
 * The loan part of payment behaviour: 100 x the on-time rate of installments due in the
 * lookback (100 when none fell due yet), less loanDpdPenalty per day past due. Null without a
 * record, or with loans that have neither a due installment nor arrears (nothing to judge yet).
 */
export function loanPayment(record: LoanRepaymentRecord | undefined) {
  if (!record || (record.installmentsDue === 0 && record.daysPastDue === 0)) return null;
  const onTimeRate = record.installmentsDue > 0 ? record.installmentsOnTime / record.installmentsDue : null;
  const score = clamp(100 * (onTimeRate ?? 1) - SCORING.loanDpdPenalty * record.daysPastDue);
  return { score, onTimeRate, record };
}

const definedOnly = (m: Record<string, number | undefined>): Record<string, number> =>
  Object.fromEntries(Object.entries(m).filter(([, v]) => v !== undefined)) as Record<string, number>;
