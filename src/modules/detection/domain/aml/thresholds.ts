/**
 * Named, numeric AML thresholds. Money thresholds are major units of the tenant currency
 * (50000 = GHS 50,000.00). Defaults follow docs/contract.md#analytics and, where one exists, the
 * Ghana Financial Intelligence Centre's reporting threshold (docs/methodology/aml.md).
 */
export interface ThresholdDefinition {
  name: string;
  defaultValue: number;
  min: number;
  max: number;
  integer: boolean;
  unit: "money" | "percent" | "count" | "days" | "hours" | "multiple";
  description: string;
}

const money = (name: string, defaultValue: number, description: string, min = 0.01): ThresholdDefinition => ({
  name,
  defaultValue,
  min,
  max: 1_000_000_000,
  integer: false,
  unit: "money",
  description,
});
const int = (
  name: string,
  defaultValue: number,
  min: number,
  max: number,
  unit: ThresholdDefinition["unit"],
  description: string,
): ThresholdDefinition => ({ name, defaultValue, min, max, integer: true, unit, description });
/** A multiple of the entity's own or its peers' normal (0 switches the condition off). */
const multiple = (name: string, defaultValue: number, description: string): ThresholdDefinition => ({
  name,
  defaultValue,
  min: 0,
  max: 100,
  integer: false,
  unit: "multiple",
  description,
});
const percent = (name: string, defaultValue: number, min: number, max: number, description: string) => ({
  name,
  defaultValue,
  min,
  max,
  integer: false,
  unit: "percent" as const,
  description,
});

export const THRESHOLD_DEFINITIONS: readonly ThresholdDefinition[] = [
  money("largeCashAmount", 50_000, "A single cash transaction at or above this amount is large (FIC CTR)"),
  percent("structuringBandPercent", 10, 0.01, 99.99, "Width of the band just below largeCashAmount"),
  int(
    "structuringMinCount",
    3,
    2,
    1000,
    "count",
    "Cash credits in the band needed within structuringWindowDays",
  ),
  int("structuringWindowDays", 7, 1, 365, "days", "Sliding window for structuring"),
  money("rapidMovementMinAmount", 20_000, "Credits in a day at or above this are checked for pass-through"),
  percent("rapidMovementPercent", 80, 1, 1000, "Share of a day's credits debited within rapidMovementDays"),
  int("rapidMovementDays", 2, 1, 30, "days", "Days (the credit's day included) in which funds move on"),
  int(
    "velocityMaxCount",
    25,
    2,
    100_000,
    "count",
    "Transactions within velocityWindowHours that are high velocity",
  ),
  int("velocityWindowHours", 24, 1, 168, "hours", "Sliding window for velocity"),
  int("dormancyDays", 180, 30, 1095, "days", "Days without activity after which an entity is dormant"),
  money("dormantReactivationAmount", 10_000, "Volume after reactivation that raises the rule", 0),
  money("highRiskGeographyMinAmount", 0, "Volume with high-risk countries that raises the rule (0: any)", 0),
  money("roundAmountUnit", 1_000, "An amount that is a whole multiple of this is round"),
  int("roundAmountMinCount", 5, 1, 100_000, "count", "Round-amount transactions needed"),
  percent(
    "roundAmountMinSharePercent",
    50,
    0,
    100,
    "Share of transactions >= roundAmountUnit that are round",
  ),
  int(
    "fanInMinCounterparties",
    5,
    2,
    100_000,
    "count",
    "Distinct senders a fan-in needs at least, whatever the entity's normal",
  ),
  int(
    "fanOutMinCounterparties",
    5,
    2,
    100_000,
    "count",
    "Distinct receivers a fan-out needs at least, whatever the entity's normal",
  ),
  multiple(
    "fanBaselineMultiple",
    3,
    "A fan needs this multiple of the distinct counterparties of the previous window of the same length (0: the minimum count alone)",
  ),
  money("fanMinAmount", 20_000, "Volume over those counterparties needed for fan-in/fan-out", 0),
  multiple(
    "peerMadMultiple",
    3,
    "A fan also needs more counterparties than its peer group's normal: the larger of their 95th percentile and median + this x 1.4826 x MAD (0: no peer condition)",
  ),
  money(
    "crossBorderAmount",
    12_000,
    "A cross-border transfer exceeding this is reported (FIC ECTR, ~USD 1,000)",
  ),
  percent("cashShareMaxPercent", 50, 0, 100, "Cash share of volume expected at most for a non-cash business"),
  percent(
    "cashIntensiveShareMaxPercent",
    90,
    0,
    100,
    "Cash share expected at most for a cash-intensive business",
  ),
  money("cashActivityMinAmount", 20_000, "Cash volume below which cash share is not assessed", 0),
  int(
    "profileWindowDays",
    90,
    7,
    180,
    "days",
    "Cash against the declared business is read over this many days up to the window's end",
  ),
  money(
    "networkMinAmount",
    5_000,
    "Network typologies: money between two holders below this is not followed",
  ),
  int(
    "networkBurstDays",
    3,
    1,
    30,
    "days",
    "Network typologies: transfers between two holders within this many days form one flow",
  ),
  int(
    "networkMaxHoldDays",
    21,
    1,
    90,
    "days",
    "Network typologies: an intermediary passes money on within this many days",
  ),
  percent(
    "networkPassPercent",
    85,
    50,
    100,
    "Network typologies: share of what it received an intermediary passes on (up to 105%)",
  ),
  int("cycleMaxHops", 10, 2, 10, "count", "Round-tripping: most holders a cycle passes through"),
  int(
    "fanWindowDays",
    14,
    1,
    90,
    "days",
    "Network fans: days within which the many counterparties pay or are paid",
  ),
  int(
    "fanMinParticipants",
    3,
    2,
    100,
    "count",
    "Scatter-gather and gather-scatter: fewest intermediaries, sources or sinks",
  ),
  int(
    "networkLookbackDays",
    90,
    7,
    365,
    "days",
    "Network typologies: days of history, ending at the latest transaction, each scan reads",
  ),
];

