/**
 * Cohorts: a grid of monthly transaction-count bands by monthly volume bands (money in
 * plus money out per 30 days, major units of the tenant currency). Lower bounds inclusive,
 * upper bounds exclusive; null = no upper bound.
 */
interface Band {
  min: number;
  max: number | null;
  label: string;
}

export const TRANSACTION_BANDS: readonly Band[] = [
  { min: 0, max: 30, label: "Low activity" },
  { min: 30, max: 150, label: "Moderate activity" },
  { min: 150, max: null, label: "High activity" },
];

export const VOLUME_BANDS: readonly Band[] = [
  { min: 0, max: 10_000, label: "small volume" },
  { min: 10_000, max: 100_000, label: "mid volume" },
  { min: 100_000, max: null, label: "large volume" },
];

export interface Cohort {
  cohortId: string;
  name: string;
  description: string;
  criteria: {
    minMonthlyTransactions: number;
    maxMonthlyTransactions: number | null;
    minMonthlyVolume: number;
    maxMonthlyVolume: number | null;
  };
}

/** Every customer with activity in the window, whatever its band. */
export const ALL_COHORT_ID = "all";

const range = (b: Band, unit: string) =>
  b.max === null
    ? `${b.min.toLocaleString("en-US")} or more ${unit}`
    : `${b.min.toLocaleString("en-US")} to under ${b.max.toLocaleString("en-US")} ${unit}`;

function cohort(t: number, v: number): Cohort {
  const tb = TRANSACTION_BANDS[t];
  const vb = VOLUME_BANDS[v];
  return {
    cohortId: `t${t + 1}-v${v + 1}`,
    name: `${tb.label}, ${vb.label}`,
    description: `Businesses with ${range(tb, "transactions")} and ${range(vb, "in money moved")} per 30 days.`,
    criteria: {
      minMonthlyTransactions: tb.min,
      maxMonthlyTransactions: tb.max,
      minMonthlyVolume: vb.min,
      maxMonthlyVolume: vb.max,
    },
  };
}

export const COHORTS: readonly Cohort[] = TRANSACTION_BANDS.flatMap((_, t) =>
  VOLUME_BANDS.map((_, v) => cohort(t, v)),
);

export const ALL_COHORT: Cohort = {
  cohortId: ALL_COHORT_ID,
  name: "All active customers",
  description: "Every customer of the tenant with at least one transaction in the window.",
  criteria: {
    minMonthlyTransactions: 0,
    maxMonthlyTransactions: null,
    minMonthlyVolume: 0,
    maxMonthlyVolume: null,
  },
};

const bandIndex = (bands: readonly Band[], value: number) =>
  bands.findIndex((b) => value >= b.min && (b.max === null || value < b.max));

/** The cohort of a customer by its transactions and volume (major units) per 30 days. */
export function cohortFor(monthlyTransactions: number, monthlyVolume: number): Cohort {
  const t = Math.max(0, bandIndex(TRANSACTION_BANDS, monthlyTransactions));
  const v = Math.max(0, bandIndex(VOLUME_BANDS, monthlyVolume));
  return COHORTS[t * VOLUME_BANDS.length + v];
}
