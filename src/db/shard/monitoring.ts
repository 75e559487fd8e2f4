import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Continuous monitoring (every shard): mirrors migrations/shard/0024_monitoring.sql. */
export const MONITORED_ENTITY_TYPES = ["customer", "account", "agent", "merchant", "counterparty"] as const;
export const ALERT_KINDS = ["fraud", "aml"] as const;
export const ALERT_TRIGGERS = ["arrival", "schedule", "on_demand", "pre_transaction", "rescreen"] as const;
export const RUN_STATUSES = ["running", "completed", "failed"] as const;
/** open as raised; withdrawn when late history showed it no longer fires (migration 0067). */
export const ALERT_STATUSES = ["open", "withdrawn"] as const;

/**
 * Entities awaiting screening, one row per entity (the debounce). Written by triggers on
 * `transactions` (the data module's table) in the same statement as the transaction; the
 * monitoring module claims, screens and removes rows.
 */
export const monitoringPending = sqliteTable(
  "monitoring_pending",
  {
    tenantId: text("tenant_id").notNull(),
    entityType: text("entity_type", { enum: MONITORED_ENTITY_TYPES }).notNull(),
    entityId: text("entity_id").notNull(),
    firstSeenAt: text("first_seen_at").notNull(),
    lastSeenAt: text("last_seen_at").notNull(),
    /** Earliest and latest transaction date that arrived since the last screening (event time). */
    eventsFrom: text("events_from"),
    eventsTo: text("events_to"),
    generation: integer("generation").notNull(),
    claimToken: text("claim_token"),
    claimedUntil: text("claimed_until"),
    attempts: integer("attempts").notNull(),
    lastError: text("last_error"),
    failedAt: text("failed_at"),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.entityType, t.entityId] }),
    index("monitoring_pending_queue_idx").on(t.tenantId, t.failedAt, t.firstSeenAt),
  ],
);

/** The last screening of each entity. */
export const monitoringScreenings = sqliteTable(
  "monitoring_screenings",
  {
    tenantId: text("tenant_id").notNull(),
    entityType: text("entity_type", { enum: MONITORED_ENTITY_TYPES }).notNull(),
    entityId: text("entity_id").notNull(),
    screenedAt: text("screened_at").notNull(),
    trigger: text("trigger", { enum: ALERT_TRIGGERS }).notNull(),
    fraudVersion: integer("fraud_version"),
    amlVersion: integer("aml_version"),
    alerts: integer("alerts").notNull(),
    screenings: integer("screenings").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.entityType, t.entityId] })],
);

/** One case an alert opened or was appended to. */
export interface AlertCaseRef {
  caseId: string;
  kind: (typeof ALERT_KINDS)[number];
  action: "opened" | "appended";
}

/** Stored alerts: one per screening and kind with at least one rule fired. */
export const monitoringAlerts = sqliteTable(
  "monitoring_alerts",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    kind: text("kind", { enum: ALERT_KINDS }).notNull(),
    trigger: text("trigger", { enum: ALERT_TRIGGERS }).notNull(),
    entityType: text("entity_type", { enum: MONITORED_ENTITY_TYPES }).notNull(),
    entityId: text("entity_id").notNull(),
    severity: text("severity").notNull(),
    score: real("score"),
    ruleIds: text("rule_ids", { mode: "json" }).$type<string[]>().notNull(),
    ruleSetVersion: integer("rule_set_version").notNull(),
    ruleSetHash: text("rule_set_hash").notNull(),
    screeningId: text("screening_id").notNull(),
    runId: text("run_id"),
    cases: text("cases", { mode: "json" }).$type<AlertCaseRef[]>().notNull(),
    detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: text("created_at").notNull(),
    status: text("status", { enum: ALERT_STATUSES }).notNull().default("open"),
  },
  (t) => [
    index("monitoring_alerts_list_idx").on(t.tenantId, t.createdAt, t.id),
    index("monitoring_alerts_entity_idx").on(t.tenantId, t.entityType, t.entityId, t.createdAt, t.id),
    index("monitoring_alerts_kind_idx").on(t.tenantId, t.kind, t.createdAt, t.id),
  ],
);

