import { round2 } from "../../../lib/numbers";
import { components, WEIGHTS } from "./components";
import { detectFlags } from "./flags";
import type { AgentActivity, AhiBand, Component, Evidence, Flag } from "./types";

export const CALCULATION_VERSION = "ahi-1.0.0";

/** Same bands as the BHI (docs/contract.md#analytics), lower bounds inclusive. */
export const BAND_FLOORS: ReadonlyArray<readonly [AhiBand, number]> = [
  ["excellent", 80],
  ["good", 65],
  ["fair", 50],
  ["poor", 35],
];

export function bandOf(score: number): AhiBand {
  for (const [band, floor] of BAND_FLOORS) if (score >= floor) return band;
  return "critical";
}

/** Optional inputs by their API names (POST /v1/agent-health/calculate), for missingDataPoints. */
const DATA_POINTS: ReadonlyArray<readonly [keyof AgentActivity, string]> = [
  ["transactionCount", "transactionCount30d"],
  ["transactionCount7d", "transactionCount7d"],
  ["previousPeriodCount", "previousPeriodCount"],
  ["cashInCount", "cashInCount30d"],
  ["cashOutCount", "cashOutCount30d"],
  ["transactionVolume", "transactionVolume30d"],
  ["transactionVolume7d", "transactionVolume7d"],
  ["previousPeriodVolume", "previousPeriodVolume"],
  ["cashInVolume", "cashInVolume30d"],
  ["cashOutVolume", "cashOutVolume30d"],
  ["lastTransactionAt", "lastTransactionAt"],
  ["activatedAt", "activatedAt"],
];

/** Fewer transactions than this in the window make the trend components noisy. */
export const SMALL_SAMPLE = 5;

export interface AhiResult {
  ahiScore: number;
  ahiBand: AhiBand;
  components: Component[];
  flags: Flag[];
  evidence: Evidence[];
  confidenceScore: number;
  missingDataPoints: string[];
  /** floatBalance / floatLimit, null when the limit is 0. */
  floatUtilization: number | null;
  calculationVersion: string;
}

const NUMERIC_INPUTS = [
  "floatBalance",
  "floatLimit",
  ...DATA_POINTS.map(([k]) => k).filter((k) => !k.endsWith("At")),
] as const;

/** Inputs that are numbers but not finite (the API caps every figure, so none in practice). */
export function nonFiniteInputs(a: AgentActivity): string[] {
  return NUMERIC_INPUTS.filter((k) => {
    const v = a[k];
    return typeof v === "number" && !Number.isFinite(v);
  });
}

export function missingDataPoints(a: AgentActivity): string[] {
  const missing = DATA_POINTS.filter(([k]) => a[k] === undefined).map(([, name]) => name);
  // createdAt stands in for activatedAt when only it is known.
  return a.createdAt && !a.activatedAt ? missing.filter((m) => m !== "activatedAt") : missing;
}

/**
 * The Agent Health Index of one agent: a weighted mean of the available components
 * (weights renormalised over them), its band, flags, evidence and confidence.
 */
export function calculateAhi(input: {
  activity: AgentActivity;
  status: string;
  windowDays: number;
  now: Date;
}): AhiResult {
  const { activity: a, status, windowDays, now } = input;
  // Infinity would reach JSON as null ("Infinity moved in the last 30 days"): refuse instead.
  const bad = nonFiniteInputs(a);
  if (bad.length) throw new RangeError(`AHI inputs must be finite numbers: ${bad.join(", ")}`);
  const parts = components(a, now, windowDays);
  const used = parts.filter((c) => c.available);
  const weightSum = used.reduce((s, c) => s + c.weight, 0);
  const raw = weightSum > 0 ? used.reduce((s, c) => s + c.score * c.weight, 0) / weightSum : 0;
  const ahiScore = round2(raw);
  const smallSample = a.transactionCount !== undefined && a.transactionCount < SMALL_SAMPLE;
  const confidenceScore = round2(weightSum * (smallSample ? 0.75 : 1));
  const evidence: Evidence[] = used.map((c) => ({
    metric: c.componentId,
    value: c.rawValue ?? 0,
    interpretation: c.interpretation,
  }));
  if (a.transactionCount !== undefined)
    evidence.push({
      metric: "transaction_count",
      value: a.transactionCount,
      interpretation: `${a.transactionCount} transactions in the last ${windowDays} days`,
    });
  if (a.transactionVolume !== undefined)
    evidence.push({
      metric: "transaction_volume",
      value: round2(a.transactionVolume),
      interpretation: `${round2(a.transactionVolume).toFixed(2)} moved in the last ${windowDays} days`,
    });
  return {
    ahiScore,
    ahiBand: bandOf(ahiScore),
    components: parts,
    flags: detectFlags(a, status, now, windowDays),
    evidence,
    confidenceScore,
    missingDataPoints: missingDataPoints(a),
    floatUtilization: floatRatio(a),
    calculationVersion: CALCULATION_VERSION,
  };
}

/** floatBalance / floatLimit to 4 decimals; null when the limit is 0 or the ratio is not finite. */
function floatRatio(a: AgentActivity): number | null {
  const ratio = a.floatLimit > 0 ? Math.round((a.floatBalance / a.floatLimit) * 10_000) / 10_000 : null;
  return ratio !== null && Number.isFinite(ratio) ? ratio : null;
}

export { WEIGHTS };
