export const BANDS = ["excellent", "good", "fair", "poor", "critical"] as const;
export type Band = (typeof BANDS)[number];

/** docs/contract.md#analytics: lower bounds, inclusive. */
export const BAND_FLOORS: ReadonlyArray<readonly [Band, number]> = [
  ["excellent", 80],
  ["good", 65],
  ["fair", 50],
  ["poor", 35],
];

export function bandOf(score: number): Band {
  for (const [band, floor] of BAND_FLOORS) if (score >= floor) return band;
  return "critical";
}
