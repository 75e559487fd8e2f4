import { type EntityFeatures, emptyFeatures } from "./features";

/**
 * The rows of the feature statement (features/repo.ts) laid onto EntityFeatures. The statement
 * answers one row per (family, entity) with the family's columns as a JSON object, so one
 * statement carries all five families.
 */
export type Family = "aggregates" | "structuring" | "velocity" | "rapid" | "dormancy";

export const ALL_FAMILIES: Family[] = ["aggregates", "structuring", "velocity", "rapid", "dormancy"];

export interface AggregateRow {
  tx_count: number;
  volume: number;
  max_cash: number | null;
  large_cash_count: number;
  cash_volume: number;
  profile_cash: number;
  profile_volume: number;
  geo_count: number;
  geo_volume: number;
  geo_countries: string | null;
  round_eligible: number;
  round_count: number;
  fan_in: number;
  fan_in_volume: number;
  fan_out: number;
  fan_out_volume: number;
  fan_in_prior: number;
  fan_out_prior: number;
  prior_cash: number;
  prior_volume: number;
  xb_max: number | null;
  xb_count: number;
  xb_countries: string | null;
  declared: string | null;
}
export interface StructuringRow {
  n: number;
  s: number;
  ts: number;
}
export interface VelocityRow {
  n: number;
  ts: number;
}
export interface RapidRow {
  ratio: number;
  credits: number;
  forwarded: number;
  day: string;
}
export interface DormancyRow {
  gap: number;
  reactivated_at: string;
  last_before: string;
  volume_after: number;
}

/** One row of the feature statement: the family, the entity and the family's columns. */
export type FeatureRow =
  | { family: "aggregates"; entityId: string; data: AggregateRow }
  | { family: "structuring"; entityId: string; data: StructuringRow }
  | { family: "velocity"; entityId: string; data: VelocityRow }
  | { family: "rapid"; entityId: string; data: RapidRow }
  | { family: "dormancy"; entityId: string; data: DormancyRow };

const list = (text: string | null) => (text ? text.split(",").sort() : []);
const iso = (epochSeconds: number | null | undefined) =>
  epochSeconds === null || epochSeconds === undefined ? null : new Date(epochSeconds * 1000).toISOString();

/** What a re-queried family starts from (its features reset before the new rows are laid on). */
const RESET: Record<Exclude<Family, "aggregates">, Partial<EntityFeatures>> = {
  structuring: { structuringMaxCount: 0, structuringSumMinor: 0, structuringWindowStart: null },
  velocity: { velocityMaxCount: 0, velocityWindowStart: null },
  rapid: { rapidRatioPercent: null, rapidCreditsMinor: 0, rapidForwardedMinor: 0, rapidDay: null },
  dormancy: {
    dormancyGapDays: null,
    reactivatedAt: null,
    lastActivityBefore: null,
    volumeAfterReactivationMinor: 0,
  },
};

const aggregateFeatures = (entityId: string, a: AggregateRow): Partial<EntityFeatures> => ({
  entityId,
  txCount: a.tx_count,
  volumeMinor: a.volume ?? 0,
  maxCashMinor: a.max_cash,
  largeCashCount: a.large_cash_count ?? 0,
  cashVolumeMinor: a.cash_volume ?? 0,
  profileCashVolumeMinor: a.profile_cash ?? 0,
  profileVolumeMinor: a.profile_volume ?? 0,
  priorCashVolumeMinor: a.prior_cash ?? 0,
  priorVolumeMinor: a.prior_volume ?? 0,
  highRiskCount: a.geo_count ?? 0,
  highRiskVolumeMinor: a.geo_volume ?? 0,
  highRiskCountries: list(a.geo_countries),
  roundCount: a.round_count ?? 0,
  roundEligibleCount: a.round_eligible ?? 0,
  fanInCounterparties: a.fan_in ?? 0,
  fanInVolumeMinor: a.fan_in_volume ?? 0,
  fanOutCounterparties: a.fan_out ?? 0,
  fanOutVolumeMinor: a.fan_out_volume ?? 0,
  fanInPriorCounterparties: a.fan_in_prior ?? 0,
  fanOutPriorCounterparties: a.fan_out_prior ?? 0,
  crossBorderMaxMinor: a.xb_max,
  crossBorderCount: a.xb_count ?? 0,
  crossBorderCountries: list(a.xb_countries),
  declaredBusiness: a.declared ?? null,
});

function familyFeatures(row: Exclude<FeatureRow, { family: "aggregates" }>): Partial<EntityFeatures> {
  switch (row.family) {
    case "structuring":
      return {
        structuringMaxCount: row.data.n,
        structuringSumMinor: row.data.s,
        structuringWindowStart: iso(row.data.ts),
      };
    case "velocity":
      return { velocityMaxCount: row.data.n, velocityWindowStart: iso(row.data.ts) };
    case "rapid":
      return {
        rapidRatioPercent: row.data.ratio,
        rapidCreditsMinor: row.data.credits,
        rapidForwardedMinor: row.data.forwarded,
        rapidDay: row.data.day,
      };
    case "dormancy":
      return {
        dormancyGapDays: row.data.gap,
        reactivatedAt: row.data.reactivated_at,
        lastActivityBefore: row.data.last_before,
        volumeAfterReactivationMinor: row.data.volume_after ?? 0,
      };
  }
}

/**
 * Features per entity from the statement's rows. An entity exists once the aggregates (or, when
 * only some families were re-queried, the base) name it; the other families only add to it.
 */
export function featuresFromRows(
  rows: readonly FeatureRow[],
  rerun?: { base: Map<string, EntityFeatures>; families: Family[] },
): Map<string, EntityFeatures> {
  const out = new Map<string, EntityFeatures>();
  if (rerun) {
    for (const [id, f] of rerun.base) {
      const copy = { ...f };
      for (const family of rerun.families) if (family !== "aggregates") Object.assign(copy, RESET[family]);
      out.set(id, copy);
    }
  }
  for (const r of rows) {
    if (r.family !== "aggregates") continue;
    out.set(r.entityId, {
      ...(out.get(r.entityId) ?? emptyFeatures(r.entityId)),
      ...aggregateFeatures(r.entityId, r.data),
    });
  }
  for (const r of rows) {
    if (r.family === "aggregates") continue;
    const f = out.get(r.entityId);
    if (f) Object.assign(f, familyFeatures(r));
  }
  return out;
}
