import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { describe, expect, it } from "vitest";
import type { TenantScope } from "../../src/db/client";
import { events } from "../../src/db/shard/events";
import { monitoringAlertRules, monitoringAlerts, monitoringScreenings } from "../../src/db/shard/monitoring";
import { systemShardBinding, systemShardDb } from "../../src/db/system-db";
import { forTenant } from "../../src/db/tenant-db";
import { eventsInsert } from "../../src/modules/events/service";
import {
  alertsStatements,
  type NewAlert,
  type ScreeningRecord,
  screeningsUpsert,
} from "../../src/modules/monitoring/screening/repo";
import { createTenant } from "../harness";

/**
 * The page's rows (alerts, their rule index rows, events, last screenings) go to D1 as JSON chunks
 * through statement templates (src/db/json-rows.ts). They must be exactly the rows Drizzle's
 * multi-row inserts wrote before: each column's stored value and SQLite type (quote()), the
 * tenant the scope's. Both ways write the same rows here and the stored rows are compared.
 */

/**
 * Drizzle's inserts as the page wrote them before (6 alerts, 18 rule rows, 16 events, 10 screenings
 * per statement; 5 alerts since the status column, whose default Drizzle binds: 17 values each).
 */
function drizzleStatements(
  scope: TenantScope,
  alerts: readonly NewAlert[],
  newEvents: ReadonlyArray<Record<string, unknown>>,
  screenings: readonly ScreeningRecord[],
) {
  const slices = <T>(rows: readonly T[], n: number) =>
    Array.from({ length: Math.ceil(rows.length / n) }, (_, i) => rows.slice(i * n, i * n + n));
  const s = monitoringScreenings;
  const rules = alerts.flatMap((a) =>
    a.ruleIds.map((ruleId) => ({ alertId: a.id, ruleId, severity: a.severity, createdAt: a.createdAt })),
  );
  return [
    ...slices(alerts, 5).map((rows) => scope.db.insert(monitoringAlerts).values(rows)),
    ...slices(rules, 18).map((rows) => scope.db.insert(monitoringAlertRules).values(rows)),
    ...slices(newEvents, 16).map((rows) => scope.db.insert(events).values(rows as never)),
    ...slices(screenings, 10).map((rows) =>
      scope.db
        .insert(s)
        .values(rows.map((row) => ({ ...row, screenings: 1 })))
        .onConflictDoUpdate({
          target: [s.tenantId, s.entityType, s.entityId],
          set: {
            screenedAt: sql`excluded.screened_at`,
            trigger: sql`excluded.trigger`,
            fraudVersion: sql`excluded.fraud_version`,
            amlVersion: sql`excluded.aml_version`,
            alerts: sql`excluded.alerts`,
            screenings: sql`${s.screenings} + 1`,
          },
        }),
    ),
  ];
}

const AT = "2026-03-01T10:00:00.000Z";

/** Alerts of every shape a screening writes: score null, whole and fractional; run id or not; big details. */
function alertsOf(prefix: string): NewAlert[] {
  return Array.from({ length: 23 }, (_, i) => ({
    id: `${prefix}-alert-${String(i).padStart(2, "0")}`,
    kind: i % 3 === 0 ? "aml" : "fraud",
    trigger: i % 2 ? "arrival" : "schedule",
    entityType: i % 4 === 0 ? "account" : "customer",
    entityId: `ent-${i}`,
    severity: ["low", "medium", "high", "critical"][i % 4],
    score: i % 3 === 0 ? null : i % 3 === 1 ? 1 : 0.4375 + i,
    ruleIds: Array.from({ length: 1 + (i % 5) }, (_, r) => `RULE-${r}`),
    ruleSetVersion: 3,
    ruleSetHash: "ab".repeat(32),
    screeningId: `scr-${i}`,
    runId: i % 2 ? null : "run-1",
    cases: i % 2 ? [] : [{ caseId: `case-${i}`, kind: "fraud", action: "opened" }],
    detail: {
      entityId: `ent-${i}`,
      note: 'GH¢ 1,000 — Ama\'s "shop"\n\t😀 \u2028',
      flags: [true, false, null, 0, -1.5, 1e21],
      // ~8.5 KB like a fraud alert's evaluation; one alert bigger than a whole JSON chunk.
      signals: "s".repeat(i === 7 ? 90_000 : 8_500),
    },
    createdAt: AT,
  }));
}

/** The events a page records (as the catalog documents them): an alert each, a case opening for some. */
const eventsOf = (alerts: readonly NewAlert[]) =>
  alerts.flatMap((a, i) => {
    const at = new Date(Date.parse(AT) + i * 1000);
    const common = {
      alertId: a.id,
      entityType: a.entityType,
      entityId: `${a.entityId} é😀 "q"`,
      severity: a.severity,
    };
    const raised = {
      type: "fraud.alert_raised" as const,
      data: {
        ...common,
        score: a.score ?? 0,
        ruleIds: a.ruleIds,
        trigger: "arrival",
        ruleSet: { kind: "fraud", version: 3, hash: a.ruleSetHash },
      },
      at,
    };
    if (i % 2 === 0) return [raised];
    const opened = { caseId: `case-${i}`, ...common, overallScore: 12.5, trigger: "schedule" };
    return [raised, { type: "fraud.case_opened" as const, data: opened, at }];
  });

