/** The five BHI components, in the order they are shown everywhere. */
export const COMPONENTS = [
  "liquidity",
  "volatility",
  "revenueStability",
  "expenseRatio",
  "paymentBehavior",
] as const;
export type Component = (typeof COMPONENTS)[number];
export type Weights = Record<Component, number>;

/** docs/contract.md#analytics. */
export const DEFAULT_WEIGHTS: Weights = {
  liquidity: 0.25,
  volatility: 0.2,
  revenueStability: 0.2,
  expenseRatio: 0.2,
  paymentBehavior: 0.15,
};

export interface WeightProblem {
  path: string;
  message: string;
}

/**
 * Given weights: each finite and >= 0, not all zero; a missing component counts as 0.
 * Returns the problems found (empty when valid).
 */
export function weightProblems(given: Partial<Weights>): WeightProblem[] {
  const problems: WeightProblem[] = [];
  for (const c of COMPONENTS) {
    const w = given[c];
    if (w === undefined) continue;
    if (!Number.isFinite(w)) problems.push({ path: `weights.${c}`, message: "must be a finite number" });
    else if (w < 0) problems.push({ path: `weights.${c}`, message: "must be >= 0" });
  }
  if (problems.length === 0 && COMPONENTS.every((c) => (given[c] ?? 0) === 0)) {
    problems.push({ path: "weights", message: "at least one weight must be greater than 0" });
  }
  return problems;
}

/** Scales valid weights to sum to 1 (call weightProblems first). Absent weights are 0. */
export function normaliseWeights(given?: Partial<Weights>): Weights {
  if (!given) return { ...DEFAULT_WEIGHTS };
  const total = COMPONENTS.reduce((sum, c) => sum + (given[c] ?? 0), 0);
  return Object.fromEntries(COMPONENTS.map((c) => [c, (given[c] ?? 0) / total])) as Weights;
}
