/**
 * The subject risk score: what one screening found, combined into one number with its reasons,
 * and the alert budget read against it (docs/methodology/risk-score.md).
 *
 * Each fired rule brings its prior: how often a holder it flags alone turned out to take part
 * in a planted scheme on the detection benchmark (`node bench/detection.mjs --calibrate`), with
 * add-one smoothing so a rule seen on few holders is not taken for certain. The priors combine
 * like independent evidence: score = 100 x (1 - product of (1 - prior x weight)). A rule that
 * is right most of the time raises an alert alone; a rule that is mostly wrong on legitimate
 * look-alikes (an agent's float, an employer's payday) raises one only with corroboration.
 */

/**
 * Priors of the built-in rules, pooled over four `--calibrate` runs of the detection benchmark
 * (1,000 holders x 75 days, seeds 1-3; 2,000 x 75, seed 7) by `bench/detection/pool.mjs`:
 * (holders in schemes + 1) / (holders flagged + 2) per rule over all four; the second
 * configuration (3,000 x 90, seed 11) is held out to check them
 * (docs/methodology/risk-score.md#calibration). A rule that flagged no holder there has no
 * measured prior and is read by its severity, as a custom rule is. `amount_spike` and
 * AML-FOUT-009 are off by default: theirs come from their last enabled run.
 */
export const RULE_PRIORS: Readonly<Record<string, number>> = {
  // network scan (AML)
  "AML-FNO-017": 0.99,
  "AML-SGA-013": 0.98,
  "AML-GSC-014": 0.97,
  "AML-CYC-012": 0.97,
  "AML-LAY-015": 0.96,
  "AML-FNI-016": 0.96,
  "AML-SMF-018": 0.96,
  // per-entity AML rules
  "AML-XBR-010": 0.89,
  "AML-BIZ-011": 0.83,
  "AML-STR-002": 0.67,
  "AML-RMF-003": 0.59,
  "AML-LCT-001": 0.5,
  "AML-RND-007": 0.33,
  "AML-FOUT-009": 0.24,
  "AML-FIN-008": 0.19,
  "AML-VEL-004": 0.03,
  // fraud signals
  refund_beyond_purchase: 0.9,
  new_entity_high_activity: 0.78,
  rapid_pass_through: 0.71,
  new_payee_drain: 0.7,
  just_under_threshold: 0.6,
  many_counterparties: 0.33,
  dormant_reactivation: 0.19,
  velocity_amount: 0.18,
  amount_spike: 0.13,
  velocity_count: 0.02,
};

/**
 * A rule with no measured prior (a tenant's own, or one the benchmark never saw fire): by its
 * severity, placed against the default alert score: medium and above raise alone, low needs a
 * second rule (0.5 with one of 0.6 reaches 80). The tenant chose its rule and its severity; the
 * calibration moves the built-in rules only.
 */
export const SEVERITY_PRIORS: Readonly<Record<string, number>> = {
  low: 0.5,
  medium: 0.8,
  high: 0.9,
  critical: 0.97,
};

/**
 * The score from which a screening raises alerts, when the tenant sets none: on every calibration
 * run, the score that flags the fewest holders while no laundering typology loses a participant
 * it finds at 0 (docs/methodology/risk-score.md#calibration). The network typologies, refund
 * abuse, AML-BIZ-011 and an account takeover (IMMEDIATE_LOSS_RULES) raise alone; the other rules
 * need corroboration.
 */
export const DEFAULT_ALERT_SCORE = 80;

export interface FiredRule {
  kind: "fraud" | "aml";
  ruleId: string;
  /** The rule's severity or risk level (a custom rule's prior comes from it). */
  severity: string;
  /** The rule set's weight for it (1 when absent). */
  weight?: number;
}

export interface RiskReason {
  kind: "fraud" | "aml";
  ruleId: string;
  /** The rule's prior after its weight (0..1). */
  prior: number;
  /** Points it adds to the score given the rules before it (largest first; they sum to the score). */
  points: number;
}

export interface RiskScore {
  /** 0..100, two decimals. */
  score: number;
  reasons: RiskReason[];
}

