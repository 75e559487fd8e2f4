import { round2 } from "../../../lib/numbers";
import { drain, type Sliced, workMeter } from "../../../lib/slices";
import type { SignalDefinition } from "../../detection/domain/fraud/catalog";
import type { ActivityView } from "./activity";
import { buildView } from "./activity";
import { amountSpike } from "./amount-spike";
import { alertSeverity, contribution, overallScore, recommendation, signalSeverity } from "./score";
import {
  dormantReactivation,
  manyCounterparties,
  newEntityHighActivity,
  rapidPassThrough,
  unusualHours,
} from "./signals-behavior";
import { newPayeeDrain, refundBeyondPurchase } from "./signals-counterparty";
import {
  justUnderThreshold,
  refundReversalAbuse,
  roundAmounts,
  velocityAmount,
  velocityCount,
} from "./signals-volume";
import type { EntityType, EvaluationInput, Evidence, Severity, SignalOutcome } from "./types";

const EVALUATORS: Record<string, (view: ActivityView, p: Record<string, number>) => SignalOutcome> = {
  velocity_count: velocityCount,
  velocity_amount: velocityAmount,
  amount_spike: amountSpike,
  round_amounts: roundAmounts,
  just_under_threshold: justUnderThreshold,
  dormant_reactivation: dormantReactivation,
  new_entity_high_activity: newEntityHighActivity,
  rapid_pass_through: rapidPassThrough,
  unusual_hours: unusualHours,
  many_counterparties: manyCounterparties,
  refund_reversal_abuse: refundReversalAbuse,
  new_payee_drain: newPayeeDrain,
  refund_beyond_purchase: refundBeyondPurchase,
};

export interface TriggeredSignal {
  signalId: string;
  signalName: string;
  category: string;
  triggered: boolean;
  severity: Severity;
  confidence: number;
  evidence: Evidence[];
  computedAt: string;
  windowStart: string;
  windowEnd: string;
  entityType: EntityType;
  entityId: string;
  explanation: string;
  counterfactual: string | null;
  contribution: number;
}

/** A triggered rule an allowlist entry cleared: it adds nothing to the score. */
export interface SuppressedSignal {
  signalId: string;
  signalName: string;
  explanation: string;
  suppressedBy: "allowlist";
}

export interface EvaluateOptions {
  /** Custom rules' outcomes (already evaluated), combined with the built-ins. */
  custom?: TriggeredSignal[];
  /** Rule ids an allowlist clears for this entity. */
  allowlisted?: (signalId: string) => boolean;
}

/** A signal with its rule-set configuration (weight default 1, windowDays default the request's). */
export type RunnableSignal = SignalDefinition & { weight?: number; windowDays?: number };

export interface Evaluation {
  severity: Severity;
  overallScore: number;
  summary: string;
  triggeredSignals: TriggeredSignal[];
  suppressedSignals: SuppressedSignal[];
  nonTriggeredSignalCount: number;
  evaluatedSignalIds: string[];
  explainability: {
    topContributors: Array<{ signalId: string; contribution: number; reason: string }>;
    mitigatingFactors: string[];
    recommendation: string;
  };
  windowStart: string;
  windowEnd: string;
  windowDays: number;
  transactionCount: number;
}

/**
 * Rows the signals of one step read (each signal counts the rows of its view: baseline and
 * window) before the evaluation hands the isolate back (docs/decisions/faults.md#one-entitys-evaluation-over-a-long-history):
 * an entity with under ~3,800 rows is evaluated in one step; at fraud's read cap (20,000 rows)
 * a step is a few signals, a few milliseconds.
 */
export const ROWS_PER_STEP = 50_000;

/** evaluateSignals, run at once (tests, the backtest, benches). */
export const evaluateSignals = (
  input: EvaluationInput,
  signals: RunnableSignal[],
  options: EvaluateOptions = {},
): Evaluation => drain(evaluationSteps(input, signals, options));

/**
 * One entity's evaluation in steps: a step ends after the signal that brings the rows read since
 * the last to ROWS_PER_STEP. The same value as evaluateSignals; the service drains it with
 * drainSliced so a long history does not hold the isolate through every signal at once.
 */
