import type { BhiAlert } from "./alerts";
import type { Band } from "./bands";
import { type BhiComputation, calculateBhi } from "./calculate";
import { type CustomerActivity, hasActivity, type LoanRepaymentRecord } from "./components";
import type { Weights } from "./weights";

/**
 * The compute step of a BHI run: what the read step found in, the records and events to write
 * out. Pure; ids come from injected makers so a test can pin them.
 */

/** A customer's flows over the window (the transactions read); balances come separately. */
export type CustomerFlows = Omit<CustomerActivity, "accountCount" | "balanceMinor">;
export interface CustomerBalance {
  accountCount: number;
  balanceMinor: number;
}
/** The customer's latest record, as far as the next calculation needs it. */
export interface LatestScore {
  version: number;
  overall: number;
  band: string;
  recentScores: number[];
}

export interface RunInputs {
  /** The target's customers, in id order. */
  customerIds: readonly string[];
  activity: ReadonlyMap<string, CustomerFlows>;
  balances: ReadonlyMap<string, CustomerBalance>;
  latest: ReadonlyMap<string, LatestScore>;
  /** Repayment records of the customers who have loans (absent: no loans, today's behaviour). */
  loanRecords?: ReadonlyMap<string, LoanRepaymentRecord>;
}

export interface RunSettings {
  weights: Weights;
  riskAlertThreshold: number;
  /** The calculation time, ISO (every record's createdAt). */
  at: string;
  newRecordId: () => string;
  newEventId: () => string;
}

/** A bhi_records row as written (tenant and latest pointer are the write step's business). */
export interface ScoredRecord {
  id: string;
  customerId: string;
  version: number;
  bhiOverall: number;
  bhiBand: Band;
  liquidityScore: number;
  volatilityScore: number;
  revenueStabilityScore: number;
  expenseRatioScore: number;
  paymentBehaviorScore: number;
  trend: string;
  previousBhi: number | null;
  bhiChangePercent: number | null;
  isSignificantChange: boolean;
  inputMetrics: Record<string, number>;
  alerts: BhiAlert[];
  alertCount: number;
  componentWeights: Weights;
  recentScores: number[];
  calculationVersion: string;
  createdAt: string;
}

/** An outbox event other than bhi.calculated (which SQL builds from the records). */
export interface RunEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

export interface Scored {
  record: ScoredRecord;
  events: RunEvent[];
}

export interface ScoringRun {
  scored: Scored[];
  /** Customers with no transactions in the window: nothing to score. */
  unscorable: string[];
}

/** Scores every customer with activity in the window, in the order given. */
export function scoreCustomers(inputs: RunInputs, settings: RunSettings): ScoringRun {
  const run: ScoringRun = { scored: [], unscorable: [] };
  for (const id of inputs.customerIds) {
    const flows = inputs.activity.get(id);
    const balance = inputs.balances.get(id) ?? { accountCount: 0, balanceMinor: 0 };
    const loanRecord = inputs.loanRecords?.get(id);
    const activity = flows ? { ...flows, ...balance, ...(loanRecord ? { loanRecord } : {}) } : undefined;
    if (!activity || !hasActivity(activity)) run.unscorable.push(id);
    else run.scored.push(scoreCustomer(id, activity, inputs.latest.get(id), settings));
  }
  return run;
}

function scoreCustomer(
  customerId: string,
  activity: CustomerActivity,
  prev: LatestScore | undefined,
  settings: RunSettings,
): Scored {
  const bhi = calculateBhi({
    activity,
    weights: settings.weights,
    previous: prev
      ? { overall: prev.overall, band: prev.band as Band, recentScores: prev.recentScores }
      : null,
    riskAlertThreshold: settings.riskAlertThreshold,
  });
  const record = recordOf(customerId, bhi, (prev?.version ?? 0) + 1, settings);
  const events = bhi.crossedRiskThreshold ? [riskAlert(customerId, bhi, settings)] : [];
  return { record, events };
}

function recordOf(customerId: string, bhi: BhiComputation, version: number, settings: RunSettings) {
  return {
    id: settings.newRecordId(),
    customerId,
    version,
    bhiOverall: bhi.overall,
    bhiBand: bhi.band,
    liquidityScore: bhi.scores.liquidity,
    volatilityScore: bhi.scores.volatility,
    revenueStabilityScore: bhi.scores.revenueStability,
    expenseRatioScore: bhi.scores.expenseRatio,
    paymentBehaviorScore: bhi.scores.paymentBehavior,
    trend: bhi.trend,
    previousBhi: bhi.previousBhi,
    bhiChangePercent: bhi.bhiChangePercent,
    isSignificantChange: bhi.isSignificantChange,
    inputMetrics: bhi.inputMetrics,
    alerts: bhi.alerts,
    alertCount: bhi.alerts.length,
    componentWeights: bhi.weights,
    recentScores: bhi.recentScores,
    calculationVersion: bhi.calculationVersion,
    createdAt: settings.at,
  } satisfies ScoredRecord;
}

/** customer.risk_alert: the score crossed below the tenant's threshold with this calculation. */
const riskAlert = (customerId: string, bhi: BhiComputation, settings: RunSettings): RunEvent => ({
  id: settings.newEventId(),
  type: "customer.risk_alert",
  data: {
    customerId,
    bhiOverall: bhi.overall,
    previousBhi: bhi.previousBhi,
    threshold: settings.riskAlertThreshold,
    bhiBand: bhi.band,
  },
});

export interface RunTally {
  successful: number;
  byBand: Record<Band, number>;
  alertCount: number;
}

/** Counts of the stored records: how many, per band, and their alerts. */
export function tallyStored(records: ReadonlyArray<Pick<ScoredRecord, "bhiBand" | "alertCount">>): RunTally {
  const tally: RunTally = {
    successful: 0,
    byBand: { excellent: 0, good: 0, fair: 0, poor: 0, critical: 0 },
    alertCount: 0,
  };
  for (const r of records) {
    tally.successful++;
    tally.byBand[r.bhiBand]++;
    tally.alertCount += r.alertCount;
  }
  return tally;
}

/** Consecutive slices of at most `size` items (the write groups). */
export function inGroups<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += size) groups.push(items.slice(i, i + size));
  return groups;
}
