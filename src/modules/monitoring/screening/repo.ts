import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { jsonRowsTemplate } from "../../../db/json-rows";
import {
  type AlertCaseRef,
  type MonitoringAlertRow,
  monitoringAlertCases,
  monitoringAlertRules,
  monitoringAlerts,
  monitoringDeferredCases,
  monitoringScreenings,
} from "../../../db/shard/monitoring";
import { inJsonList } from "../../../db/sql";
import { likelyTenantSql, sameTenantText, tenantSql, tenantWhere } from "../../../db/tenant-tables";
import { jsonArrayChunks } from "../../../lib/json-chunks";
import { accounts } from "../../data/read-model";
import type { Episode, StoredEpisode } from "../domain/episode";

/** An alert to store: open as raised (the column's default) unless said otherwise. */
export type NewAlert = Omit<MonitoringAlertRow, "tenantId" | "status"> &
  Partial<Pick<MonitoringAlertRow, "status">>;

/** Rule index rows per statement: 5 bound values each, well under D1's 100. */
const RULES_PER_STATEMENT = 18;

/** An alert's rule index rows (the alert list's rule filter). */
const ruleRowsOf = (alert: NewAlert) =>
  alert.ruleIds.map((ruleId) => ({
    alertId: alert.id,
    ruleId,
    severity: alert.severity,
    createdAt: alert.createdAt,
  }));

/** An alert's case index rows, one per case it names (alertsOfCases reads them). */
export const caseRowsOf = (alert: Pick<NewAlert, "id" | "cases">) =>
  [...new Set(alert.cases.map((c) => c.caseId))].map((caseId) => ({ caseId, alertId: alert.id }));

/** The alert and its per-rule and per-case index rows, for the screening's batch. */
export function alertStatements(scope: TenantScope, alert: NewAlert) {
  const rules = ruleRowsOf(alert);
  const chunks = [];
  for (let i = 0; i < rules.length; i += RULES_PER_STATEMENT)
    chunks.push(scope.db.insert(monitoringAlertRules).values(rules.slice(i, i + RULES_PER_STATEMENT)));
  const cases = caseRowsOf(alert);
  // 3 bound values a row: an alert names a few cases, far under D1's 100.
  if (cases.length) chunks.push(scope.db.insert(monitoringAlertCases).values(cases));
  return [scope.db.insert(monitoringAlerts).values(alert), ...chunks];
}

const alertRows = jsonRowsTemplate(monitoringAlerts);
const alertRuleRows = jsonRowsTemplate(monitoringAlertRules);
const alertCaseRows = jsonRowsTemplate(monitoringAlertCases);

/**
 * alertStatements for many alerts (a page's): the alerts and their rule index rows as JSON
 * chunks (src/db/json-rows.ts), statement texts built once per isolate, so a page's alerts cost a
 * few statements and no Drizzle text building (a tenth of the page drain's Worker CPU was that).
 * An alert whose detail fills a chunk (~80 KB) gets a statement of its own.
 */
export const alertsStatements = (scope: TenantScope, alerts: readonly NewAlert[]) => [
  ...alertRows(scope, alerts),
  ...alertRuleRows(scope, alerts.flatMap(ruleRowsOf)),
  ...alertCaseRows(scope, alerts.flatMap(caseRowsOf)),
];

export type ScreeningRecord = Omit<typeof monitoringScreenings.$inferInsert, "tenantId" | "screenings">;

const s = monitoringScreenings;
const screeningRows = jsonRowsTemplate(s, {
  upsert: {
    target: [s.tenantId, s.entityType, s.entityId],
    set: {
      screenedAt: "excluded",
      trigger: "excluded",
      fraudVersion: "excluded",
      amlVersion: "excluded",
      alerts: "excluded",
      screenings: sql`${s.screenings} + 1`,
    },
  },
});

/**
 * Each entity's last screening (one row per entity, counting how often it was screened): a page's
 * screenings in one upsert per JSON chunk, its text built once per isolate.
 */
export const screeningsUpsert = (scope: TenantScope, rows: readonly ScreeningRecord[]) =>
  screeningRows(
    scope,
    rows.map((row) => ({ ...row, screenings: 1 })),
  );

/** The customer of each of these accounts (a subject is a customer with its accounts); one statement. */
export async function accountOwners(scope: TenantScope, accountIds: readonly string[]) {
  if (accountIds.length === 0) return new Map<string, string>();
  const rows = await scope.db
    .select({ id: accounts.id, customerId: accounts.customerId })
    .from(accounts, inJsonList(accounts.id, accountIds));
  return new Map(rows.map((r) => [r.id, r.customerId]));
}

