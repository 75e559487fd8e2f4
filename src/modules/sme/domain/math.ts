export const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/** Population standard deviation. */
export function stdDev(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const mean = sum(xs) / xs.length;
  return Math.sqrt(sum(xs.map((x) => (x - mean) ** 2)) / xs.length);
}
