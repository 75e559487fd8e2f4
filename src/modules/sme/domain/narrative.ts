import type { CohortPlacement } from "./benchmarks";
import type { SmeHealth } from "./health";
import type { ScoreMetric } from "./metrics";

export const DISCLAIMER =
  "Advisory only: SME health is a descriptive, rule-based reading of the transactions the lender holds. " +
  "It is not a credit score and not a lending decision; a credit officer must review the evidence before any action.";

export interface SmeNarrative {
  executiveSummary: string;
  sections: Array<{ title: string; content: string }>;
  keyInsights: string[];
  evidencePoints: string[];
  disclaimer: string;
}

const LABELS: Record<ScoreMetric, string> = {
  stabilityIndex: "revenue stability",
  diversificationIndex: "diversification of income sources",
  seasonalityScore: "resilience to peak-period dependence",
  cashFlowHealth: "cash-flow health",
  activityIndex: "business activity",
};

const STRONG = 70;
const WEAK = 40;

const standing = (score: number) =>
  score >= STRONG ? "strong" : score >= 55 ? "sound" : score >= WEAK ? "mixed" : "weak";
const confidenceWord = (c: number) => (c >= 0.75 ? "high" : c >= 0.4 ? "moderate" : "low");
const f = (x: number) => x.toFixed(2);

/** A narrative generated from the numbers alone: the same health and placement give the same text. */
export function buildNarrative(input: {
  customerName: string;
  windowDays: number;
  health: SmeHealth;
  placement: CohortPlacement | null;
}): SmeNarrative {
  const { customerName, windowDays, health: h, placement } = input;
  const m = h.metrics;
  const scored = (Object.keys(LABELS) as ScoreMetric[]).map((k) => ({ k, v: m[k] }));
  // Ties broken by metric name so the order never depends on anything but the numbers.
  const strengths = scored.filter((x) => x.v >= STRONG).sort((a, b) => b.v - a.v || a.k.localeCompare(b.k));
  const weaknesses = scored.filter((x) => x.v < WEAK).sort((a, b) => a.v - b.v || a.k.localeCompare(b.k));

  const executiveSummary =
    `${customerName} shows ${standing(h.overallScore)} advisory SME health of ${f(h.overallScore)}/100 over the last ${windowDays} days, ` +
    `with ${h.overallTrend === "improving" ? "an improving" : `a ${h.overallTrend}`} trend ` +
    `(inflow ${m.growthRatePercent >= 0 ? "+" : ""}${f(m.growthRatePercent)}% half over half). ` +
    `Confidence in the data is ${confidenceWord(h.confidenceScore)} (${f(h.confidenceScore)}).`;

  const keyInsights = [
    ...strengths.slice(0, 2).map((x) => `Strength: ${LABELS[x.k]} scores ${f(x.v)}.`),
    ...weaknesses.slice(0, 2).map((x) => `Watch: ${LABELS[x.k]} scores ${f(x.v)}.`),
  ];
  if (m.growthTrend !== "stable")
    keyInsights.push(`Inflow is ${m.growthTrend} (${f(m.growthRatePercent)}% half over half).`);
  if (h.confidenceScore < 0.4) keyInsights.push("Little data in the window: read every score with caution.");
  if (placement?.overallPercentile != null)
    keyInsights.push(
      `Overall score at the ${placement.overallPercentile.toFixed(1)}th percentile of ${placement.comparedAgainst?.sampleSize} peers (${placement.performanceLabel.replace(/_/g, " ")}).`,
    );

  const byMetric = new Map(h.evidence.map((e) => [e.metric, e.interpretation]));
  const sections = [
    {
      title: "Cash flow",
      content: `Cash-flow health ${f(m.cashFlowHealth)}/100. ${byMetric.get("cashFlowHealth")}`,
    },
    {
      title: "Revenue stability and growth",
      content: `Stability ${f(m.stabilityIndex)}/100. ${byMetric.get("stabilityIndex")} ${byMetric.get("growthRatePercent")}`,
    },
    {
      title: "Diversification and seasonality",
      content: `Diversification ${f(m.diversificationIndex)}/100. ${byMetric.get("diversificationIndex")} Seasonality resilience ${f(m.seasonalityScore)}/100. ${byMetric.get("seasonalityScore")}`,
    },
    { title: "Activity", content: `Activity ${f(m.activityIndex)}/100. ${byMetric.get("activityIndex")}` },
  ];
  if (placement) sections.push({ title: "Peer comparison", content: peerText(placement) });
  sections.push({
    title: "Data sufficiency",
    content: `Confidence ${f(h.confidenceScore)} on a 0-1 scale, from the number of transactions, the share of periods with activity and the share of inflow with a named source.`,
  });

  return {
    executiveSummary,
    sections,
    keyInsights,
    evidencePoints: h.evidence.map((e) => `${e.metric} = ${f(e.value)}: ${e.interpretation}`),
    disclaimer: DISCLAIMER,
  };
}

function peerText(p: CohortPlacement): string {
  const head = `Cohort: ${p.cohort.name} (${p.cohort.cohortId}).`;
  if (!p.comparedAgainst || p.overallPercentile === null)
    return `${head} Too few peers with activity in the window to rank this business.`;
  const basis =
    p.comparedAgainst.cohortId === p.cohort.cohortId
      ? `against ${p.comparedAgainst.sampleSize} peers in the cohort`
      : `against all ${p.comparedAgainst.sampleSize} active customers of the lender (the cohort has too few peers)`;
  const list = (xs: string[]) => (xs.length ? xs.join(", ") : "none");
  return (
    `${head} Ranked ${basis}: overall percentile ${p.overallPercentile.toFixed(1)}. ` +
    `Above the peers' upper quartile: ${list(p.benchmarkComparison.aboveBenchmark)}. ` +
    `Below their lower quartile: ${list(p.benchmarkComparison.belowBenchmark)}.`
  );
}
