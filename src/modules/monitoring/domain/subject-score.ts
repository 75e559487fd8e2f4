import { type FiredRule, type RiskScore, raisesAlert, riskScore } from "./risk-score";

/**
 * The subject risk score (docs/methodology/risk-score.md#per-subject): a customer and its accounts
 * are one subject, so what fired on each of them in one page of screenings counts together. A
 * screening held back by the alert budget is raised when its subject's combined score reaches the
 * alert score. Rules fired on two of its entities count once (one movement seen twice).
 */
export interface SubjectMember {
  /** The subject (customer id) of the entity screened; null when it has none (agent, counterparty). */
  subject: string | null;
  fired: readonly FiredRule[];
  /** Held back by the budget on its own score. */
  held: boolean;
}

/** Per member: the subject's combined score when it raises this held member, else null. */
export function subjectScores(
  members: readonly SubjectMember[],
  alertScore: number,
): Array<RiskScore | null> {
  const bySubject = new Map<string, SubjectMember[]>();
  for (const m of members)
    if (m.subject !== null && m.fired.length > 0)
      bySubject.set(m.subject, [...(bySubject.get(m.subject) ?? []), m]);
  const combined = new Map<string, RiskScore | null>();
  for (const [subject, group] of bySubject) {
    if (group.length < 2 || !group.some((m) => m.held)) continue;
    const risk = riskScore(group.flatMap((m) => m.fired));
    combined.set(subject, raisesAlert(risk.score, alertScore) ? risk : null);
  }
  return members.map((m) => (m.held && m.subject !== null ? (combined.get(m.subject) ?? null) : null));
}
