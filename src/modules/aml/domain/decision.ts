/** What one AML rule decides for an entity, and the helpers its evidence is written with. */
import { round2, round4 } from "../../../lib/numbers";
import type { PeerNorm } from "../../data/domain/peer-stats";
import type { RiskLevel } from "../../detection/domain/aml/rules";
import { THRESHOLD_DEFINITIONS, type Thresholds } from "../../detection/domain/aml/thresholds";
import type { EntityFeatures } from "./features";

export interface Evidence {
  field: string;
  observed: string;
  threshold: string;
  context: string;
  /** (observed - threshold) / threshold, 4 decimals; the observed value when the threshold is 0. */
  deviation: number;
}

/** The smallest change of one threshold that would flip the outcome, all else equal. */
export interface Counterfactual {
  threshold: string;
  currentValue: number;
  flipValue: number;
  statement: string;
}

export interface RuleOutcome {
  ruleId: string;
  ruleName: string;
  triggered: boolean;
  riskLevel: RiskLevel;
  evidence: Evidence[];
  explanation: string;
  counterfactual: Counterfactual | null;
  triggeredAt: string | null;
}

export const major = (minor: number) => minor / 100;
export const moneyText = (minor: number) => (minor / 100).toFixed(2);
export const deviation = (observed: number, threshold: number) =>
  threshold === 0 ? round4(observed) : round4((observed - threshold) / threshold);

export const ev = (
  field: string,
  observed: number,
  threshold: number,
  context: string,
  isMoney = false,
): Evidence => ({
  field,
  observed: isMoney ? observed.toFixed(2) : String(round4(observed)),
  threshold: isMoney ? threshold.toFixed(2) : String(threshold),
  context,
  deviation: deviation(observed, threshold),
});

export interface Decision {
  triggered: boolean;
  evidence: Evidence[];
  explanation: string;
  counterfactual: Counterfactual | null;
}

/**
 * Counterfactual for a rule of the form `observed >= threshold` (`>` when strict) whose
 * other conditions hold (`othersHold`): the nearest threshold value, on the threshold's
 * grid (`step`), that flips the outcome. Null when no value of this threshold alone can.
 */
export function atLeastCounterfactual(
  name: string,
  current: number,
  observed: number | null,
  triggered: boolean,
  othersHold: boolean,
  step: number,
  strict = false,
): Counterfactual | null {
  if (observed === null || !othersHold) return null;
  const units = Math.round((observed / step) * 1e6) / 1e6;
  const onGrid = (n: number) => round2(n * step);
  const def = THRESHOLD_DEFINITIONS.find((d) => d.name === name);
  let flip: number;
  let statement: string;
  if (triggered) {
    // Not triggered once the threshold passes the observed value.
    flip = strict ? onGrid(Math.ceil(units)) : onGrid(Math.floor(units) + 1);
    statement = `Would not trigger if ${name} were ${flip} or more`;
  } else {
    flip = strict ? onGrid(Math.ceil(units) - 1) : onGrid(Math.floor(units));
    statement = `Would trigger if ${name} were ${flip} or less`;
  }
  if (def && (flip < def.min || flip > def.max)) {
    if (!triggered) return null;
    // A fired rule always says what would have kept it quiet, even when no configurable value
    // of the threshold does: then only the activity itself could.
    statement = `${statement} (beyond the configurable range ${def.min}-${def.max}: no setting of ${name} keeps this activity quiet)`;
  }
  return { threshold: name, currentValue: current, flipValue: flip, statement };
}

/** What a decision reads besides the features: the caller's high-risk countries, the entity's peers. */
export interface DecideContext {
  highRiskCountries: string[];
  /** The entity's peer group (docs/methodology/peers.md); absent or null: its own history alone. */
  peer?: PeerNorm | null;
}

export type Decide = (f: EntityFeatures, t: Thresholds, ctx: DecideContext) => Decision;