const clamp01 = (x: number) => Math.min(0.99, Math.max(0, x));
const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Rules whose hit is an immediate loss to the holder (an account takeover drains the account now):
 * their prior is at least the one that raises alone at the default alert score, whatever the
 * benchmark measured (docs/methodology/risk-score.md#immediate-loss). The rule set's weight still
 * applies after the floor, so a tenant can hold them back again (a weight below 1).
 */
export const IMMEDIATE_LOSS_RULES: ReadonlySet<string> = new Set(["new_payee_drain"]);

/**
 * Rules that read the same movements, so their hits are one piece of evidence, not two: AML-STR-002
 * (structuring) and `just_under_threshold` both fire on cash legs just under the reporting
 * threshold (an agent's float moves there every day). Within a group only the strongest prior
 * counts, as for one rule fired by both kinds (docs/methodology/risk-score.md#shared-evidence).
 */
export const SHARED_EVIDENCE: ReadonlyArray<ReadonlySet<string>> = [
  new Set(["AML-STR-002", "just_under_threshold"]),
];

/** The evidence a rule brings: its group when it shares one, else the rule of its kind. */
function evidenceOf(rule: FiredRule): string {
  const group = SHARED_EVIDENCE.findIndex((rules) => rules.has(rule.ruleId));
  return group >= 0 ? `shared:${group}` : `${rule.kind}:${rule.ruleId}`;
}

/** The prior that raises alone at the default alert score: score = 100 x prior. */
export const RAISES_ALONE_PRIOR = DEFAULT_ALERT_SCORE / 100;

/** The prior of one fired rule: the measured one for a built-in, else by severity (medium when unknown). */
export function priorOf(rule: FiredRule): number {
  const measured = RULE_PRIORS[rule.ruleId] ?? SEVERITY_PRIORS[rule.severity] ?? SEVERITY_PRIORS.medium;
  const base = IMMEDIATE_LOSS_RULES.has(rule.ruleId) ? Math.max(measured, RAISES_ALONE_PRIOR) : measured;
  return clamp01(base * (rule.weight ?? 1));
}

/**
 * The combined score of the rules one screening fired (a rule fired by both kinds, or rules that
 * share their evidence, count once, at the higher prior). Reasons are listed strongest first, each
 * with the points it added.
 */
export function riskScore(fired: readonly FiredRule[]): RiskScore {
  const strongest = new Map<string, { rule: FiredRule; prior: number }>();
  for (const rule of fired) {
    const prior = priorOf(rule);
    const key = evidenceOf(rule);
    if ((strongest.get(key)?.prior ?? -1) < prior) strongest.set(key, { rule, prior });
  }
  const ordered = [...strongest.values()].sort(
    (a, b) => b.prior - a.prior || a.rule.ruleId.localeCompare(b.rule.ruleId),
  );
  let remaining = 1;
  const reasons: RiskReason[] = [];
  for (const { rule, prior } of ordered) {
    const points = 100 * remaining * prior;
    remaining *= 1 - prior;
    reasons.push({ kind: rule.kind, ruleId: rule.ruleId, prior: round2(prior), points: round2(points) });
  }
  return { score: round2(100 * (1 - remaining)), reasons };
}

/** The tenant's alert score: its monitoring setting, else the default. */
export const alertScoreOf = (settings: { monitoring?: { alertScore?: number } }) =>
  settings.monitoring?.alertScore ?? DEFAULT_ALERT_SCORE;

/**
 * Whether a screening raises its alerts: when its score is at or above the tenant's alert score,
 * or when a reporting rule fired (a cash or cross-border threshold the law asks to report
 * whatever the suspicion: `reporting`), which the budget never holds back.
 */
export const raisesAlert = (score: number, alertScore: number, reporting = false) =>
  reporting || (score > 0 && score >= alertScore);

/**
 * A scheme participant's weight on the scheme rule's prior (docs/methodology/risk-score.md#per-participant):
 * read from its share of the scheme's money against an even split of it among the participants
 * other than the principal (share x their count). The principal (the hub, origin, source or
 * subject the case is opened on) and any participant that moved at least FULL_SHARE of its even
 * split keep the whole prior; below that the weight falls linearly to PERIPHERAL_WEIGHT for a
 * negligible share. So nine feeders that each carry a ninth are all whole participants, and one
 * that carried a trickle beside them is peripheral. A budget above the default drops peripheral
 * participants before the others, and at the default every network rule (priors 0.96 and more,
 * x 0.85 >= 0.81) still raises each participant alone.
 */
export const FULL_SHARE = 0.5;
export const PERIPHERAL_WEIGHT = 0.85;

export function participantWeight(principal: boolean, share: number, others = 1): number {
  const relative = Math.max(0, share) * Math.max(1, others);
  if (principal || !(relative < FULL_SHARE)) return 1;
  return PERIPHERAL_WEIGHT + ((1 - PERIPHERAL_WEIGHT) * relative) / FULL_SHARE;
}

/**
 * One participant's score: the scheme rule at the participant's weight (after the rule set's),
 * beside the rules its own screenings fired, combined as independent evidence like any score.
 */
export function participantScore(
  scheme: FiredRule,
  participant: { principal: boolean; share: number; others?: number },
  own: readonly FiredRule[] = [],
): RiskScore {
  const weight =
    (scheme.weight ?? 1) * participantWeight(participant.principal, participant.share, participant.others);
  return riskScore([{ ...scheme, weight }, ...own]);
}
