import { round2 } from "../../../lib/numbers";
import { type PeerNorm, peerCheck } from "../../data/domain/peer-stats";
import { isCashIntensive } from "../../detection/domain/aml/rules";
import type { Thresholds } from "../../detection/domain/aml/thresholds";
import { atLeastCounterfactual, type Decide, type Decision, ev, major, moneyText } from "./decision";

/** Pattern and profile rules: dormancy, geography, round amounts, fan-in/out, cross-border, business profile. */
export const PATTERN_DECISIONS: Record<string, Decide> = {
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
  "AML-FIN-008": (f, t, ctx) =>
    withPeers(
      fan(
        "in",
        f.fanInCounterparties,
        f.fanInPriorCounterparties,
        f.fanInVolumeMinor,
        t.fanInMinCounterparties,
        t,
      ),
      f.fanInCounterparties,
      "senders30",
      t,
      ctx.peer,
    ),
  "AML-FOUT-009": (f, t, ctx) =>
    withPeers(
      fan(
        "out",
        f.fanOutCounterparties,
        f.fanOutPriorCounterparties,
        f.fanOutVolumeMinor,
        t.fanOutMinCounterparties,
        t,
      ),
      f.fanOutCounterparties,
      "receivers30",
      t,
      ctx.peer,
    ),
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
    // Three readings: the evaluated window (as a live screening sees the last month), the previous
    // window of the same length, and the rule's own profile window (profileWindowDays up to the
    // window's end): a backfill's cash 31-90 days before the load is judged as of now, and a
    // recent or older burst is not diluted by the ordinary months around it.
    const days = t.profileWindowDays!;
    const intensive = isCashIntensive(f.declaredBusiness);
    const capName = intensive ? "cashIntensiveShareMaxPercent" : "cashShareMaxPercent";
    const cap = t[capName];
    const reading = (cash: number, volume: number, over: string) => {
      const share = volume === 0 ? 0 : (cash * 100) / volume;
      const volumeOk = major(cash) >= t.cashActivityMinAmount;
      return { cash, share, volumeOk, over, triggered: volumeOk && share > cap };
    };
    const inWindow = reading(f.cashVolumeMinor, f.volumeMinor, "in the window");
    const previous = reading(f.priorCashVolumeMinor, f.priorVolumeMinor, "in the previous window");
    const profile = reading(f.profileCashVolumeMinor, f.profileVolumeMinor, `over the last ${days} days`);
    const readings = [inWindow, previous, profile];
    // What is reported: the reading that fires (the window first), else the one nearest to firing.
    const assessed = readings.filter((r) => r.volumeOk);
    const shown =
      readings.find((r) => r.triggered) ?? assessed.sort((x, y) => y.share - x.share)[0] ?? profile;
    const triggered = shown.triggered;
    const { cash, share, volumeOk, over } = shown;
    const declared = f.declaredBusiness
      ? `declared business "${f.declaredBusiness}"`
      : "no declared business";
    // The cap flips the rule at the largest share among the readings whose cash is assessed.
    const observed = assessed.length ? Math.max(...assessed.map((r) => r.share)) : null;
    const cf = atLeastCounterfactual(capName, cap, observed, triggered, assessed.length > 0, 0.01, true);
    return {
      triggered,
      evidence:
        cash === 0
          ? []
          : [
              ev(
                "cashSharePercent",
                share,
                cap,
                `${declared}; ${intensive ? "cash-intensive" : "not cash-intensive"}; ${over}`,
              ),
              ev("cashVolume", major(cash), t.cashActivityMinAmount, `cash volume ${over}`, true),
            ],
      explanation: triggered
        ? `Cash is ${round2(share)}% of volume ${over} (${moneyText(cash)}), above the ${cap}% expected for ${declared}.`
        : `Cash is ${round2(share)}% of volume ${over} (${moneyText(cash)}); expected at most ${cap}% for ${declared}${volumeOk ? "" : ", and cash volume is below the assessment minimum"}.`,
      counterfactual: cf && {
        ...cf,
        statement: `${cf.statement} (cash share in the window, the previous window and over the last ${days} days, profileWindowDays)`,
      },
    };
  },
};

/**
 * Distinct counterparties of the window against the entity's own normal: those of the previous
 * window of the same length. Needed: the larger of the minimum count and fanBaselineMultiple x
 * the previous count (an agent or employer that always pays many stays quiet; a new fan fires).
 */
export function fanNeeded(prior: number, min: number, multiple: number): number {
  return Math.max(min, Math.ceil(multiple * prior - 1e-9));
}

/**
 * A fan also needs more distinct counterparties than the entity's peer group usually has
 * (docs/methodology/peers.md): a trader's regular buyers are a trader's normal. No group, or
 * peerMadMultiple 0: the decision stands as the entity's own normal made it.
 */
function withPeers(
  d: Decision,
  n: number,
  feature: "senders30" | "receivers30",
  t: Thresholds,
  peer: PeerNorm | null | undefined,
): Decision {
  const check = peerCheck(n, peer, feature, t.peerMadMultiple ?? 0, String);
  if (check.bar === null) return d;
  const triggered = d.triggered && check.holds;
  return {
    triggered,
    evidence: [...d.evidence, ev("peerCounterparties", n, check.bar, check.text)],
    explanation: `${d.explanation} ${check.text}`,
    // A fan its peers hold back names no single threshold: its own normal and the peers' both bind.
    counterfactual: triggered ? d.counterfactual : null,
  };
}

function fan(
  direction: "in" | "out",
  n: number,
  prior: number,
  volumeMinor: number,
  min: number,
  t: Thresholds,
): Decision {
  const name = direction === "in" ? "fanInMinCounterparties" : "fanOutMinCounterparties";
  const multiple = t.fanBaselineMultiple;
  const needed = fanNeeded(prior, min, multiple);
  const volumeOk = major(volumeMinor) >= t.fanMinAmount;
  const countOk = n >= min;
  const relativeOk = n >= Math.ceil(multiple * prior - 1e-9);
  const triggered = countOk && relativeOk && volumeOk;
  const verb = direction === "in" ? "from" : "to";
  const rule = `the larger of ${min} and ${multiple} x the ${prior} of the previous window of the same length`;
  const times =
    prior === 0
      ? "none in the previous window of the same length"
      : `${round2(n / prior)} times the ${prior} of the previous window of the same length`;
  // The multiple decides when it asks for more than the minimum count (and there was a normal).
  const multipleBinds = prior > 0 && multiple * prior > min;
  return {
    triggered,
    evidence:
      n === 0
        ? []
        : [
            ev(
              "distinctCounterparties",
              n,
              needed,
              `${direction === "in" ? "senders of credits" : "receivers of debits"}; threshold is ${rule}`,
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
      ? `${moneyText(volumeMinor)} ${direction === "in" ? "received" : "sent"} ${verb} ${n} distinct counterparties, ${times}, at or above ${needed} (${rule}).`
      : `${n} distinct counterparties ${verb} which ${moneyText(volumeMinor)} moved, ${times} (needs ${needed}, ${rule}, and ${t.fanMinAmount.toFixed(2)}).`,
    counterfactual: multipleBinds
      ? atLeastCounterfactual(
          "fanBaselineMultiple",
          multiple,
          n === 0 ? null : n / prior,
          triggered,
          countOk && volumeOk,
          0.01,
        )
      : atLeastCounterfactual(name, min, n === 0 ? null : n, triggered, relativeOk && volumeOk, 1),
  };
}
