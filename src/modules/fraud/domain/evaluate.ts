import type { ActivityView } from "./activity";
import { buildView } from "./activity";
import type { SignalDefinition } from "./catalog";
import { alertSeverity, contribution, overallScore, recommendation, signalSeverity } from "./score";
import {
  dormantReactivation,
  manyCounterparties,
  newEntityHighActivity,
  rapidPassThrough,
  unusualHours,
} from "./signals-behavior";
import {
  amountSpike,
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

export interface Evaluation {
  severity: Severity;
  overallScore: number;
  summary: string;
  triggeredSignals: TriggeredSignal[];
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

export function evaluateSignals(input: EvaluationInput, signals: SignalDefinition[]): Evaluation {
  const view = buildView(input);
  const at = input.now.toISOString();
  const windowStart = new Date(view.windowStart).toISOString();
  const results = signals.map((def) => {
    const outcome = EVALUATORS[def.signalId](view, def.parameters);
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
      windowStart,
      windowEnd: at,
      entityType: input.entityType,
      entityId: input.entityId,
      explanation: outcome.explanation,
      counterfactual: outcome.counterfactual,
      contribution: outcome.triggered ? contribution(severity, outcome.confidence, outcome.deviation) : 0,
    };
    return { def, outcome, signal };
  });
  const triggered = results.filter((r) => r.outcome.triggered).map((r) => r.signal);
  triggered.sort((a, b) => b.contribution - a.contribution || a.signalId.localeCompare(b.signalId));
  const score = overallScore(triggered.map((s) => s.contribution));
  const severity = alertSeverity(
    score,
    triggered.map((s) => s.severity),
  );
  const quiet = results.filter((r) => !r.outcome.triggered);
  return {
    severity,
    overallScore: score,
    summary: triggered.length
      ? `${triggered.length} of ${results.length} signals triggered for ${input.entityType} ${input.entityId} over ${input.windowDays} days (score ${score}, ${severity}): ${triggered.map((s) => s.signalName).join(", ")}.`
      : `No signal triggered for ${input.entityType} ${input.entityId} over ${input.windowDays} days (${results.length} evaluated).`,
    triggeredSignals: triggered,
    nonTriggeredSignalCount: quiet.length,
    evaluatedSignalIds: results.map((r) => r.def.signalId),
    explainability: {
      topContributors: triggered
        .slice(0, 3)
        .map((s) => ({ signalId: s.signalId, contribution: s.contribution, reason: s.explanation })),
      mitigatingFactors: mitigatingFactors(
        view,
        quiet.map((r) => r.def.name),
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
