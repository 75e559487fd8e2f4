export const BANDS = ["excellent", "good", "fair", "poor", "critical"] as const;
export type Band = (typeof BANDS)[number];

/** CONTRACT section 5: lower bounds, inclusive. */
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

/** Rounds to 2 decimals, half away from zero, without the 1.005 -> 1.00 float surprise. */
export function round2(value: number): number {
  const sign = value < 0 ? -1 : 1;
  return (sign * Math.round(Math.abs(value) * 100 + 1e-9)) / 100;
}

export const clamp = (value: number, low = 0, high = 100): number => Math.min(high, Math.max(low, value));
