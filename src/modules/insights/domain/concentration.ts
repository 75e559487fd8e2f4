import { round2 } from "../../../lib/numbers";
/**
 * Concentration of inflow: shares of the largest contributors and the
 * Herfindahl-Hirschman index (sum of squared percentage shares, 0..10,000).
 */
export const CONCENTRATION_LEVELS = ["unconcentrated", "moderate", "high"] as const;
export type ConcentrationLevel = (typeof CONCENTRATION_LEVELS)[number];

export const sharePercent = (part: number, total: number): number =>
  total <= 0 ? 0 : round2((part / total) * 100);

/** HHI from the sum of squared amounts and the total: sum((x/T * 100)^2) = 10,000 * sum(x^2) / T^2. */
export const hhiFromSums = (sumOfSquares: number, total: number): number =>
  total <= 0 ? 0 : Math.round((10_000 * sumOfSquares) / (total * total));

export const hhi = (amounts: number[]): number => {
  const total = amounts.reduce((s, x) => s + x, 0);
  return hhiFromSums(
    amounts.reduce((s, x) => s + x * x, 0),
    total,
  );
};

/** The usual antitrust reading of the index: < 1,500 unconcentrated, 1,500..2,500 moderate, > 2,500 high. */
export function concentrationLevel(index: number): ConcentrationLevel {
  if (index > 2500) return "high";
  if (index >= 1500) return "moderate";
  return "unconcentrated";
}