const DAY_MS = 86_400_000;

/**
 * The alerts of these entities raised since `since` (the episode check's candidates), with each
 * one's episode: its dates, else (alerts from before episodes) its AML window, else the 30 days
 * before it was raised. One statement, through the entity index.
 */
export async function recentAlerts(
  scope: TenantScope,
  entities: ReadonlyArray<{ entityType: string; entityId: string }>,
  since: string,
): Promise<StoredEpisode[]> {
  if (entities.length === 0) return [];
  const keys = JSON.stringify(entities.map((e) => [e.entityType, e.entityId]));
  const rows = await scope.db.all<{
    alertId: string;
    kind: string;
    entityType: string;
    entityId: string;
    ruleIds: string;
    createdAt: string;
    firstAt: string | null;
    lastAt: string | null;
  }>(sql`SELECT a.id AS alertId, a.kind, a.entity_type AS entityType, a.entity_id AS entityId,
      a.rule_ids AS ruleIds, a.created_at AS createdAt,
      coalesce(json_extract(a.detail, '$.firstAt'), json_extract(a.detail, '$.windowStart')) AS firstAt,
      coalesce(json_extract(a.detail, '$.lastAt'), json_extract(a.detail, '$.windowEnd')) AS lastAt
    FROM monitoring_alerts a
    WHERE ${tenantSql(scope, "a")} AND a.created_at >= ${since} AND a.status = 'open'
      AND (a.entity_type, a.entity_id) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]')
        FROM json_each(${keys}))`);
  return rows.map((r) => {
    const lastAt = r.lastAt ?? r.createdAt;
    return {
      ...r,
      ruleIds: JSON.parse(r.ruleIds) as string[],
      lastAt,
      firstAt: r.firstAt ?? new Date(Date.parse(lastAt) - 30 * DAY_MS).toISOString(),
    };
  });
}

/**
 * The stored alert's episode extended by a screening of the same episode (for the screening's
 * batch): its dates, the evidence as now judged (the fired rules or signals), when and how often,
 * and the latest instant it was judged as of (`asOf`: what late history judges it again at).
 */
export const extendAlertStatement = (
  scope: TenantScope,
  alertId: string,
  episode: Episode,
  evidence: { path: "$.triggeredRules" | "$.triggeredSignals"; value: unknown },
  at: string,
  asOf: string,
) =>
  scope.db
    .update(monitoringAlerts)
    .set({
      detail: sql`json_set(${monitoringAlerts.detail}, '$.firstAt', ${episode.firstAt}, '$.lastAt', ${episode.lastAt},
        '$.extendedAt', ${at}, '$.screenings', coalesce(json_extract(${monitoringAlerts.detail}, '$.screenings'), 1) + 1,
        '$.asOf', max(coalesce(json_extract(${monitoringAlerts.detail}, '$.asOf'), ''), ${asOf}),
        ${evidence.path}, json(${JSON.stringify(evidence.value)}))`,
    })
    .where(eq(monitoringAlerts.id, alertId));

/** An open alert a screening judged as of a date (the late-history check's candidates). */
export interface JudgedAlertRow {
  alertId: string;
  kind: "fraud" | "aml";
  trigger: string;
  entityType: string;
  entityId: string;
  ruleIds: string[];
  ruleSetVersion: number;
  status: string;
  asOf: string;
  firstAt: string;
  cases: AlertCaseRef[];
}

/**
 * The open alerts of these entities that a screening judged as of a date at or after `from` (the
 * earliest late row: an alert judged before it cannot have missed it). One statement, through the
 * entity index; alerts without an as-of (network scan, evaluate requests) are not read.
 */
export async function openJudgedAlerts(
  scope: TenantScope,
  entities: ReadonlyArray<{ entityType: string; entityId: string }>,
  from: string,
): Promise<JudgedAlertRow[]> {
  if (entities.length === 0) return [];
  const keys = JSON.stringify(entities.map((e) => [e.entityType, e.entityId]));
  const rows = await scope.db.all<
    Omit<JudgedAlertRow, "ruleIds" | "cases"> & { ruleIds: string; cases: string }
  >(
    sql`SELECT a.id AS alertId, a.kind, a.trigger, a.entity_type AS entityType, a.entity_id AS entityId,
      a.rule_ids AS ruleIds, a.rule_set_version AS ruleSetVersion, a.status, a.cases,
      json_extract(a.detail, '$.asOf') AS asOf,
      coalesce(json_extract(a.detail, '$.firstAt'), json_extract(a.detail, '$.asOf')) AS firstAt
    FROM monitoring_alerts a
    WHERE ${tenantSql(scope, "a")} AND a.status = 'open'
      AND (a.entity_type, a.entity_id) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]')
        FROM json_each(${keys}))
      AND json_extract(a.detail, '$.asOf') >= ${from}`,
  );
  return rows.map((r) => ({
    ...r,
    ruleIds: JSON.parse(r.ruleIds) as string[],
    cases: JSON.parse(r.cases) as AlertCaseRef[],
  }));
}

