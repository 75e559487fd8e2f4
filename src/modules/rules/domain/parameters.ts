/**
 * Bounds of the fraud signals' numeric parameters (the catalog states only their defaults).
 * Wide enough for any real tuning, narrow enough that a typo (a share of 50 instead of 0.5,
 * a negative floor) is refused on save. Money is minor units of the tenant currency.
 */
export interface ParameterBounds {
  min: number;
  max: number;
  integer: boolean;
}

const MAX_MINOR = 100_000_000_000_000; // 1e14 minor units: above any single-entity figure
const count = (min = 1): ParameterBounds => ({ min, max: 1_000_000, integer: true });
const money: ParameterBounds = { min: 0, max: MAX_MINOR, integer: true };
const share: ParameterBounds = { min: 0, max: 1, integer: false };
const multiple: ParameterBounds = { min: 0.01, max: 1_000, integer: false };
const days: ParameterBounds = { min: 1, max: 3_650, integer: true };
const hour: ParameterBounds = { min: 0, max: 24, integer: true };

export const FRAUD_PARAMETER_BOUNDS: Readonly<Record<string, ParameterBounds>> = {
  minCount: count(),
  minCountAfter: count(),
  minCredits: count(),
  minDistinct: count(),
  minBaselineCount: count(0),
  baselineMultiple: multiple,
  medianMultiple: multiple,
  madMultiple: { min: 0, max: 100, integer: false },
  /** 0: no peer condition (docs/methodology/peers.md). */
  peerMadMultiple: { min: 0, max: 100, integer: false },
  minAmountMinor: money,
  minInflowMinor: money,
  reportingThresholdMinor: { ...money, min: 1 },
  unitMinor: { ...money, min: 1 },
  bandPercent: { min: 0.01, max: 99.99, integer: false },
  minShare: share,
  minRatio: { min: 0, max: 10, integer: false },
  dormantDays: days,
  newDays: days,
  holdHours: { min: 1, max: 720, integer: true },
  startHourUtc: hour,
  endHourUtc: hour,
  spanHours: { min: 1, max: 720, integer: true },
  minNewPayees: count(),
  fundingHours: { min: 0, max: 8_760, integer: true },
  maxFundedShare: { min: 0, max: 100, integer: false },
  rareHourShare: share,
  /** Hours either side counted with an hour of day (0: the hour alone). */
  neighbourHours: { min: 0, max: 11, integer: true },
  /** 0: no burst multiple. */
  burstPayees: count(0),
  burstMultiple: multiple,
  minOffHoursShare: share,
  purchaseMultiple: multiple,
  minRefunds: count(),
  minExcessMinor: money,
  minSingleExcessMinor: money,
};

/** The problem with one value, or null. */
export function parameterProblem(bounds: ParameterBounds, value: number): string | null {
  if (!Number.isFinite(value)) return "Must be a finite number";
  if (bounds.integer && !Number.isInteger(value)) return "Must be an integer";
  if (value < bounds.min || value > bounds.max) return `Must be between ${bounds.min} and ${bounds.max}`;
  return null;
}
