/**
 * Portfolio narrative: fixed sentences filled with the metrics, so the same numbers always
 * give the same text, and every statement is backed by an evidence entry.
 */
export interface NarrativeInput {
  month: string;
  currency: string;
  mrr: string;
  growthPercent: number | null;
  quickRatio: number | null;
  netRetentionPercent: number | null;
  revenueHealth: string;
  activeCustomers: number;
  top10SharePercent: number;
  hhi: number;
  concentrationLevel: string;
  topVertical: { key: string; sharePercent: number } | null;
  topCountry: { key: string; sharePercent: number } | null;
  customersAnalysed: number;
  under3Months: number;
  under6Months: number;
  expectedDepletedIn6Months: number;
}

export interface Narrative {
  headline: string;
  sections: { title: string; content: string }[];
  keyInsights: string[];
  evidence: { metric: string; value: string | null }[];
}

const pct = (x: number | null) => (x === null ? "n/a" : `${x.toFixed(2)}%`);

export function portfolioNarrative(i: NarrativeInput): Narrative {
  const growth =
    i.growthPercent === null
      ? "there is no previous month to compare with"
      : `${i.growthPercent >= 0 ? "up" : "down"} ${Math.abs(i.growthPercent).toFixed(2)}% on the month before`;
  const qr =
    i.quickRatio === null
      ? "no inflow was lost from existing customers"
      : `the Quick Ratio is ${i.quickRatio.toFixed(2)} (inflow gained per unit lost)`;
  const revenue = `In ${i.month} ${i.activeCustomers} customers brought in ${i.currency} ${i.mrr} of inflow, ${growth}; ${qr}, and net retention is ${pct(i.netRetentionPercent)}. Revenue health: ${i.revenueHealth}.`;
  const concentration = `The 10 largest customers account for ${pct(i.top10SharePercent)} of inflow; the Herfindahl-Hirschman index is ${i.hhi} (${i.concentrationLevel}).${
    i.topVertical
      ? ` The largest sector, ${i.topVertical.key}, holds ${pct(i.topVertical.sharePercent)}.`
      : ""
  }${i.topCountry ? ` By counterparty country, ${i.topCountry.key} provides ${pct(i.topCountry.sharePercent)}.` : ""}`;
  const runway = `Of ${i.customersAnalysed} customers, ${i.under3Months} have an expected cash runway under 3 months and ${i.under6Months} under 6 months; about ${i.expectedDepletedIn6Months.toFixed(1)} are expected to run out of cash within 6 months.`;

  const insights: string[] = [];
  if (i.revenueHealth === "declining" || i.revenueHealth === "at_risk")
    insights.push(
      "Inflow lost from existing customers outweighs inflow gained: review contracting and churned customers.",
    );
  if (i.revenueHealth === "strong") insights.push("Inflow gained comfortably exceeds inflow lost.");
  if (i.concentrationLevel === "high")
    insights.push(
      "Inflow is highly concentrated: the loss of a few customers would move the portfolio materially.",
    );
  if (i.topVertical && i.topVertical.sharePercent >= 50)
    insights.push(`More than half of inflow comes from one sector (${i.topVertical.key}).`);
  if (i.customersAnalysed > 0 && i.under3Months / i.customersAnalysed >= 0.1)
    insights.push("At least 10% of customers have under 3 months of expected runway.");
  if (insights.length === 0) insights.push("No metric crosses a warning threshold this month.");

  return {
    headline: `${i.month}: revenue health ${i.revenueHealth}, concentration ${i.concentrationLevel}, ${i.under3Months} customers under 3 months of runway`,
    sections: [
      { title: "Revenue", content: revenue },
      { title: "Concentration", content: concentration },
      { title: "Cash runway", content: runway },
    ],
    keyInsights: insights,
    evidence: [
      ["mrr", i.mrr],
      ["growthPercent", i.growthPercent],
      ["quickRatio", i.quickRatio],
      ["netRetentionPercent", i.netRetentionPercent],
      ["activeCustomers", i.activeCustomers],
      ["top10SharePercent", i.top10SharePercent],
      ["hhi", i.hhi],
      ["runwayUnder3Months", i.under3Months],
      ["runwayUnder6Months", i.under6Months],
      ["expectedDepletedIn6Months", Math.round(i.expectedDepletedIn6Months * 10) / 10],
    ].map(([metric, value]) => ({ metric: String(metric), value: value === null ? null : String(value) })),
  };
}
