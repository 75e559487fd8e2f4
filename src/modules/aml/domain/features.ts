/**
 * What the rules look at, per entity, as computed by set-based SQL (repo.ts) for one entity
 * (evaluate) or all of them (backtest). Money in minor units.
 */
export interface EntityFeatures {
  entityId: string;
  txCount: number;
  volumeMinor: number;
  /** Largest single cash transaction; null when none. */
  maxCashMinor: number | null;
  /** Cash transactions at or above largeCashAmount. */
  largeCashCount: number;
  cashVolumeMinor: number;
  /**
   * Cash and all volume over the profile window (profileWindowDays up to the window's end): the
   * declared-business rule's own, longer reading (a backfill's older cash is judged as of now).
   */
  profileCashVolumeMinor: number;
  profileVolumeMinor: number;
  /** Cash and all volume in the previous window of the same length (AML-BIZ-011's third reading). */
  priorCashVolumeMinor: number;
  priorVolumeMinor: number;
  /** Most cash credits in the structuring band within any structuringWindowDays. */
  structuringMaxCount: number;
  structuringWindowStart: string | null;
  structuringSumMinor: number;
  /** The day (credits >= rapidMovementMinAmount) whose credits were most forwarded. */
  rapidRatioPercent: number | null;
  rapidCreditsMinor: number;
  rapidForwardedMinor: number;
  rapidDay: string | null;
  /** Most transactions within any velocityWindowHours. */
  velocityMaxCount: number;
  velocityWindowStart: string | null;
  /** Longest silence (whole days) ended by a transaction in the window. */
  dormancyGapDays: number | null;
  reactivatedAt: string | null;
  lastActivityBefore: string | null;
  volumeAfterReactivationMinor: number;
  highRiskCount: number;
  highRiskVolumeMinor: number;
  highRiskCountries: string[];
  roundCount: number;
  roundEligibleCount: number;
  fanInCounterparties: number;
  fanInVolumeMinor: number;
  fanOutCounterparties: number;
  fanOutVolumeMinor: number;
  /** Distinct senders (receivers) in the previous window of the same length: the entity's normal fan. */
  fanInPriorCounterparties: number;
  fanOutPriorCounterparties: number;
  crossBorderMaxMinor: number | null;
  crossBorderCount: number;
  crossBorderCountries: string[];
  /** Declared industry or vertical of the customer behind the entity (customer/account only). */
  declaredBusiness: string | null;
}

export const emptyFeatures = (entityId: string): EntityFeatures => ({
  entityId,
  txCount: 0,
  volumeMinor: 0,
  maxCashMinor: null,
  largeCashCount: 0,
  cashVolumeMinor: 0,
  profileCashVolumeMinor: 0,
  profileVolumeMinor: 0,
  priorCashVolumeMinor: 0,
  priorVolumeMinor: 0,
  structuringMaxCount: 0,
  structuringWindowStart: null,
  structuringSumMinor: 0,
  rapidRatioPercent: null,
  rapidCreditsMinor: 0,
  rapidForwardedMinor: 0,
  rapidDay: null,
  velocityMaxCount: 0,
  velocityWindowStart: null,
  dormancyGapDays: null,
  reactivatedAt: null,
  lastActivityBefore: null,
  volumeAfterReactivationMinor: 0,
  highRiskCount: 0,
  highRiskVolumeMinor: 0,
  highRiskCountries: [],
  roundCount: 0,
  roundEligibleCount: 0,
  fanInCounterparties: 0,
  fanInVolumeMinor: 0,
  fanOutCounterparties: 0,
  fanOutVolumeMinor: 0,
  fanInPriorCounterparties: 0,
  fanOutPriorCounterparties: 0,
  crossBorderMaxMinor: null,
  crossBorderCount: 0,
  crossBorderCountries: [],
  declaredBusiness: null,
});
