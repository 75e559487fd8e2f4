import { round2 } from "../../../lib/numbers";
import { SEVERITIES, type Severity } from "./types";

/** Weight of a triggered signal by its severity: the most one signal can add to the score. */
export const SEVERITY_WEIGHT: Record<Severity, number> = { low: 10, medium: 20, high: 35, critical: 50 };

const rank = (s: Severity) => SEVERITIES.indexOf(s);
export const maxSeverity = (a: Severity, b: Severity): Severity => (rank(a) >= rank(b) ? a : b);

/** A triggered signal's severity: its default, one level up when it is at least twice its threshold. */
export function signalSeverity(defaultSeverity: Severity, deviation: number): Severity {
  if (deviation < 2) return defaultSeverity;
  return SEVERITIES[Math.min(rank(defaultSeverity) + 1, SEVERITIES.length - 1)];
}

/**
 * contribution = weight(severity) x confidence x intensity, where intensity grows from 0.6
 * (threshold just reached) to 1 (twice the threshold or more).
 */
export function contribution(severity: Severity, confidence: number, deviation: number): number {
  const intensity = 0.6 + 0.4 * Math.min(1, Math.max(0, deviation - 1));
  return round2(SEVERITY_WEIGHT[severity] * confidence * intensity);
}

/**
 * overall = 100 x (1 - product of (1 - c_i / 100)): bounded by 0..100, 0 with nothing
 * triggered, rising with every signal but never past 100, and independent of order.
 */
export function overallScore(contributions: number[]): number {
  const remaining = contributions.reduce((r, c) => r * (1 - Math.min(100, Math.max(0, c)) / 100), 1);
  return round2(100 * (1 - remaining));
}

/** Band of the score, raised to the highest triggered signal's severity. */
export function alertSeverity(score: number, triggered: Severity[]): Severity {
  const band: Severity = score >= 75 ? "critical" : score >= 50 ? "high" : score >= 25 ? "medium" : "low";
  return triggered.reduce(maxSeverity, band);
}

export function recommendation(severity: Severity, triggeredCount: number): string {
  if (triggeredCount === 0) return "No signal triggered: no action needed beyond routine monitoring.";
  switch (severity) {
    case "critical":
      return "Escalate for immediate human review. Advisory only: do not block, suspend or decide automatically.";
    case "high":
      return "Open a case and have an analyst review the evidence within one business day.";
    case "medium":
      return "Review the evidence within five business days and monitor the entity closely.";
    default:
      return "Monitor the entity; review if the pattern continues.";
  }
}
