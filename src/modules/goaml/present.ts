import type { GoamlCtrRunRow, GoamlReportHistoryRow, GoamlReportRow } from "../../db/shard/goaml";

export const presentReport = (row: GoamlReportRow) => ({
  id: row.id,
  kind: row.kind,
  caseId: row.caseId,
  day: row.reportDay,
  status: row.status,
  reportCode: row.reportCode,
  sha256: row.sha256,
  sizeBytes: row.sizeBytes,
  transactionCount: row.transactionCount,
  fiuRefNumber: row.fiuRefNumber,
  resubmissionOf: row.resubmissionOf,
  prevRejectedRefNumber: row.prevRejectedRefNumber,
  createdBy: row.createdBy,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export const presentReportHistory = (row: GoamlReportHistoryRow) => ({
  fromStatus: row.fromStatus,
  toStatus: row.toStatus,
  fiuRefNumber: row.fiuRefNumber,
  note: row.note,
  actorType: row.actorType,
  actorId: row.actorId,
  createdAt: row.createdAt,
});

export const presentRun = (row: GoamlCtrRunRow) => ({
  day: row.day,
  status: row.status,
  issues: row.issues ?? [],
  ranAt: row.ranAt,
  qualifyingCount: row.qualifyingCount,
  reportId: row.reportId,
});
