/**
 * The AML trigger rule catalog: deterministic rules over an entity's transactions in a
 * window. Pure data; evaluate.ts holds the decisions.
 */
export const AML_ENTITY_TYPES = ["customer", "account", "agent", "merchant", "counterparty"] as const;
export type AmlEntityType = (typeof AML_ENTITY_TYPES)[number];

export const RISK_LEVELS = ["low", "medium", "high", "critical"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const riskRank = (level: RiskLevel): number => RISK_LEVELS.indexOf(level);

export interface AmlRuleDefinition {
  ruleId: string;
  name: string;
  description: string;
  /** `network`: found by the tenant's network scan (domain/network), not by one entity's evaluation. */
  category: "threshold" | "pattern" | "behavioural" | "geographic" | "profile" | "network";
  /** What a confirmed case leads to: ctr (cash transaction report), str (suspicious transaction report), ectr, review. */
  caseType: "ctr" | "str" | "ectr" | "review";
  defaultRiskLevel: RiskLevel;
  isEnabled: boolean;
  /** Names of the thresholds (thresholds.ts) this rule reads. */
  thresholdNames: string[];
  /** The threshold a counterfactual moves. */
  primaryThreshold: string;
  applicableTo: AmlEntityType[];
  requiresHighRiskCountries: boolean;
  /** Needs the tenant's home country (cross-border); skipped, or 400 when named, without one. */
  requiresHomeCountry?: boolean;
  regulatoryBasis: string;
  internalPolicy: string;
}

const ALL: AmlEntityType[] = [...AML_ENTITY_TYPES];
const ACCOUNT_HOLDERS: AmlEntityType[] = ["customer", "account", "counterparty"];

/** The rules one entity's evaluation runs (over its own transactions). */
export const ENTITY_RULES: readonly AmlRuleDefinition[] = [
  {
    ruleId: "AML-LCT-001",
    name: "Large cash transaction",
    description: "A single cash deposit or withdrawal at or above largeCashAmount.",
    category: "threshold",
    caseType: "ctr",
    defaultRiskLevel: "medium",
    isEnabled: true,
    thresholdNames: ["largeCashAmount"],
    primaryThreshold: "largeCashAmount",
    applicableTo: ALL,
    requiresHighRiskCountries: false,
    regulatoryBasis:
      "Anti-Money Laundering Act, 2020 (Act 1044): cash transaction reports to the Financial Intelligence Centre; FIC threshold GHS 50,000 for the banking and securities sectors.",
    internalPolicy:
      "File or confirm the CTR; review whether the source of funds fits the customer's profile.",
  },
  {
    ruleId: "AML-STR-002",
    name: "Structuring below the cash reporting threshold",
    description:
      "At least structuringMinCount cash credits, each in [largeCashAmount x (1 - structuringBandPercent/100), largeCashAmount), within structuringWindowDays.",
    category: "pattern",
    caseType: "str",
    defaultRiskLevel: "high",
    isEnabled: true,
    thresholdNames: [
      "largeCashAmount",
      "structuringBandPercent",
      "structuringMinCount",
      "structuringWindowDays",
    ],
    primaryThreshold: "structuringMinCount",
    applicableTo: ALL,
    requiresHighRiskCountries: false,
    regulatoryBasis:
      "Act 1044: suspicious transaction reports (no threshold; within 24 hours of forming suspicion); splitting cash to stay under the CTR threshold is a recognised red flag.",
    internalPolicy: "Investigate as potential structuring; an STR decision is a human one.",
  },
  {
    ruleId: "AML-RMF-003",
    name: "Rapid movement of funds (pass-through)",
    description:
      "On a day with credits of at least rapidMovementMinAmount, debits within rapidMovementDays reach rapidMovementPercent of those credits.",
    category: "behavioural",
    caseType: "str",
    defaultRiskLevel: "high",
    isEnabled: true,
    thresholdNames: ["rapidMovementMinAmount", "rapidMovementPercent", "rapidMovementDays"],
    primaryThreshold: "rapidMovementPercent",
    applicableTo: ACCOUNT_HOLDERS,
    requiresHighRiskCountries: false,
    regulatoryBasis: "FATF typologies of layering; Act 1044 suspicious transaction reporting.",
    internalPolicy: "Review the economic purpose of funds that leave soon after arriving.",
  },
  {
    ruleId: "AML-VEL-004",
    name: "High transaction velocity",
    description: "At least velocityMaxCount transactions within any velocityWindowHours.",
    category: "behavioural",
    caseType: "review",
    defaultRiskLevel: "medium",
    isEnabled: true,
    thresholdNames: ["velocityMaxCount", "velocityWindowHours"],
    primaryThreshold: "velocityMaxCount",
    applicableTo: ACCOUNT_HOLDERS,
    requiresHighRiskCountries: false,
    regulatoryBasis: "Bank of Ghana AML/CFT guideline: ongoing transaction monitoring, risk-based approach.",
    internalPolicy: "Compare with the customer's usual activity before escalating.",
  },
  {
    ruleId: "AML-DOR-005",
    name: "Dormant account reactivation",
    description:
      "Activity resumes after at least dormancyDays without transactions, with dormantReactivationAmount or more moved after it within the window.",
    category: "behavioural",
    caseType: "review",
    defaultRiskLevel: "medium",
    isEnabled: true,
    thresholdNames: ["dormancyDays", "dormantReactivationAmount"],
    primaryThreshold: "dormancyDays",
    applicableTo: ["customer", "account", "agent"],
    requiresHighRiskCountries: false,
    regulatoryBasis: "Bank of Ghana AML/CFT guideline: ongoing monitoring; dormant accounts are a red flag.",
    internalPolicy: "Refresh customer due diligence before further activity is relied upon.",
  },
  {
    ruleId: "AML-GEO-006",
    name: "High-risk geography",
    description:
      "Transactions with counterparties in a country of the request's highRiskCountries, totalling more than highRiskGeographyMinAmount (0: any).",
    category: "geographic",
    caseType: "review",
    defaultRiskLevel: "high",
    isEnabled: true,
    thresholdNames: ["highRiskGeographyMinAmount"],
    primaryThreshold: "highRiskGeographyMinAmount",
    applicableTo: ALL,
    requiresHighRiskCountries: true,
    regulatoryBasis: "FATF Recommendation 19 (higher-risk countries); enhanced due diligence under Act 1044.",
    internalPolicy: "Apply enhanced due diligence; the list of countries is the caller's policy.",
  },
  {
    ruleId: "AML-RND-007",
    name: "Round-amount pattern",
    description:
      "At least roundAmountMinCount transactions that are whole multiples of roundAmountUnit, being at least roundAmountMinSharePercent of transactions of roundAmountUnit or more.",
    category: "pattern",
    caseType: "review",
    defaultRiskLevel: "low",
    isEnabled: true,
    thresholdNames: ["roundAmountUnit", "roundAmountMinCount", "roundAmountMinSharePercent"],
    primaryThreshold: "roundAmountMinCount",
    applicableTo: ALL,
    requiresHighRiskCountries: false,
    regulatoryBasis:
      "FATF and GIABA red-flag indicators: transactions in round amounts without business reason.",
    internalPolicy: "Low risk alone; weigh together with other rules.",
  },
  {
    ruleId: "AML-FIN-008",
    name: "Fan-in from many counterparties",
    description:
      "Credits from more distinct counterparties than the entity's own normal: at least the larger of fanInMinCounterparties and fanBaselineMultiple x those of the previous window of the same length, totalling fanMinAmount or more, and more than its peer group's normal (peerMadMultiple).",
    category: "pattern",
    caseType: "str",
    defaultRiskLevel: "medium",
    isEnabled: true,
    thresholdNames: ["fanInMinCounterparties", "fanBaselineMultiple", "fanMinAmount", "peerMadMultiple"],
    primaryThreshold: "fanInMinCounterparties",
    applicableTo: ACCOUNT_HOLDERS,
    requiresHighRiskCountries: false,
    regulatoryBasis: "FATF typologies: collection accounts and money mules; Act 1044 STR.",
    internalPolicy: "Check whether many senders fit the declared business (e.g. a retailer).",
  },
  {
    ruleId: "AML-FOUT-009",
    name: "Fan-out to many counterparties",
    description:
      "Debits to more distinct counterparties than the entity's own normal: at least the larger of fanOutMinCounterparties and fanBaselineMultiple x those of the previous window of the same length, totalling fanMinAmount or more, and more than its peer group's normal (peerMadMultiple).",
    category: "pattern",
    caseType: "str",
    defaultRiskLevel: "medium",
    // Off by default: AML-FNO-017 (network fan-out to pass-through recipients) replaces it; on the
    // detection benchmark it flagged 15 holders at precision 0.20, most of them seasonal buyers.
    isEnabled: false,
    thresholdNames: ["fanOutMinCounterparties", "fanBaselineMultiple", "fanMinAmount", "peerMadMultiple"],
    primaryThreshold: "fanOutMinCounterparties",
    applicableTo: ACCOUNT_HOLDERS,
    requiresHighRiskCountries: false,
    regulatoryBasis: "FATF typologies: distribution of funds through many recipients; Act 1044 STR.",
    internalPolicy: "Check whether many recipients fit the declared business (e.g. payroll).",
  },
  {
    ruleId: "AML-XBR-010",
    name: "Cross-border transfer over threshold",
    description:
      "A transfer with a counterparty outside the tenant's home country exceeding crossBorderAmount.",
    category: "threshold",
    caseType: "ectr",
    defaultRiskLevel: "low",
    isEnabled: true,
    thresholdNames: ["crossBorderAmount"],
    primaryThreshold: "crossBorderAmount",
    applicableTo: ALL,
    requiresHighRiskCountries: false,
    requiresHomeCountry: true,
    regulatoryBasis:
      "Financial Intelligence Centre electronic currency transaction reports: inward and outward transfers exceeding USD 1,000 (commercial banks).",
    internalPolicy: "Confirm the ECTR; review purpose for unusual corridors.",
  },
  {
    ruleId: "AML-BIZ-011",
    name: "Cash activity out of line with declared business",
    description:
      "Cash volume of cashActivityMinAmount or more in the window, the previous window of the same length or the last profileWindowDays (to the window's end) whose share of all volume exceeds what the declared business makes plausible (cashShareMaxPercent, or cashIntensiveShareMaxPercent for cash-intensive industries).",
    category: "profile",
    caseType: "str",
    defaultRiskLevel: "medium",
    isEnabled: true,
    thresholdNames: [
      "cashActivityMinAmount",
      "cashShareMaxPercent",
      "cashIntensiveShareMaxPercent",
      "profileWindowDays",
    ],
    primaryThreshold: "cashShareMaxPercent",
    applicableTo: ["customer", "account"],
    requiresHighRiskCountries: false,
    regulatoryBasis:
      "Act 1044 and Bank of Ghana AML/CFT guideline: customer due diligence and knowing the nature of the customer's business.",
    internalPolicy: "Update the customer's declared business or investigate the source of cash.",
  },
];

/** Network typologies (docs/methodology/typologies.md): one scan over the transfers between the tenant's holders. */
const NETWORK_THRESHOLDS = [
  "networkMinAmount",
  "networkBurstDays",
  "networkMaxHoldDays",
  "networkPassPercent",
  "networkLookbackDays",
];
const network = (
  ruleId: string,
  name: string,
  description: string,
  extra: string[],
  primaryThreshold: string,
  regulatoryBasis: string,
): AmlRuleDefinition => ({
  ruleId,
  name,
  description,
  category: "network",
  caseType: "str",
  defaultRiskLevel: "high",
  isEnabled: true,
  thresholdNames: [...NETWORK_THRESHOLDS, ...extra],
  primaryThreshold,
  applicableTo: ["customer"],
  requiresHighRiskCountries: false,
  regulatoryBasis,
  internalPolicy:
    "Review every participant named by the case together: the scheme, not one holder, is what is suspicious.",
});

export const NETWORK_RULES: readonly AmlRuleDefinition[] = [
  network(
    "AML-CYC-012",
    "Round-tripping cycle",
    "Funds leave a holder and return to it through 2 to cycleMaxHops of the tenant's holders, each passing on networkPassPercent or more of what it received within networkMaxHoldDays; flows of networkMinAmount or more.",
    ["cycleMaxHops"],
    "networkPassPercent",
    "FATF typologies of round-tripping and layering; Act 1044 suspicious transaction reporting.",
  ),
  network(
    "AML-SGA-013",
    "Scatter-gather",
    "One holder splits funds over fanMinParticipants or more holders, who each pass networkPassPercent or more of it to one same holder within networkMaxHoldDays; or over 2 or more holders, networkMinAmount or more in all, when none of the three sides dealt with each other at any other time.",
    ["fanMinParticipants"],
    "fanMinParticipants",
    "FATF typologies of layering through intermediaries (smurfs, money mules); Act 1044 STR.",
  ),
  network(
    "AML-GSC-014",
    "Gather-scatter",
    "A holder gathers funds from fanMinParticipants or more holders within days and passes networkPassPercent or more of them on to fanMinParticipants or more holders within networkMaxHoldDays; or from 2 or more to 2 or more, 5 or more in all, when none of them dealt with the holder at any other time and the holder has other activity; or from 2 or more such holders to 2 or more such holders paid after the last receipt, 4 or more in all, matching what was gathered, the holder's own regular business aside.",
    ["fanMinParticipants"],
    "fanMinParticipants",
    "FATF typologies of collection and distribution accounts; Act 1044 STR.",
  ),
  network(
    "AML-LAY-015",
    "Layering chain",
    "Funds of twice networkMinAmount or more pass down a chain of 3 or more holders, each passing on networkPassPercent or more of what it received within networkMaxHoldDays.",
    [],
    "networkMinAmount",
    "FATF typologies of layering; Act 1044 suspicious transaction reporting.",
  ),
  network(
    "AML-FNI-016",
    "Fan-in and exit",
    "Within fanWindowDays, more distinct senders than the holder's own normal (at least fanInMinCounterparties and fanBaselineMultiple x those of the window before) pay it fanMinAmount or more, and networkPassPercent or more of it leaves (cash, outsiders, other holders) within networkMaxHoldDays; or, when it does not leave, the senders that are holders the hub dealt with at no other time meet those counts and fanMinAmount alone. Payments under a fifth of networkMinAmount do not count.",
    ["fanInMinCounterparties", "fanBaselineMultiple", "fanMinAmount", "fanWindowDays"],
    "fanInMinCounterparties",
    "FATF typologies: collection accounts and money mules; Act 1044 STR.",
  ),
  network(
    "AML-FNO-017",
    "Fan-out to pass-through recipients",
    "Within fanWindowDays, a holder pays more distinct recipients than its own normal (at least fanOutMinCounterparties and fanBaselineMultiple x those of the window before) fanMinAmount or more, and most of the recipients who are holders move networkPassPercent or more of it on within networkBurstDays; or, when they do not, the recipients that are holders the hub dealt with at no other time meet those counts and fanMinAmount alone, and what reached the hub from outside the tenant within networkMaxHoldDays before does not cover what they were paid.",
    ["fanOutMinCounterparties", "fanBaselineMultiple", "fanMinAmount", "fanWindowDays"],
    "fanOutMinCounterparties",
    "FATF typologies: distribution of funds through many recipients who cash out; Act 1044 STR.",
  ),
  network(
    "AML-SMF-018",
    "Structuring across accounts and smurfs",
    "Within twice structuringWindowDays, more than structuringMinCount cash deposits into any of one holder's accounts, each from half of largeCashAmount to just under it, twice largeCashAmount or more in all; the holders who paid cash in and passed it to that holder within a day are its smurfs. Judged over the whole history (event time).",
    ["largeCashAmount", "structuringMinCount", "structuringWindowDays"],
    "structuringMinCount",
    "Act 1044: suspicious transaction reports; splitting cash below the CTR threshold across accounts, agents and helpers (smurfing) is a recognised red flag.",
  ),
];

/** The whole catalog: each entity's rules, then the network typologies. */
export const AML_RULES: readonly AmlRuleDefinition[] = [...ENTITY_RULES, ...NETWORK_RULES];
export const isNetworkRule = (rule: AmlRuleDefinition): boolean => rule.category === "network";

export const RULE_IDS = AML_RULES.map((r) => r.ruleId);
/** A cash or cross-border threshold rule (CTR, EFT report): reported whatever the suspicion. */
export const isReportingRule = (ruleId: string): boolean => {
  const caseType = ruleById(ruleId)?.caseType;
  return caseType === "ctr" || caseType === "ectr";
};

export const ruleById = (ruleId: string): AmlRuleDefinition | undefined =>
  AML_RULES.find((r) => r.ruleId === ruleId);

/** Industries where a high cash share is ordinary (matched as substrings of industry/vertical). */
export const CASH_INTENSIVE_INDUSTRIES = [
  "retail",
  "grocery",
  "market",
  "trader",
  "trading",
  "restaurant",
  "food",
  "chop bar",
  "hospitality",
  "bar",
  "transport",
  "fuel",
  "agricultur",
  "farm",
  "mobile money",
  "kiosk",
] as const;

export const isCashIntensive = (declared: string | null | undefined): boolean => {
  const text = (declared ?? "").toLowerCase();
  return text.length > 0 && CASH_INTENSIVE_INDUSTRIES.some((word) => text.includes(word));
};
