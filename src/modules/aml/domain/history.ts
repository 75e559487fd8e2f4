/**
 * What each AML case history entry's hash covers. The `created` entry also covers the
 * case's own immutable fields, so the case record is tamper-evident through its chain.
 * actorKeyId (the API key that authenticated the write, migration 0017) is covered when set
 * and left out when null, so entries written before it existed still verify.
 */
/**
 * Only `transitioned` moves the status (the chain trigger holds it). `alert_added` (a monitoring
 * hit) and `rule_snoozed` come from monitoring; the goAML filing steps (`report_*`,
 * docs/decisions/goaml.md) from filings; the rest is analyst case work (0028:
 * docs/decisions/case-work.md), `sla_breached` written by the SLA sweep, `evidence_added` by
 * a file upload (0031, details: the file's id, SHA-256, size, type and name), `linked` and
 * `unlinked` by the cases module (links) (details: the link's id and its other end).
 */
export const HISTORY_EVENT_TYPES = [
  "created",
  "transitioned",
  "alert_added",
  "rule_snoozed",
  "assigned",
  "unassigned",
  "note_added",
  "evidence_added",
  "tag_added",
  "tag_removed",
  "close_requested",
  "close_rejected",
  "sla_breached",
  "report_generated",
  "report_submitted",
  "report_accepted",
  "report_rejected",
  "linked",
  "unlinked",
] as const;
export type HistoryEventType = (typeof HISTORY_EVENT_TYPES)[number];

export interface HistoryFields {
  id: string;
  tenantId: string;
  caseId: string;
  sequence: number;
  eventType: HistoryEventType;
  fromStatus: string | null;
  toStatus: string;
  actorType: string;
  actorId: string;
  actorName: string | null;
  actorKeyId: string | null;
  note: string | null;
  /** Structured facts (assignee, tag, outcome, due date): hashed when set (0028). */
  details?: Record<string, unknown> | null;
  createdAt: string;
}

export interface CaseSnapshot {
  ruleId: string;
  caseType: string;
  entityType: string;
  entityId: string;
  riskLevel: string;
  evidence: unknown;
  explanation: string;
  correlationId: string;
  windowStart: string;
  windowEnd: string;
  createdAt: string;
}

export const historyContent = (entry: HistoryFields, snapshot?: CaseSnapshot) => ({
  id: entry.id,
  tenantId: entry.tenantId,
  caseId: entry.caseId,
  sequence: entry.sequence,
  eventType: entry.eventType,
  fromStatus: entry.fromStatus,
  toStatus: entry.toStatus,
  actorType: entry.actorType,
  actorId: entry.actorId,
  actorName: entry.actorName,
  note: entry.note,
  createdAt: entry.createdAt,
  ...(entry.actorKeyId != null ? { actorKeyId: entry.actorKeyId } : {}),
  ...(entry.details != null ? { details: entry.details } : {}),
  ...(entry.eventType === "created" && snapshot ? { case: snapshot } : {}),
});

export const snapshotOf = (row: CaseSnapshot): CaseSnapshot => ({
  ruleId: row.ruleId,
  caseType: row.caseType,
  entityType: row.entityType,
  entityId: row.entityId,
  riskLevel: row.riskLevel,
  evidence: row.evidence,
  explanation: row.explanation,
  correlationId: row.correlationId,
  windowStart: row.windowStart,
  windowEnd: row.windowEnd,
  createdAt: row.createdAt,
});