/** What a withdrawal records in the alert's detail (`withdrawal`: the latest one). */
export interface Withdrawal {
  reason: "late_history";
  at: string;
  /** The instant it was judged again as of (its own). */
  asOf: string;
  /** The earliest date of the history that arrived late. */
  lateFrom: string;
  /** Its rules withdrawn: each one, or those no longer raised when it stays open with the others. */
  ruleIds: string[];
  /** The rules of its kind the screening as of its date raised again. */
  raisedNow: string[];
}

/**
 * The alert withdrawn, or narrowed to the rules still raised (its severity theirs, the withdrawn
 * rules' index rows removed so the rule filter no longer finds it by them); only while still
 * open. The alert row and its evaluation stay; `withdrawal` says what changed.
 */
export function withdrawStatements(
  scope: TenantScope,
  alertId: string,
  withdrawal: Withdrawal,
  /** Narrowed to these rules; `opensCase: false` when they would not open a case now (recorded in the detail). */
  kept: { ruleIds: string[]; severity: string; opensCase?: boolean } | null,
) {
  const open = and(eq(monitoringAlerts.id, alertId), eq(monitoringAlerts.status, "open"));
  const withdrawn = sql`json_set(${monitoringAlerts.detail}, '$.withdrawal', json(${JSON.stringify(withdrawal)}))`;
  const detail =
    kept?.opensCase === false ? sql`json_set(${withdrawn}, '$.opensCase', json('false'))` : withdrawn;
  // A hit whose case was deferred (steps/deferred.ts) and is no longer raised, or no longer opens
  // one, loses its deferred row: claimed later, it would open a case for what was withdrawn.
  const deferred = scope.db
    .delete(monitoringDeferredCases)
    .where(eq(monitoringDeferredCases.alertId, alertId));
  if (!kept)
    return [scope.db.update(monitoringAlerts).set({ status: "withdrawn", detail }).where(open), deferred];
  // An AML hit narrowed: its deferred case request keeps the rules kept (each opens its own case).
  const narrowed = scope.db
    .update(monitoringDeferredCases)
    .set({
      hit: sql`json_set(${monitoringDeferredCases.hit}, '$.hit.ruleIds', json(${JSON.stringify(kept.ruleIds)}),
        '$.hit.request.outcomes', json((SELECT json_group_array(json(o.value))
          FROM json_each(${monitoringDeferredCases.hit}, '$.hit.request.outcomes') o
          WHERE json_extract(o.value, '$.ruleId') IN (SELECT value FROM json_each(${JSON.stringify(kept.ruleIds)})))))`,
    })
    .where(
      and(
        eq(monitoringDeferredCases.alertId, alertId),
        sql`json_extract(${monitoringDeferredCases.hit}, '$.kind') = 'aml'`,
      ),
    );
  return [
    kept.opensCase === false ? deferred : narrowed,
    scope.db
      .update(monitoringAlerts)
      .set({ ruleIds: kept.ruleIds, severity: kept.severity, detail })
      .where(open),
    scope.db
      .delete(monitoringAlertRules)
      .where(
        and(
          eq(monitoringAlertRules.alertId, alertId),
          inArray(monitoringAlertRules.ruleId, withdrawal.ruleIds),
        ),
      ),
  ];
}

/**
 * The alerts that name each of these cases (opened them or were added to them), with their
 * status and `opensCase: false` for one narrowed to what would not open a case: one statement
 * that looks each case up in the alerts' case index (monitoring_alert_cases, shard migration
 * 0072) and each alert by its id. Read only when late history withdrew an alert, for the system
 * close of its cases (docs/methodology/monitoring.md#late-history).
 */
export const alertsOfCasesQuery = (scope: TenantScope, caseIds: readonly string[]) =>
  sql`SELECT ac.case_id AS caseId, a.id AS alertId, a.status,
      json_extract(a.detail, '$.opensCase') AS opensCase
    FROM json_each(${JSON.stringify(caseIds)}) k
    CROSS JOIN monitoring_alert_cases ac ON ${tenantSql(scope, "ac")} AND ac.case_id = k.value
    CROSS JOIN monitoring_alerts a ON ${likelyTenantSql(scope, "a")} AND a.id = ac.alert_id`;