export type Thresholds = Record<string, number>;

export const THRESHOLD_NAMES = THRESHOLD_DEFINITIONS.map((d) => d.name);

export const DEFAULT_THRESHOLDS: Thresholds = Object.fromEntries(
  THRESHOLD_DEFINITIONS.map((d) => [d.name, d.defaultValue]),
);

export interface ThresholdProblem {
  path: string;
  message: string;
}

/** Every problem with a set of overrides: unknown names, non-numbers, out-of-range values. */
export function validateThresholds(
  values: Record<string, unknown>,
  pathPrefix = "thresholds",
): ThresholdProblem[] {
  const problems: ThresholdProblem[] = [];
  const byName = new Map(THRESHOLD_DEFINITIONS.map((d) => [d.name, d]));
  for (const [name, value] of Object.entries(values)) {
    const path = `${pathPrefix}.${name}`;
    const def = byName.get(name);
    if (!def) {
      problems.push({ path, message: `Unknown threshold; known: ${THRESHOLD_NAMES.join(", ")}` });
      continue;
    }
    if (typeof value !== "number" || !Number.isFinite(value)) {
      problems.push({ path, message: "Must be a finite number" });
    } else if (def.integer && !Number.isInteger(value)) {
      problems.push({ path, message: "Must be an integer" });
    } else if (value < def.min || value > def.max) {
      problems.push({ path, message: `Must be between ${def.min} and ${def.max}` });
    } else if (def.unit === "money" && Math.round(value * 100) !== value * 100) {
      problems.push({ path, message: "At most 2 fraction digits" });
    }
  }
  return problems;
}

/** Defaults, then the tenant's own values, then values to try (backtest). */
export const mergeThresholds = (...layers: Array<Thresholds | undefined>): Thresholds =>
  Object.assign({}, DEFAULT_THRESHOLDS, ...layers.filter(Boolean));

export const toMinorUnits = (major: number): number => Math.round(major * 100);
