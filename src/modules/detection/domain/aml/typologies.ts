/**
 * Money-laundering typologies: the pattern a rule looks for, named once so that a goAML profile
 * can map a typology to an FIU's indicators (docs/methodology/goaml.md#indicators) and a custom
 * rule can say which pattern it looks for. Every built-in rule has one; a custom rule may name
 * one (`typology`).
 */
export const AML_TYPOLOGIES = [
  "large_cash",
  "structuring",
  "pass_through",
  "velocity",
  "dormant_reactivation",
  "high_risk_geography",
  "round_amounts",
  "fan_in",
  "fan_out",
  "cross_border",
  "profile_mismatch",
  "cycle",
  "scatter_gather",
  "gather_scatter",
  "layering",
  "smurfing",
  "sanctions_or_watchlist",
  "other",
] as const;
export type AmlTypology = (typeof AML_TYPOLOGIES)[number];

/** The typology of each built-in AML rule (a unit test checks every rule of the catalog has one). */
export const BUILTIN_RULE_TYPOLOGY: Readonly<Record<string, AmlTypology>> = Object.freeze({
  "AML-LCT-001": "large_cash",
  "AML-STR-002": "structuring",
  "AML-RMF-003": "pass_through",
  "AML-VEL-004": "velocity",
  "AML-DOR-005": "dormant_reactivation",
  "AML-GEO-006": "high_risk_geography",
  "AML-RND-007": "round_amounts",
  "AML-FIN-008": "fan_in",
  "AML-FOUT-009": "fan_out",
  "AML-XBR-010": "cross_border",
  "AML-BIZ-011": "profile_mismatch",
  "AML-CYC-012": "cycle",
  "AML-SGA-013": "scatter_gather",
  "AML-GSC-014": "gather_scatter",
  "AML-LAY-015": "layering",
  "AML-FNI-016": "fan_in",
  "AML-FNO-017": "fan_out",
  "AML-SMF-018": "smurfing",
});

export const isAmlTypology = (value: unknown): value is AmlTypology =>
  typeof value === "string" && (AML_TYPOLOGIES as readonly string[]).includes(value);