export async function alertsOfCases(
  scope: TenantScope,
  caseIds: readonly string[],
): Promise<Array<{ caseId: string; alertId: string; status: string; opensCase?: boolean }>> {
  if (caseIds.length === 0) return [];
  const rows = await scope.db.all<{
    caseId: string;
    alertId: string;
    status: string;
    opensCase: number | null;
  }>(alertsOfCasesQuery(scope, [...new Set(caseIds)]));
  return rows.map(({ opensCase, ...r }) => (opensCase === 0 ? { ...r, opensCase: false } : r));
}

// ---- deferred case opening (migration 0073; docs/methodology/monitoring.md#deferred-case-opening) ----

/** A hit whose subject's case is still to be opened. */
export interface DeferredCase {
  alertId: string;
  subjectId: string;
  hit: Record<string, unknown>;
}

const deferredRowsTemplate = jsonRowsTemplate(monitoringDeferredCases);

/**
 * The rows of hits deferred by a page, for the batch that stores their alerts: set-based, one
 * statement per JSON chunk whatever the number of hits (one built per hit was 620 statements in
 * an arrival run of 2,100 screenings), its text built once per isolate.
 */
export const deferredCasesInsert = (
  scope: TenantScope,
  rows: ReadonlyArray<DeferredCase & { createdAt: string }>,
) =>
  deferredRowsTemplate(
    scope,
    rows.map((r) => ({ alertId: r.alertId, subjectId: r.subjectId, hit: r.hit, createdAt: r.createdAt })),
  );

/**
 * Pending rows (not dead-lettered) of a subject's entities, the subject's own and its accounts',
 * as SQL over the subject column `subject` (a NOT EXISTS on it: nothing of the subject pending),
 * leaving out the entities in `except` (the page's own, being screened now). The accounts lead
 * (CROSS JOIN fixes SQLite's join order): the subject's accounts by the customer index, each
 * one's pending row by key. Left to the planner, it walked the tenant's whole pending queue
 * (the failed_at index) for each subject: per deferred row on every claim, 62 ms instead of 0.4
 * for 300 deferred rows over 1,200 pending in sqlite3, ~2.3 ms a claim in the arrival bench.
 */
const subjectPending = (scope: TenantScope, subject: SQL, except: string) => sql`(
  EXISTS (SELECT 1 FROM monitoring_pending p WHERE ${tenantSql(scope, "p")} AND p.entity_type = 'customer'
    AND p.entity_id = ${subject} AND p.failed_at IS NULL
    AND 'customer:' || p.entity_id NOT IN (SELECT value FROM json_each(${except})))
  OR EXISTS (SELECT 1 FROM accounts a CROSS JOIN monitoring_pending p ON ${sql.raw(sameTenantText("p", "a"))}
      AND p.entity_type = 'account' AND p.entity_id = a.id
    WHERE ${tenantSql(scope, "a")} AND a.customer_id = ${subject} AND p.failed_at IS NULL
      AND 'account:' || p.entity_id NOT IN (SELECT value FROM json_each(${except}))))`;

/** Entity keys as subjectPending's `except` takes them. */
export const entityKeys = (entities: ReadonlyArray<{ entityType: string; entityId: string }>) =>
  JSON.stringify(entities.map((e) => `${e.entityType}:${e.entityId}`));

/**
 * A page's reads for deferral in one batch (one round trip, as the owners' read alone was): the
 * customer of each of `accountIds`, and which subjects of `touching` (entity keys, an account
 * standing for its customer) defer: another entity of theirs is pending screening (not `except`'s,
 * the page's own), or hits of theirs are deferred already (collected with the page's when it stores).
 * The deferred subjects are an IN list, read once per statement: as a correlated EXISTS (no index
 * on subject_id) it read every deferred row per subject, 3.4 -> 0.5 ms in sqlite3 for 25
 * subjects against 300 deferred rows.
 */
