import { round2 } from "../../../lib/numbers";
import { atLeastCounterfactual, type Decide, ev, major, moneyText } from "./decision";

/** Amount and flow rules: large cash, structuring, rapid movement, velocity. */
export const AMOUNT_DECISIONS: Record<string, Decide> = {
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
};
