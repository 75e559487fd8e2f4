import type { EntityType, Severity, SignalCategory } from "./vocabulary";

/** A signal's public definition (SignalDefinition in openapi.json) plus its thresholds. */
export interface SignalDefinition {
  signalId: string;
  name: string;
  description: string;
  category: SignalCategory;
  applicableTo: EntityType[];
  defaultSeverity: Severity;
  /** Enabled signals run when a request names none; disabled ones run only when named. */
  isEnabled: boolean;
  /** Thresholds in force (amounts in minor units of the tenant currency). */
  parameters: Record<string, number>;
}

const ALL: EntityType[] = ["customer", "account", "agent", "merchant"];
const HOLDERS: EntityType[] = ["customer", "account", "agent"];

/**
 * The catalog. Thresholds are deliberately conservative: an absolute floor keeps the signal
 * quiet on small or thin activity, a multiple of the entity's own baseline keeps it quiet on
 * entities whose normal is busy. docs/methodology/fraud.md explains each.
 */
export const SIGNALS: SignalDefinition[] = [
  {
    signalId: "velocity_count",
    name: "Transaction count velocity",
    description:
      "Number of transactions in the last 7 days (or the window, if shorter) against a floor and a multiple of the entity's own baseline rate.",
    category: "velocity",
    applicableTo: ALL,
    defaultSeverity: "medium",
    isEnabled: true,
    parameters: { minCount: 20, baselineMultiple: 3, peerMadMultiple: 3 },
  },
  {
    signalId: "velocity_amount",
    name: "Transaction amount velocity",
    description:
      "Total amount moved in the last 7 days (or the window, if shorter) against a floor and a multiple of the entity's own baseline.",
    category: "velocity",
    applicableTo: ALL,
    defaultSeverity: "high",
    isEnabled: true,
    parameters: { minAmountMinor: 5_000_000, baselineMultiple: 3, peerMadMultiple: 3 },
  },
  {
    signalId: "amount_spike",
    name: "Amount spike against own baseline",
    description:
      "A window transaction against the entity's baseline transactions of the same direction and category: at or above the larger of an absolute floor, a multiple of their median and their median widened by a multiple of the robust spread (MAD) of log amounts.",
    category: "amount",
    applicableTo: ALL,
    defaultSeverity: "medium",
    // Off by default: on the detection benchmark (docs/methodology/typologies.md) it flagged 96 of
    // 2,000 holders at precision 0.13 and found no participant nothing else found.
    isEnabled: false,
    parameters: {
      medianMultiple: 10,
      madMultiple: 4,
      minAmountMinor: 100_000,
      minBaselineCount: 5,
      peerMadMultiple: 3,
    },
  },
  {
    signalId: "round_amounts",
    name: "Round amounts",
    description: "Share of the window's transactions that are exact multiples of 1,000.00.",
    category: "amount",
    applicableTo: ALL,
    defaultSeverity: "low",
    isEnabled: true,
    parameters: { unitMinor: 100_000, minCount: 5, minShare: 0.5 },
  },
  {
    signalId: "just_under_threshold",
    name: "Repeated amounts just under a reporting threshold",
    description:
      "Transactions within 10% below the reporting threshold (50,000.00 by default), repeated in the window: a structuring pattern.",
    category: "structuring",
    applicableTo: ALL,
    defaultSeverity: "high",
    isEnabled: true,
    parameters: { reportingThresholdMinor: 5_000_000, bandPercent: 10, minCount: 3 },
  },
  {
    signalId: "dormant_reactivation",
    name: "Dormant reactivation",
    description:
      "Activity resuming after at least 90 days without any transaction, with several transactions after the gap.",
    category: "behavioral",
    applicableTo: HOLDERS,
    defaultSeverity: "medium",
    isEnabled: true,
    parameters: { dormantDays: 90, minCountAfter: 3 },
  },
  {
    signalId: "new_entity_high_activity",
    name: "New account with high activity",
    description:
      "An entity created within the last 30 days that already moves many transactions or a large amount.",
    category: "behavioral",
    applicableTo: HOLDERS,
    defaultSeverity: "medium",
    isEnabled: true,
    parameters: { newDays: 30, minCount: 20, minAmountMinor: 2_000_000 },
  },
  {
    signalId: "rapid_pass_through",
    name: "Rapid in-and-out (pass-through)",
    description:
      "Most of the money credited leaves again as debits within 48 hours: the entity acts as a pass-through.",
    category: "flow",
    applicableTo: HOLDERS,
    defaultSeverity: "high",
    isEnabled: true,
    parameters: { holdHours: 48, minRatio: 0.8, minInflowMinor: 500_000, minCredits: 2 },
  },
  {
    signalId: "unusual_hours",
    name: "Unusual hours",
    description:
      "Share of transactions between 00:00 and 05:00 UTC against a floor and twice the baseline share. Off by default: hours are UTC, so enable it by naming it where the tenant's day is close to UTC.",
    category: "timing",
    applicableTo: ALL,
    defaultSeverity: "low",
    isEnabled: false,
    parameters: { startHourUtc: 0, endHourUtc: 5, minCount: 5, minShare: 0.3, baselineMultiple: 2 },
  },
  {
    signalId: "many_counterparties",
    name: "Many distinct counterparties",
    description:
      "Distinct counterparties in the last 7 days against a floor and a multiple of the entity's weekly baseline.",
    category: "network",
    applicableTo: ["customer", "account"],
    defaultSeverity: "medium",
    isEnabled: true,
    parameters: { minDistinct: 15, baselineMultiple: 3, peerMadMultiple: 3 },
  },
  {
    signalId: "refund_reversal_abuse",
    name: "Reversal and refund abuse",
    description:
      "Refunds, reversals and chargebacks (by category, status or description) repeated in the window and forming a large share of it.",
    category: "refund",
    applicableTo: ALL,
    defaultSeverity: "medium",
    isEnabled: true,
    parameters: { minCount: 3, minShare: 0.2 },
  },
  {
    signalId: "new_payee_drain",
    name: "Drain to new payees (account takeover)",
    description:
      "Debits within one span (24 hours) to several payees the entity never dealt with before, for at least a floor and a multiple of the most it sent out in such a span before (a smaller one to 4 or more new payees), more than the credits of the 30 days before, mostly at hours of day the entity rarely transacts (an hour read with its neighbours); each such episode is judged against the entity's history before it, which must be established.",
    category: "behavioral",
    applicableTo: HOLDERS,
    defaultSeverity: "high",
    isEnabled: true,
    parameters: {
      spanHours: 24,
      minNewPayees: 2,
      minAmountMinor: 300_000,
      baselineMultiple: 3,
      burstPayees: 4,
      burstMultiple: 1,
      minBaselineCount: 35,
      fundingHours: 720,
      maxFundedShare: 1,
      rareHourShare: 0.1,
      neighbourHours: 1,
      minOffHoursShare: 0.5,
    },
  },
  {
    signalId: "refund_beyond_purchase",
    name: "Refunds beyond purchases",
    description:
      "Refunds exchanged with counterparties at a multiple of what was bought from or sold to them (baseline and window), repeated and above a floor, or one party that was bought from refunded far beyond it: a merchant refunding accomplices, or an accomplice refunded.",
    category: "refund",
    applicableTo: ALL,
    defaultSeverity: "high",
    isEnabled: true,
    parameters: {
      purchaseMultiple: 3,
      minRefunds: 2,
      minExcessMinor: 100_000,
      minSingleExcessMinor: 200_000,
    },
  },
];

