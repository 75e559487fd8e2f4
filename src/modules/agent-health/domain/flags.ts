import { round2 } from "../../../lib/numbers";
import { cashInShare, inactivity, percentChange, THRESHOLDS, tenureMonths } from "./components";
import type { AgentActivity, Flag, FlagSeverity, FlagType } from "./types";

const NO_SUSPENSION = "This index is diagnostic: do not suspend or restrict the agent on this signal alone.";

function flag(
  type: FlagType,
  severity: FlagSeverity,
  description: string,
  suggestedAction: string,
  now: Date,
  values: { daysSinceActivity?: number; percentageValue?: number; threshold?: number } = {},
): Flag {
  return {
    type,
    severity,
    description,
    detectedAt: now.toISOString(),
    daysSinceActivity: values.daysSinceActivity ?? null,
    // A ratio over a near-zero base can overflow: null ("not measurable"), never Infinity.
    percentageValue:
      values.percentageValue === undefined || !Number.isFinite(values.percentageValue)
        ? null
        : round2(values.percentageValue),
    threshold: values.threshold ?? null,
    suggestedAction,
  };
}

function dormancyFlags(a: AgentActivity, now: Date, windowDays: number): Flag[] {
  const idle = inactivity(a, now, windowDays);
  if (!idle) return [];
  const days = Math.floor(idle.days);
  if (!idle.known)
    return [
      flag(
        "no_activity",
        "critical",
        `No transaction recorded in at least ${days} days`,
        `Confirm with the agent whether the outlet is operating and whether transactions are being recorded. ${NO_SUSPENSION}`,
        now,
        { daysSinceActivity: days, threshold: windowDays },
      ),
    ];
  const t = THRESHOLDS;
  const level: [FlagSeverity, number] | null =
    days >= t.dormancyCriticalDays
      ? ["critical", t.dormancyCriticalDays]
      : days >= t.dormancyWarningDays
        ? ["warning", t.dormancyWarningDays]
        : days >= t.dormancyInfoDays
          ? ["info", t.dormancyInfoDays]
          : null;
  if (!level) return [];
  return [
    flag(
      "dormancy",
      level[0],
      `No transaction for ${days} days (threshold ${level[1]})`,
      level[0] === "info"
        ? "Check in with the agent at the next routine contact."
        : `Contact the agent to learn why activity stopped (float, network, location, health) and offer support. ${NO_SUSPENSION}`,
      now,
      { daysSinceActivity: days, threshold: level[1] },
    ),
  ];
}

function floatFlags(a: AgentActivity, now: Date): Flag[] {
  if (!(a.floatLimit > 0)) return [];
  const u = a.floatBalance / a.floatLimit;
  const pct = u * 100;
  if (u < THRESHOLDS.floatDepletion) {
    const critical = u < THRESHOLDS.floatCritical;
    return [
      flag(
        "float_depletion",
        critical ? "critical" : "warning",
        `Float balance is ${round2(pct)}% of the limit`,
        "Arrange a float top-up or rebalancing through the agent's super-agent or bank before customers are turned away.",
        now,
        {
          percentageValue: pct,
          threshold: (critical ? THRESHOLDS.floatCritical : THRESHOLDS.floatDepletion) * 100,
        },
      ),
    ];
  }
  if (u > THRESHOLDS.floatExcess) {
    return [
      flag(
        "float_excess",
        u > 1 ? "warning" : "info",
        `Float balance is ${round2(pct)}% of the limit`,
        u > 1
          ? "Review the float limit and the source of the excess float with the agent."
          : "Suggest moving idle float back to cash to serve cash-out demand.",
        now,
        { percentageValue: pct, threshold: THRESHOLDS.floatExcess * 100 },
      ),
    ];
  }
  return [];
}

function dropFlag(
  type: "volume_drop" | "activity_drop",
  what: string,
  current: number | undefined,
  previous: number | undefined,
  now: Date,
): Flag[] {
  if (current === undefined || previous === undefined) return [];
  const change = percentChange(current, previous);
  if (change === null || change > THRESHOLDS.trendDropPercent) return [];
  const critical = change <= THRESHOLDS.trendCriticalDropPercent;
  return [
    flag(
      type,
      critical ? "critical" : "warning",
      `${what} fell ${round2(-change)}% vs the previous period`,
      "Review with the agent what changed (competition, float shortages, location, connectivity).",
      now,
      {
        percentageValue: change,
        threshold: critical ? THRESHOLDS.trendCriticalDropPercent : THRESHOLDS.trendDropPercent,
      },
    ),
  ];
}

function slowdownFlag(a: AgentActivity, now: Date, windowDays: number, dormant: boolean): Flag[] {
  const { transactionCount: n, transactionCount7d: n7 } = a;
  if (dormant || windowDays < 14 || n === undefined || n7 === undefined || n === 0) return [];
  const pace = n7 / 7 / (n / windowDays);
  if (pace >= THRESHOLDS.slowdownPaceRatio) return [];
  return [
    flag(
      "recent_slowdown",
      "warning",
      `Daily transactions in the last 7 days are ${round2(pace * 100)}% of the window's daily pace`,
      "Check recent float levels and service availability at the outlet.",
      now,
      { percentageValue: pace * 100, threshold: THRESHOLDS.slowdownPaceRatio * 100 },
    ),
  ];
}

function cashFlag(a: AgentActivity, now: Date): Flag[] {
  const found = cashInShare(a);
  if (!found) return [];
  const { share } = found;
  const low = share < THRESHOLDS.cashImbalanceLow;
  if (!low && share <= THRESHOLDS.cashImbalanceHigh) return [];
  return [
    flag(
      "cash_imbalance",
      "warning",
      `Cash-in is ${round2(share * 100)}% of cash movements (${low ? "mostly cash-out" : "mostly cash-in"})`,
      low
        ? "Plan physical cash replenishment for the outlet; cash-out demand exceeds cash-in."
        : "Plan e-float replenishment; cash-in demand exceeds cash-out.",
      now,
      {
        percentageValue: share * 100,
        threshold: (low ? THRESHOLDS.cashImbalanceLow : THRESHOLDS.cashImbalanceHigh) * 100,
      },
    ),
  ];
}

export function detectFlags(a: AgentActivity, status: string, now: Date, windowDays: number): Flag[] {
  const dormancy = dormancyFlags(a, now, windowDays);
  const dormant = dormancy.some((f) => f.severity !== "info");
  const flags = [
    ...dormancy,
    ...floatFlags(a, now),
    ...dropFlag("volume_drop", "Transaction volume", a.transactionVolume, a.previousPeriodVolume, now),
    ...dropFlag("activity_drop", "Transaction count", a.transactionCount, a.previousPeriodCount, now),
    ...slowdownFlag(a, now, windowDays, dormant),
    ...cashFlag(a, now),
  ];
  const months = tenureMonths(a, now);
  if (months !== null && months < THRESHOLDS.newAgentMonths)
    flags.push(
      flag(
        "new_agent",
        "info",
        `Agent active for ${round2(months)} months: trends rest on little history`,
        "Read trend components with care; offer onboarding support.",
        now,
        { threshold: THRESHOLDS.newAgentMonths },
      ),
    );
  if (status !== "active")
    flags.push(
      flag(
        "status_not_active",
        "info",
        `Agent status is ${status}`,
        "No action follows from this index; status changes remain a human decision.",
        now,
      ),
    );
  const order: Record<FlagSeverity, number> = { critical: 0, warning: 1, info: 2 };
  return flags.sort((x, y) => order[x.severity] - order[y.severity]);
}