export function* evaluationSteps(
  input: EvaluationInput,
  signals: RunnableSignal[],
  options: EvaluateOptions = {},
): Sliced<Evaluation> {
  const view = buildView(input);
  const views = new Map<number, ActivityView>([[input.windowDays, view]]);
  const viewFor = (days: number) => {
    const known = views.get(days);
    if (known) return known;
    const built = buildView({ ...input, windowDays: days });
    views.set(days, built);
    return built;
  };
  const at = input.now.toISOString();
  const windowStart = new Date(view.windowStart).toISOString();
  const meter = workMeter(ROWS_PER_STEP);
  const builtins: Array<{ name: string; signal: TriggeredSignal }> = [];
  for (const def of signals) {
    const own = viewFor(def.windowDays ?? input.windowDays);
    const outcome = EVALUATORS[def.signalId](own, def.parameters);
    const severity = outcome.triggered
      ? signalSeverity(def.defaultSeverity, outcome.deviation)
      : def.defaultSeverity;
    const signal: TriggeredSignal = {
      signalId: def.signalId,
      signalName: def.name,
      category: def.category,
      triggered: outcome.triggered,
      severity,
      confidence: outcome.confidence,
      evidence: outcome.evidence,
      computedAt: at,
      windowStart: new Date(own.windowStart).toISOString(),
      windowEnd: at,
      entityType: input.entityType,
      entityId: input.entityId,
      explanation: outcome.explanation,
      counterfactual: outcome.counterfactual,
      contribution: outcome.triggered
        ? round2(contribution(severity, outcome.confidence, outcome.deviation) * (def.weight ?? 1))
        : 0,
    };
    builtins.push({ name: def.name, signal });
    if (meter(own.baseline.length + own.window.length)) yield;
  }
  const all = [...builtins, ...(options.custom ?? []).map((signal) => ({ name: signal.signalName, signal }))];
  const cleared = (id: string) => options.allowlisted?.(id) ?? false;
  const suppressedSignals: SuppressedSignal[] = all
    .filter((r) => r.signal.triggered && cleared(r.signal.signalId))
    .map((r) => ({
      signalId: r.signal.signalId,
      signalName: r.name,
      explanation: `${r.signal.explanation} Suppressed: the entity is on an allowlist for this rule.`,
      suppressedBy: "allowlist" as const,
    }));
  const results = all.filter((r) => !(r.signal.triggered && cleared(r.signal.signalId)));
  const triggered = results.filter((r) => r.signal.triggered).map((r) => r.signal);
  triggered.sort((a, b) => b.contribution - a.contribution || a.signalId.localeCompare(b.signalId));
  const score = overallScore(triggered.map((s) => s.contribution));
  const severity = alertSeverity(
    score,
    triggered.map((s) => s.severity),
  );
  const quiet = results.filter((r) => !r.signal.triggered);
  return {
    severity,
    overallScore: score,
    summary: triggered.length
      ? `${triggered.length} of ${results.length} signals triggered for ${input.entityType} ${input.entityId} over ${input.windowDays} days (score ${score}, ${severity}): ${triggered.map((s) => s.signalName).join(", ")}.`
      : `No signal triggered for ${input.entityType} ${input.entityId} over ${input.windowDays} days (${results.length} evaluated).`,
    triggeredSignals: triggered,
    suppressedSignals,
    nonTriggeredSignalCount: quiet.length,
    evaluatedSignalIds: all.map((r) => r.signal.signalId),
    explainability: {
      topContributors: triggered
        .slice(0, 3)
        .map((s) => ({ signalId: s.signalId, contribution: s.contribution, reason: s.explanation })),
      mitigatingFactors: mitigatingFactors(
        view,
        quiet.map((r) => r.name),
        triggered,
      ),
      recommendation: recommendation(severity, triggered.length),
    },
    windowStart,
    windowEnd: at,
    windowDays: input.windowDays,
    transactionCount: view.window.length,
  };
}

function mitigatingFactors(view: ActivityView, quietNames: string[], triggered: TriggeredSignal[]): string[] {
  const factors: string[] = [];
  if (quietNames.length) factors.push(`Not triggered: ${quietNames.join(", ")}.`);
  if (view.baseline.length >= 20)
    factors.push(
      `Established history: ${view.baseline.length} transactions in the ${view.baselineDays}-day baseline.`,
    );
  const lowConfidence = triggered.filter((s) => s.confidence < 1).map((s) => s.signalId);
  if (lowConfidence.length)
    factors.push(`Reduced confidence (thin baseline or missing data) for: ${lowConfidence.join(", ")}.`);
  if (!view.window.length) factors.push("No transactions in the window.");
  return factors;
}