export const SIGNAL_IDS = SIGNALS.map((s) => s.signalId);

export const findSignal = (signalId: string): SignalDefinition | undefined =>
  SIGNALS.find((s) => s.signalId === signalId);

/** A signal as a rule-set version configures it (rules/domain/document.ts BuiltinConfig). */
export interface ConfiguredSignal extends SignalDefinition {
  /** Multiplies the signal's score contribution. */
  weight: number;
  /** The signal's own window (days); absent: the request's window. */
  windowDays?: number;
}

export interface SignalConfig {
  enabled: boolean;
  severity: Severity;
  parameters: Record<string, number>;
  windowDays?: number;
  weight: number;
}

/** The catalog under a version's built-in configs (a signal the version omits keeps its defaults). */
export function configureSignals(builtins: Readonly<Record<string, SignalConfig>>): ConfiguredSignal[] {
  return SIGNALS.map((s) => {
    const c = builtins[s.signalId];
    if (!c) return { ...s, weight: 1 };
    return {
      ...s,
      isEnabled: c.enabled,
      defaultSeverity: c.severity,
      parameters: { ...s.parameters, ...c.parameters },
      weight: c.weight,
      ...(c.windowDays !== undefined ? { windowDays: c.windowDays } : {}),
    };
  });
}

/**
 * Signals to run: the named ones (all must exist, applicability filters; a signal the live
 * version disables still runs when named), else enabled + applicable.
 */
export function selectSignals<S extends SignalDefinition>(
  entityType: EntityType,
  signalIds?: string[],
  catalog: readonly S[] = SIGNALS as unknown as S[],
): S[] {
  if (signalIds?.length) {
    const wanted = new Set(signalIds);
    return catalog.filter((s) => wanted.has(s.signalId) && s.applicableTo.includes(entityType));
  }
  return catalog.filter((s) => s.isEnabled && s.applicableTo.includes(entityType));
}

export const unknownSignalIds = (signalIds: string[]): string[] =>
  signalIds.filter((id) => !SIGNAL_IDS.includes(id));
