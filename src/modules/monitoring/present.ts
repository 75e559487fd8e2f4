import type { MonitoringPendingRow } from "../../db/shard/monitoring";

/** A dead-lettered entity as the API shows it. */
export const presentDeadLetter = (row: MonitoringPendingRow) => ({
  entityType: row.entityType,
  entityId: row.entityId,
  attempts: row.attempts,
  lastError: row.lastError,
  failedAt: row.failedAt!,
  firstSeenAt: row.firstSeenAt,
  lastSeenAt: row.lastSeenAt,
});