const screeningsOf = (n: number, trigger: ScreeningRecord["trigger"], alerts: number): ScreeningRecord[] =>
  Array.from({ length: n }, (_, i) => ({
    entityType: i % 2 ? "account" : "customer",
    entityId: `ent-${i}`,
    screenedAt: AT,
    trigger,
    fraudVersion: i % 2 ? null : 3,
    amlVersion: 4,
    alerts: alerts + (i % 3),
  }));

/** Every column of the tenant's rows as SQLite literals (value and type), sorted; the alert id prefix dropped. */
async function storedRows(shard: number, tenantId: string, table: string, prefix: string) {
  const binding = systemShardBinding(env, shard);
  const { results: columns } = await binding.prepare(`PRAGMA table_info(${table})`).all<{ name: string }>();
  const quoted = columns.map((c) => `quote("${c.name}")`).join(" || '|' || ");
  const { results } = await binding
    .prepare(`SELECT ${quoted} AS row FROM ${table} WHERE tenant_id = ?`)
    .bind(tenantId)
    .all<{ row: string }>();
  return results
    .map((r) => r.row.replaceAll(`'${prefix}-alert-`, "'alert-").replaceAll(`'${tenantId}'`, "'<tenant>'"))
    .sort();
}

async function writeBothWays() {
  const old = await createTenant({ shard: 1 });
  const now = await createTenant({ shard: 1 });
  const run = crypto.randomUUID().slice(0, 8);
  const scopeOf = (tenantId: string): TenantScope => ({
    db: forTenant(systemShardDb(env, 1), tenantId),
    tenantId,
  });
  const eventRows = (list: ReturnType<typeof eventsOf>) =>
    list.map((e) => ({
      id: crypto.randomUUID(),
      tenantId: "",
      type: e.type,
      data: e.data,
      createdAt: e.at.toISOString(),
      dispatchedAt: null,
    }));
  const oldScope = scopeOf(old.id);
  const nowScope = scopeOf(now.id);
  const oldAlerts = alertsOf(`old${run}`);
  const nowAlerts = alertsOf(`now${run}`);
  // A first page, then a second whose screenings hit the first's rows (the upsert's update).
  for (const [trigger, n, alerts] of [
    ["arrival", 25, 0],
    ["schedule", 12, 2],
  ] as const) {
    await oldScope.db.batch(
      drizzleStatements(
        oldScope,
        n === 25 ? oldAlerts : [],
        n === 25 ? eventRows(eventsOf(oldAlerts)) : [],
        screeningsOf(n, trigger, alerts),
      ) as unknown as [BatchItem<"sqlite">],
    );
    await nowScope.db.batch([
      ...(n === 25 ? alertsStatements(nowScope, nowAlerts) : []),
      ...(n === 25 ? eventsInsert(nowScope, eventsOf(nowAlerts)) : []),
      ...screeningsUpsert(nowScope, screeningsOf(n, trigger, alerts)),
    ] as never);
  }
  return { old, now, run };
}

describe("a page's rows as JSON chunks through statement templates", () => {
  it("are the rows Drizzle's multi-row inserts wrote: values, types, nulls, JSON columns, the tenant", async () => {
    const { old, now, run } = await writeBothWays();
    for (const table of ["monitoring_alerts", "monitoring_alert_rules", "monitoring_screenings"]) {
      const before = await storedRows(1, old.id, table, `old${run}`);
      const after = await storedRows(1, now.id, table, `now${run}`);
      expect(after.length, table).toBeGreaterThan(0);
      expect(after, table).toEqual(before);
    }
    // Events get fresh ids: compared without them, and the ids checked apart.
    const { results } = await systemShardBinding(env, 1)
      .prepare(
        "SELECT tenant_id AS t, quote(type) || quote(data) || quote(created_at) || quote(dispatched_at) AS row, id FROM events WHERE tenant_id IN (?, ?)",
      )
      .bind(old.id, now.id)
      .all<{ t: string; row: string; id: string }>();
    const rowsOf = (id: string, prefix: string) =>
      results
        .filter((r) => r.t === id)
        .map((r) => r.row.replaceAll(`${prefix}-alert-`, "alert-"))
        .sort();
    expect(rowsOf(now.id, `now${run}`)).toHaveLength(34);
    expect(rowsOf(now.id, `now${run}`)).toEqual(rowsOf(old.id, `old${run}`));
    expect(new Set(results.map((r) => r.id)).size).toBe(68);
  });

  it("read back as Drizzle reads its own rows", async () => {
    const { now, run } = await writeBothWays();
    const db = forTenant(systemShardDb(env, 1), now.id);
    const stored = await db.select().from(monitoringAlerts).orderBy(monitoringAlerts.id);
    expect(stored).toEqual(alertsOf(`now${run}`).map((a) => ({ ...a, tenantId: now.id, status: "open" })));
    const screened = await db
      .select()
      .from(monitoringScreenings, sql`${monitoringScreenings.entityId} = 'ent-0'`);
    expect(screened).toEqual([{ ...screeningsOf(1, "schedule", 2)[0], tenantId: now.id, screenings: 2 }]);
  });
});
