/**
 * What-if churn: the portfolio's monthly inflow projected forward at its recent compound
 * growth rate, with and without the churned customers. The remaining customers are assumed
 * to keep growing at the same rate (churn removes their inflow from the base, it does not
 * change how the others behave).
 */
export interface Projection {
  startMrrMinor: number;
  monthlyGrowthRate: number;
  horizonMonths: number;
}

export interface ProjectedTotals {
  /** Inflow of the last month of the horizon. */
  endMrrMinor: number;
  /** Inflow summed over months 1..horizon. */
  cumulativeInflowMinor: number;
}

/** Inflow of each projected month 1..horizon (unrounded). */
export function projectMonths(p: Projection): number[] {
  const months: number[] = [];
  let month = p.startMrrMinor;
  for (let h = 1; h <= p.horizonMonths; h++) {
    month *= 1 + p.monthlyGrowthRate;
    months.push(month);
  }
  return months;
}

export function project(p: Projection): ProjectedTotals {
  const months = projectMonths(p);
  return {
    endMrrMinor: Math.round(months[months.length - 1] ?? p.startMrrMinor),
    cumulativeInflowMinor: Math.round(months.reduce((s, x) => s + x, 0)),
  };
}

/** How many of `activeCustomers` a churn rate removes (rounded half up; 0.5 customer counts). */
export const churnCount = (activeCustomers: number, ratePercent: number): number =>
  Math.min(activeCustomers, Math.floor((activeCustomers * ratePercent) / 100 + 0.5));
