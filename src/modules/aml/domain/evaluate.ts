import { round2, round4 } from "../../../lib/numbers";
import type { EntityFeatures } from "./features";
import { type AmlRuleDefinition, isCashIntensive, type RiskLevel, riskRank } from "./rules";
import { THRESHOLD_DEFINITIONS, type Thresholds } from "./thresholds";

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

const major = (minor: number) => minor / 100;
const moneyText = (minor: number) => (minor / 100).toFixed(2);
const deviation = (observed: number, threshold: number) =>
  threshold === 0 ? round4(observed) : round4((observed - threshold) / threshold);

const ev = (
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

interface Decision {
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
function atLeastCounterfactual(
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
  if (def && (flip < def.min || flip > def.max)) return null;
  return { threshold: name, currentValue: current, flipValue: flip, statement };
}

type Decide = (f: EntityFeatures, t: Thresholds, ctx: { highRiskCountries: string[] }) => Decision;

const DECISIONS: Record<string, Decide> = {
  "AML-LCT-001": (f, t) => {
    const max = f.maxCashMinor;
    const triggered = max !== null && major(max) >= t.largeCashAmount;
    return {
      triggered,
      evidence:
        max === null
          ? []
          : [
              ev(
                "maxCashAmount",
                major(max),
                t.largeCashAmount,
                `largest cash transaction; ${f.largeCashCount} at or above the threshold`,
                true,
              ),
            ],
      explanation: triggered
        ? `${f.largeCashCount} cash transaction(s) at or above ${t.largeCashAmount.toFixed(2)}; the largest was ${moneyText(max!)}.`
        : max === null
          ? "No cash transactions in the window."
          : `The largest cash transaction (${moneyText(max)}) is below ${t.largeCashAmount.toFixed(2)}.`,
      counterfactual: atLeastCounterfactual(
        "largeCashAmount",
        t.largeCashAmount,
        max === null ? null : major(max),
        triggered,
        true,
        0.01,
      ),
    };
  },
  "AML-STR-002": (f, t) => {
    const n = f.structuringMaxCount;
    const triggered = n >= t.structuringMinCount;
    const low = (t.largeCashAmount * (1 - t.structuringBandPercent / 100)).toFixed(2);
    const band = `[${low}, ${t.largeCashAmount.toFixed(2)})`;
    return {
      triggered,
      evidence:
        n === 0
          ? []
          : [
              ev(
                "cashCreditsInBand",
                n,
                t.structuringMinCount,
                `cash credits in ${band} within ${t.structuringWindowDays} days from ${f.structuringWindowStart}, totalling ${moneyText(f.structuringSumMinor)}`,
              ),
            ],
      explanation: triggered
        ? `${n} cash credits just below the reporting threshold, in ${band}, within ${t.structuringWindowDays} days: a structuring pattern.`
        : `At most ${n} cash credit(s) in ${band} within any ${t.structuringWindowDays} days (needs ${t.structuringMinCount}).`,
      counterfactual: atLeastCounterfactual(
        "structuringMinCount",
        t.structuringMinCount,
        n === 0 ? null : n,
        triggered,
        true,
        1,
      ),
    };
  },
  "AML-RMF-003": (f, t) => {
    const ratio = f.rapidRatioPercent;
    const triggered = ratio !== null && ratio >= t.rapidMovementPercent;
    return {
      triggered,
      evidence:
        ratio === null
          ? []
          : [
              ev(
                "forwardedPercent",
                ratio,
                t.rapidMovementPercent,
                `${moneyText(f.rapidCreditsMinor)} credited on ${f.rapidDay}; ${moneyText(f.rapidForwardedMinor)} debited within ${t.rapidMovementDays} day(s)`,
              ),
            ],
      explanation: triggered
        ? `${round2(ratio)}% of the ${moneyText(f.rapidCreditsMinor)} credited on ${f.rapidDay} left within ${t.rapidMovementDays} day(s): funds pass through.`
        : ratio === null
          ? `No day with credits of ${t.rapidMovementMinAmount.toFixed(2)} or more.`
          : `At most ${round2(ratio)}% of a large day's credits moved on within ${t.rapidMovementDays} day(s).`,
      counterfactual: atLeastCounterfactual(
        "rapidMovementPercent",
        t.rapidMovementPercent,
        ratio,
        triggered,
        true,
        0.01,
      ),
    };
  },
  "AML-VEL-004": (f, t) => {
    const n = f.velocityMaxCount;
    const triggered = n >= t.velocityMaxCount;
    return {
      triggered,
      evidence:
        n === 0
          ? []
          : [
              ev(
                "transactionsInWindow",
                n,
                t.velocityMaxCount,
                `most transactions within ${t.velocityWindowHours} h, from ${f.velocityWindowStart}`,
              ),
            ],
      explanation: triggered
        ? `${n} transactions within ${t.velocityWindowHours} hours (threshold ${t.velocityMaxCount}).`
        : `At most ${n} transaction(s) within any ${t.velocityWindowHours} hours.`,
      counterfactual: atLeastCounterfactual(
        "velocityMaxCount",
        t.velocityMaxCount,
        n === 0 ? null : n,
        triggered,
        true,
        1,
      ),
    };
  },
  "AML-DOR-005": (f, t) => {
    const gap = f.dormancyGapDays;
    const volume = major(f.volumeAfterReactivationMinor);
    const volumeOk = volume >= t.dormantReactivationAmount;
    const triggered = gap !== null && gap >= t.dormancyDays && volumeOk;
    return {
      triggered,
      evidence:
        gap === null
          ? []
          : [
              ev(
                "dormantDays",
                gap,
                t.dormancyDays,
                `no activity from ${f.lastActivityBefore} to ${f.reactivatedAt}`,
              ),
              ev(
                "volumeAfterReactivation",
                volume,
                t.dormantReactivationAmount,
                "moved from reactivation to window end",
                true,
              ),
            ],
      explanation: triggered
        ? `Active again on ${f.reactivatedAt} after ${gap} days without transactions, then moved ${moneyText(f.volumeAfterReactivationMinor)}.`
        : gap === null
          ? "No earlier activity to compare with (or no activity in the window)."
          : `Longest silence ended in the window: ${gap} days (threshold ${t.dormancyDays}); volume after it ${moneyText(f.volumeAfterReactivationMinor)}.`,
      counterfactual: atLeastCounterfactual("dormancyDays", t.dormancyDays, gap, triggered, volumeOk, 1),
    };
  },
  "AML-GEO-006": (f, t, ctx) => {
    const volume = major(f.highRiskVolumeMinor);
    const triggered = f.highRiskCount > 0 && volume >= t.highRiskGeographyMinAmount;
    return {
      triggered,
      evidence:
        f.highRiskCount === 0
          ? []
          : [
              ev(
                "highRiskVolume",
                volume,
                t.highRiskGeographyMinAmount,
                `${f.highRiskCount} transaction(s) with ${f.highRiskCountries.join(", ")}`,
                true,
              ),
            ],
      explanation: triggered
        ? `${f.highRiskCount} transaction(s), ${moneyText(f.highRiskVolumeMinor)}, with counterparties in high-risk countries (${f.highRiskCountries.join(", ")}).`
        : f.highRiskCount === 0
          ? `No transactions with counterparties in ${ctx.highRiskCountries.join(", ")}.`
          : `Volume with high-risk countries (${moneyText(f.highRiskVolumeMinor)}) is below ${t.highRiskGeographyMinAmount.toFixed(2)}.`,
      counterfactual: atLeastCounterfactual(
        "highRiskGeographyMinAmount",
        t.highRiskGeographyMinAmount,
        f.highRiskCount === 0 ? null : volume,
        triggered,
        true,
        0.01,
      ),
    };
  },
  "AML-RND-007": (f, t) => {
    const share = f.roundEligibleCount === 0 ? 0 : (f.roundCount * 100) / f.roundEligibleCount;
    const shareOk = share >= t.roundAmountMinSharePercent;
    const triggered = f.roundCount >= t.roundAmountMinCount && shareOk;
    return {
      triggered,
      evidence:
        f.roundEligibleCount === 0
          ? []
          : [
              ev(
                "roundAmountCount",
                f.roundCount,
                t.roundAmountMinCount,
                `multiples of ${t.roundAmountUnit.toFixed(2)}`,
              ),
              ev(
                "roundAmountSharePercent",
                share,
                t.roundAmountMinSharePercent,
                `of ${f.roundEligibleCount} transactions of ${t.roundAmountUnit.toFixed(2)} or more`,
              ),
            ],
      explanation: triggered
        ? `${f.roundCount} of ${f.roundEligibleCount} transactions (${round2(share)}%) are whole multiples of ${t.roundAmountUnit.toFixed(2)}.`
        : `${f.roundCount} round-amount transaction(s), ${round2(share)}% of those of ${t.roundAmountUnit.toFixed(2)} or more.`,
      counterfactual: atLeastCounterfactual(
        "roundAmountMinCount",
        t.roundAmountMinCount,
        f.roundCount === 0 ? null : f.roundCount,
        triggered,
        shareOk,
        1,
      ),
    };
  },
  "AML-FIN-008": (f, t) => fan("in", f.fanInCounterparties, f.fanInVolumeMinor, t.fanInMinCounterparties, t),
  "AML-FOUT-009": (f, t) =>
    fan("out", f.fanOutCounterparties, f.fanOutVolumeMinor, t.fanOutMinCounterparties, t),
  "AML-XBR-010": (f, t) => {
    const max = f.crossBorderMaxMinor;
    const triggered = max !== null && major(max) > t.crossBorderAmount;
    return {
      triggered,
      evidence:
        max === null
          ? []
          : [
              ev(
                "largestCrossBorderAmount",
                major(max),
                t.crossBorderAmount,
                `${f.crossBorderCount} cross-border transfer(s) over the threshold; countries ${f.crossBorderCountries.join(", ")}`,
                true,
              ),
            ],
      explanation: triggered
        ? `${f.crossBorderCount} cross-border transfer(s) exceeding ${t.crossBorderAmount.toFixed(2)}; the largest was ${moneyText(max!)}.`
        : max === null
          ? "No cross-border transfers in the window."
          : `The largest cross-border transfer (${moneyText(max)}) does not exceed ${t.crossBorderAmount.toFixed(2)}.`,
      counterfactual: atLeastCounterfactual(
        "crossBorderAmount",
        t.crossBorderAmount,
        max === null ? null : major(max),
        triggered,
        true,
        0.01,
        true,
      ),
    };
  },
  "AML-BIZ-011": (f, t) => {
    const intensive = isCashIntensive(f.declaredBusiness);
    const capName = intensive ? "cashIntensiveShareMaxPercent" : "cashShareMaxPercent";
    const cap = t[capName];
    const share = f.volumeMinor === 0 ? 0 : (f.cashVolumeMinor * 100) / f.volumeMinor;
    const volumeOk = major(f.cashVolumeMinor) >= t.cashActivityMinAmount;
    const triggered = volumeOk && share > cap;
    const declared = f.declaredBusiness
      ? `declared business "${f.declaredBusiness}"`
      : "no declared business";
    return {
      triggered,
      evidence:
        f.cashVolumeMinor === 0
          ? []
          : [
              ev(
                "cashSharePercent",
                share,
                cap,
                `${declared}; ${intensive ? "cash-intensive" : "not cash-intensive"}`,
              ),
              ev(
                "cashVolume",
                major(f.cashVolumeMinor),
                t.cashActivityMinAmount,
                "cash volume in the window",
                true,
              ),
            ],
      explanation: triggered
        ? `Cash is ${round2(share)}% of volume (${moneyText(f.cashVolumeMinor)}), above the ${cap}% expected for ${declared}.`
        : `Cash is ${round2(share)}% of volume (${moneyText(f.cashVolumeMinor)}); expected at most ${cap}% for ${declared}${volumeOk ? "" : ", and cash volume is below the assessment minimum"}.`,
      counterfactual: atLeastCounterfactual(
        capName,
        cap,
        f.cashVolumeMinor === 0 ? null : share,
        triggered,
        volumeOk,
        0.01,
        true,
      ),
    };
  },
};

function fan(direction: "in" | "out", n: number, volumeMinor: number, min: number, t: Thresholds): Decision {
  const name = direction === "in" ? "fanInMinCounterparties" : "fanOutMinCounterparties";
  const volumeOk = major(volumeMinor) >= t.fanMinAmount;
  const triggered = n >= min && volumeOk;
  const verb = direction === "in" ? "from" : "to";
  return {
    triggered,
    evidence:
      n === 0
        ? []
        : [
            ev(
              "distinctCounterparties",
              n,
              min,
              `${direction === "in" ? "senders of credits" : "receivers of debits"}`,
            ),
            ev(
              "volume",
              major(volumeMinor),
              t.fanMinAmount,
              `${direction === "in" ? "credited" : "debited"} across them`,
              true,
            ),
          ],
    explanation: triggered
      ? `${moneyText(volumeMinor)} ${direction === "in" ? "received" : "sent"} ${verb} ${n} distinct counterparties.`
      : `${n} distinct counterparties ${verb} which ${moneyText(volumeMinor)} moved (needs ${min} and ${t.fanMinAmount.toFixed(2)}).`,
    counterfactual: atLeastCounterfactual(name, min, n === 0 ? null : n, triggered, volumeOk, 1),
  };
}

/** Evaluates the given rules for one entity's features; deterministic for the same inputs. */
export function evaluateRules(
  features: EntityFeatures,
  rules: readonly AmlRuleDefinition[],
  thresholds: Thresholds,
  options: { highRiskCountries: string[]; at: string },
): RuleOutcome[] {
  return rules.map((rule) => {
    const decision = DECISIONS[rule.ruleId](features, thresholds, options);
    return {
      ruleId: rule.ruleId,
      ruleName: rule.name,
      triggered: decision.triggered,
      riskLevel: rule.defaultRiskLevel,
      evidence: decision.evidence,
      explanation: decision.explanation,
      counterfactual: decision.counterfactual,
      triggeredAt: decision.triggered ? options.at : null,
    };
  });
}

export function highestRiskLevel(outcomes: readonly RuleOutcome[]): RiskLevel | null {
  let best: RiskLevel | null = null;
  for (const o of outcomes)
    if (o.triggered && (best === null || riskRank(o.riskLevel) > riskRank(best))) best = o.riskLevel;
  return best;
}

export const hasDecision = (ruleId: string): boolean => ruleId in DECISIONS;
