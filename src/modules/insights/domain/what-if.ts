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

export function project(p: Projection): ProjectedTotals {
  let month = p.startMrrMinor;
  let cumulative = 0;
  for (let h = 1; h <= p.horizonMonths; h++) {
    month *= 1 + p.monthlyGrowthRate;
    cumulative += month;
  }
  return { endMrrMinor: Math.round(month), cumulativeInflowMinor: Math.round(cumulative) };
}

/** How many of `activeCustomers` a churn rate removes (rounded half up; 0.5 customer counts). */
export const churnCount = (activeCustomers: number, ratePercent: number): number =>
  Math.min(activeCustomers, Math.floor((activeCustomers * ratePercent) / 100 + 0.5));
