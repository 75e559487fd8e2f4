/**
 * Team queues' pure rules (docs/decisions/case-work.md#team-queues): which queue a new case goes
 * to, and the figures of a queue.
 */

export const RISK_LEVELS = ["low", "medium", "high", "critical"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export type QueueCaseKind = "fraud" | "aml";

/** A level's rank, 1 (low) .. 4 (critical): what the queue entry stores and orders by. */
export const riskRank = (level: RiskLevel): number => RISK_LEVELS.indexOf(level) + 1;
export const riskLevelOf = (rank: number): RiskLevel => RISK_LEVELS[Math.min(Math.max(rank, 1), 4) - 1];

/** A queue's routing criteria; an empty list matches anything, a null level any level. */
export interface QueueCriteria {
  id: string;
  priority: number;
  createdAt: string;
  kinds: readonly QueueCaseKind[];
  typologies: readonly string[];
  minRiskLevel: RiskLevel | null;
}

/** What routing knows of a new case: its kind, typologies (AML rule id; fraud signal ids) and level. */
export interface RoutableCase {
  kind: QueueCaseKind;
  caseId: string;
  typologies: readonly string[];
  riskLevel: RiskLevel;
  dueAt: string | null;
}

export function matches(queue: QueueCriteria, c: RoutableCase): boolean {
  if (queue.kinds.length > 0 && !queue.kinds.includes(c.kind)) return false;
  if (queue.typologies.length > 0 && !c.typologies.some((t) => queue.typologies.includes(t))) return false;
  return queue.minRiskLevel === null || riskRank(c.riskLevel) >= riskRank(queue.minRiskLevel);
}

/** Lower priority first; equal priorities by creation, then id (a stable, documented order). */
export const byPriority = (a: QueueCriteria, b: QueueCriteria): number =>
  a.priority - b.priority ||
  (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The first queue (by priority) whose criteria the case meets; null when none does. */
export function pickQueue<Q extends QueueCriteria>(queues: readonly Q[], c: RoutableCase): Q | null {
  return [...queues].sort(byPriority).find((q) => matches(q, c)) ?? null;
}

/** The median of the open cases' ages in hours (one decimal), from their opening times; null when none. */
export function medianAgeHours(openedAt: readonly string[], now: Date): number | null {
  if (openedAt.length === 0) return null;
  const ages = openedAt
    .map((at) => (now.getTime() - new Date(at).getTime()) / 3_600_000)
    .sort((a, b) => a - b);
  const mid = Math.floor(ages.length / 2);
  const median = ages.length % 2 === 1 ? ages[mid] : (ages[mid - 1] + ages[mid]) / 2;
  return Math.round(median * 10) / 10;
}
