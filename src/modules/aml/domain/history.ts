/**
 * What each AML case history entry's hash covers. The `created` entry also covers the
 * case's own immutable fields, so the case record is tamper-evident through its chain.
 * actorKeyId (the API key that authenticated the write, migration 0017) is covered when set
 * and left out when null, so entries written before it existed still verify.
 */
/**
 * `alert_added` (a monitoring hit on the open case), `rule_snoozed` and the goAML filing steps
 * (`report_*`, docs/decisions/goaml.md) leave the status as it is.
 */
export const HISTORY_EVENT_TYPES = [
  "created",
  "transitioned",
  "alert_added",
  "rule_snoozed",
  "report_generated",
  "report_submitted",
  "report_accepted",
  "report_rejected",
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