export async function deferralReads(
  scope: TenantScope,
  input: {
    accountIds: readonly string[];
    touching: ReadonlyArray<{ entityType: string; entityId: string }>;
    except: string;
  },
) {
  if (input.accountIds.length === 0 && input.touching.length === 0)
    return { owners: new Map<string, string>(), defer: new Set<string>() };
  const touching = JSON.stringify(input.touching.map((e) => [e.entityType, e.entityId]));
  const [owners, defer] = await scope.db.batchSql([
    sql`SELECT a.id AS id, a.customer_id AS customerId FROM accounts a
      WHERE ${likelyTenantSql(scope, "a")} AND a.id IN (SELECT value FROM json_each(${JSON.stringify(input.accountIds)}))`,
    sql`SELECT DISTINCT s.subject FROM (SELECT CASE WHEN json_extract(t.value, '$[0]') = 'customer'
          THEN json_extract(t.value, '$[1]')
          ELSE (SELECT a.customer_id FROM accounts a WHERE ${tenantSql(scope, "a")}
            AND a.id = json_extract(t.value, '$[1]')) END AS subject
        FROM json_each(${touching}) t WHERE json_extract(t.value, '$[0]') IN ('customer', 'account')) s
      WHERE s.subject IS NOT NULL AND (${subjectPending(scope, sql`s.subject`, input.except)}
        OR s.subject IN (SELECT d.subject_id FROM monitoring_deferred_cases d WHERE ${tenantSql(scope, "d")}))`,
  ]);
  return {
    owners: new Map(
      (owners.results as Array<{ id: string; customerId: string }>).map((r) => [r.id, r.customerId]),
    ),
    defer: new Set((defer.results as Array<{ subject: string }>).map((r) => r.subject)),
  };
}

/**
 * Subjects a claim of deferred hits takes at most (with every hit of each): a large backfill can
 * leave thousands of deferred hits whose subjects have nothing pending, and opening them all in
 * one page's case batch would pass D1's and the isolate's limits. The rest is claimed by a later
 * page or the drain's end (steps/deferred.ts).
 */
export const DEFERRED_SUBJECTS_PER_CLAIM = 25;

/**
 * Claims (under a lease, as pending rows are claimed) the deferred hits whose subject has nothing
 * pending anymore, of at most `subjects` subjects (oldest hit first), answering them: in the batch
 * that stores a page (after its pending rows are removed, so the subject's last page collects its
 * own deferred hits with the earlier ones), or alone. A subject's hits are claimed together.
 */
export const claimDeferredCases = (
  scope: TenantScope,
  claim: { token: string; now: string; until: string },
  subjects = DEFERRED_SUBJECTS_PER_CLAIM,
) => {
  const d = monitoringDeferredCases;
  const free = (alias: string) =>
    sql`(${sql.raw(alias)}.claimed_until IS NULL OR ${sql.raw(alias)}.claimed_until < ${claim.now})`;
  return scope.db
    .update(d)
    .set({ claimToken: claim.token, claimedUntil: claim.until })
    .where(
      tenantWhere(
        scope,
        d,
        free("monitoring_deferred_cases"),
        sql`${d.subjectId} IN (SELECT s.subject_id FROM monitoring_deferred_cases s
          WHERE ${tenantSql(scope, "s")} AND ${free("s")} AND NOT ${subjectPending(scope, sql`s.subject_id`, "[]")}
          GROUP BY s.subject_id ORDER BY min(s.created_at), s.subject_id LIMIT ${subjects})`,
      ),
    )
    .returning({ alertId: d.alertId, subjectId: d.subjectId, hit: d.hit });
};

/**
 * Deferred alerts settled, set-based (a page's collected hits in a few statements, not three
 * built per alert): their case refs (column and index rows) stored, their deferrals removed.
 */
export function deferredSettledStatements(
  scope: TenantScope,
  settled: ReadonlyArray<{ alertId: string; cases: readonly AlertCaseRef[] }>,
) {
  if (settled.length === 0) return [];
  const withCases = settled.filter((x) => x.cases.length > 0);
  const d = monitoringDeferredCases;
  return [
    // Each alert by its key from the chunk (UPDATE ... FROM): a correlated subquery per alert
    // walked the whole chunk for each one (41,000 rows read over 840 alerts in an arrival run).
    // Batched as db.all (the raw statement Drizzle's batch can bind); it answers no rows.
    ...jsonArrayChunks(withCases.map((x) => [x.alertId, x.cases])).map((chunk) =>
      scope.db.all(
        sql`UPDATE monitoring_alerts SET cases = json_extract(j.value, '$[1]') FROM json_each(${chunk}) j
          WHERE ${likelyTenantSql(scope, "monitoring_alerts")} AND monitoring_alerts.id = json_extract(j.value, '$[0]')`,
      ),
    ),
    ...alertCaseRows(
      scope,
      withCases.flatMap((x) => caseRowsOf({ id: x.alertId, cases: [...x.cases] })),
    ),
    scope.db.delete(d).where(
      tenantWhere(
        scope,
        d,
        inJsonList(
          d.alertId,
          settled.map((x) => x.alertId),
        ),
      ),
    ),
  ];
}
