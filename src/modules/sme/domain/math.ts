/** Rounds to 2 decimals, half away from zero (the 1e-9 keeps 1.005 from becoming 1.00). */
export function round2(value: number): number {
  const sign = value < 0 ? -1 : 1;
  return (sign * Math.round(Math.abs(value) * 100 + 1e-9)) / 100;
}

export const clamp = (value: number, low = 0, high = 100): number => Math.min(high, Math.max(low, value));

export const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/** Population standard deviation. */
export function stdDev(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const mean = sum(xs) / xs.length;
  return Math.sqrt(sum(xs.map((x) => (x - mean) ** 2)) / xs.length);
}
