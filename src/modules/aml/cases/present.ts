import type { AmlCaseHistoryRow, AmlCaseRow, AmlCaseSubjectRow } from "../../../db/shard/aml";
import { type Outcome, presentWork } from "../../cases/domain/work";
import type { AmlEntityType } from "../../detection/domain/aml/rules";
import type { AmlCaseStatus } from "../domain/case-machine";
import type { HistoryEventType } from "../domain/history";
import { CLOSED_STATUSES } from "../repo";

/** A stored case as the API shows it; `now` decides `overdue`. */
export const presentCase = (row: AmlCaseRow, now: Date) => ({
  id: row.id,
  tenantId: row.tenantId,
  ruleId: row.ruleId,
  ruleName: row.ruleName,
  caseType: row.caseType,
  entityType: row.entityType as AmlEntityType,
  entityId: row.entityId,
  riskLevel: row.riskLevel as "low" | "medium" | "high" | "critical",
  status: row.status as AmlCaseStatus,
  evidence: row.evidence as Array<{
    field: string;
    observed: string;
    threshold: string;
    context: string;
    deviation: number;
  }>,
  explanation: row.explanation,
  correlationId: row.correlationId,
  windowDays: row.windowDays,
  windowStart: row.windowStart,
  windowEnd: row.windowEnd,
  createdAt: row.createdAt,
  lastEventAt: row.lastEventAt,
  eventCount: row.eventCount,
  ruleSet:
    row.ruleSetVersion !== null && row.ruleSetHash !== null
      ? { kind: "aml" as const, version: row.ruleSetVersion, hash: row.ruleSetHash }
      : null,
  ...presentWork(
    { ...row, outcome: row.outcome as Outcome | null, tags: row.tags ?? [] },
    CLOSED_STATUSES.includes(row.status),
    now,
  ),
  strDueAt: row.strDueAt,
});

export const presentHistory = (row: AmlCaseHistoryRow) => ({
  id: row.id,
  caseId: row.caseId,
  sequence: row.sequence,
  eventType: row.eventType as HistoryEventType,
  fromStatus: row.fromStatus as AmlCaseStatus | null,
  toStatus: row.toStatus as AmlCaseStatus,
  actorType: row.actorType,
  actorId: row.actorId,
  actorName: row.actorName,
  actorKeyId: row.actorKeyId ?? null,
  note: row.note,
  details: row.details ?? null,
  createdAt: row.createdAt,
  previousHash: row.previousHash,
  hash: row.hash,
});

/**
 * Who a case is about: the subjects it lists (a network scheme's participants, each with its
 * role), or else the one entity it was opened on (role `subject`).
 */
export const presentSubjects = (row: AmlCaseRow, listed: readonly AmlCaseSubjectRow[] | undefined) =>
  listed?.length
    ? listed.map((x) => ({ entityType: x.entityType as AmlEntityType, entityId: x.entityId, role: x.role }))
    : [{ entityType: row.entityType as AmlEntityType, entityId: row.entityId, role: "subject" }];