/** One row per fired rule of an alert (the alert list's rule filter). */
export const monitoringAlertRules = sqliteTable(
  "monitoring_alert_rules",
  {
    tenantId: text("tenant_id").notNull(),
    alertId: text("alert_id").notNull(),
    ruleId: text("rule_id").notNull(),
    severity: text("severity").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.ruleId] }),
    index("monitoring_alert_rules_rule_idx").on(t.tenantId, t.ruleId, t.createdAt, t.alertId),
  ],
);

/**
 * One row per case an alert names (its `cases` as rows, written with the alert): which alerts
 * name a case, by key (the system close after a late-history withdrawal).
 */
export const monitoringAlertCases = sqliteTable(
  "monitoring_alert_cases",
  {
    tenantId: text("tenant_id").notNull(),
    caseId: text("case_id").notNull(),
    alertId: text("alert_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.caseId, t.alertId] })],
);

/**
 * Alerts whose subject's case is still to be opened (migration 0073): stored while another entity
 * of the subject was pending screening, settled by the page that screens the last of them.
 */
export const monitoringDeferredCases = sqliteTable(
  "monitoring_deferred_cases",
  {
    tenantId: text("tenant_id").notNull(),
    alertId: text("alert_id").notNull(),
    subjectId: text("subject_id").notNull(),
    hit: text("hit", { mode: "json" }).notNull().$type<Record<string, unknown>>(),
    createdAt: text("created_at").notNull(),
    claimToken: text("claim_token"),
    claimedUntil: text("claimed_until"),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.alertId] })],
);

/** Scheduled (and manually started) portfolio runs. */
export const monitoringRuns = sqliteTable(
  "monitoring_runs",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    trigger: text("trigger", { enum: ["schedule", "manual", "rescreen"] }).notNull(),
    occurrence: text("occurrence").notNull(),
    status: text("status", { enum: RUN_STATUSES }).notNull(),
    startedAt: text("started_at").notNull(),
    completedAt: text("completed_at"),
    entitiesScreened: integer("entities_screened").notNull(),
    entitiesSkipped: integer("entities_skipped").notNull(),
    entitiesFailed: integer("entities_failed").notNull(),
    alertsRaised: integer("alerts_raised").notNull(),
    casesOpened: integer("cases_opened").notNull(),
    casesAppended: integer("cases_appended").notNull(),
    steps: integer("steps").notNull(),
    durationMs: integer("duration_ms"),
    error: text("error"),
    /** A run asked for a range of history: the transaction dates it screens (0054); null otherwise. */
    lookbackFrom: text("lookback_from"),
    lookbackTo: text("lookback_to"),
    /**
     * Until when the run is known alive (0070): renewed by its working step, pushed past a
     * handover's delay; the minute cron resends a running run's message once it passed.
     */
    heartbeatAt: text("heartbeat_at"),
  },
  (t) => [
    uniqueIndex("monitoring_runs_occurrence_uq").on(t.tenantId, t.occurrence),
    index("monitoring_runs_list_idx").on(t.tenantId, t.startedAt, t.id),
  ],
);

/** The tenant's last network scan (0048): when transactions arrived after it, arrival scans again. */
export const monitoringNetworkScans = sqliteTable("monitoring_network_scans", {
  tenantId: text("tenant_id").primaryKey(),
  scannedAt: text("scanned_at").notNull(),
  throughTransactions: integer("through_transactions"),
  historyStart: text("history_start"),
  historyEnd: text("history_end"),
  transfers: integer("transfers").notNull(),
  schemes: integer("schemes").notNull(),
  schemesNew: integer("schemes_new").notNull(),
  durationMs: integer("duration_ms"),
});

export type MonitoringPendingRow = typeof monitoringPending.$inferSelect;
export type MonitoringAlertRow = typeof monitoringAlerts.$inferSelect;
export type MonitoringRunRow = typeof monitoringRuns.$inferSelect;
