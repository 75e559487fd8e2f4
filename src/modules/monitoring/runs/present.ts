import type { MonitoringRunRow } from "../../../db/shard/monitoring";

/** A run as the API shows it, and as monitoring.run_completed carries it. */
export const presentRun = (row: MonitoringRunRow) => ({
  runId: row.id,
  trigger: row.trigger,
  occurrence: row.occurrence,
  status: row.status,
  startedAt: row.startedAt,
  completedAt: row.completedAt,
  durationMs: row.durationMs,
  figures: {
    entitiesScreened: row.entitiesScreened,
    entitiesSkipped: row.entitiesSkipped,
    entitiesFailed: row.entitiesFailed,
    alertsRaised: row.alertsRaised,
    casesOpened: row.casesOpened,
    casesAppended: row.casesAppended,
  },
  steps: row.steps,
  error: row.error,
  lookback: row.lookbackFrom && row.lookbackTo ? { from: row.lookbackFrom, to: row.lookbackTo } : null,
});

export type RunView = ReturnType<typeof presentRun>;
