import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { jobs } from "../../src/jobs/messages";
import { jobHandlers } from "../../src/jobs/registry";
import { latestOccurrence } from "../../src/modules/monitoring/domain/schedule";
import { scheduleMonitoringRuns } from "../../src/modules/monitoring/jobs";
import { ago, customerWith } from "../aml/helpers";
import {
  call,
  createKey,
  createTenant,
  insertTransactions,
  json,
  shardRows,
  type TestTenant,
} from "../harness";
import { eventually } from "../webhooks/helpers";
import { eventsOf, pending, runScreenJob } from "./helpers";

interface Run {
  runId: string;
  trigger: string;
  occurrence: string;
  status: string;
  startedAt: string;
  completedAt: string | null;
  durationMs: number | null;
  figures: Record<string, number>;
  steps: number;
  error: string | null;
}

const HOUR = 3_600_000;
/** A tenant screened only by its schedule (hourly, UTC) and the tests. */
const scheduledTenant = (name: string, schedule: Record<string, unknown> = { frequency: "hourly" }) =>
  createTenant({ name, shard: 1, settings: { monitoring: { onArrival: false, schedule } } });

const runsOf = (t: TestTenant) =>
  shardRows<{ id: string; occurrence: string; status: string }>(
    t,
    "SELECT id, occurrence, status FROM monitoring_runs WHERE tenant_id = ?",
    t.id,
  );

async function getRun(t: TestTenant, runId: string, key = t.key) {
  return call("GET", `/v1/monitoring/runs/${runId}`, { key });
}

/** Waits until the queue has completed the run (the real consumer runs its steps). */
async function completed(t: TestTenant, runId: string): Promise<Run> {
  const run = await eventually(
    async () => (await json<{ run: Run }>(await getRun(t, runId))).run,
    (r) => r.status !== "running",
    30_000,
  );
  expect(run.status).toBe("completed");
  return run;
}

const largeCash = () => [{ amountMinor: 6_000_000, transactionDate: ago(0, 1), channel: "cash" }];
const smallTransfer = () => [{ amountMinor: 12_345, transactionDate: ago(1), channel: "mobile_money" }];

describe("scheduled runs", () => {
  it("a due tenant gets exactly one run per occurrence, however often the cron runs; not due, none", async () => {
    const t = await scheduledTenant("Due hourly");
    const off = await scheduledTenant("Schedule off", { frequency: "off" });

    // This hour's slot began before the tenant existed: not due (no catch-up for a new schedule).
    const now = new Date();
    expect((await scheduleMonitoringRuns(env, now)).started.map((r) => r.tenantId)).not.toContain(t.id);
    expect(await runsOf(t)).toEqual([]);

    const nextHour = new Date(now.getTime() + HOUR);
    const [a, b] = await Promise.all([
      scheduleMonitoringRuns(env, nextHour),
      scheduleMonitoringRuns(env, nextHour),
    ]);
    const again = await scheduleMonitoringRuns(env, nextHour);
    const startedFor = (o: typeof a) => o.started.filter((r) => r.tenantId === t.id);
    expect(startedFor(a).length + startedFor(b).length + startedFor(again).length).toBe(1);

    const key = latestOccurrence({ frequency: "hourly", hour: 2, timeZone: "UTC" }, nextHour)!.key;
    const runs = await runsOf(t);
    expect(runs.map((r) => r.occurrence)).toEqual([key]);
    expect(await runsOf(off)).toEqual([]);
    // Nothing was pending: the run completes with nothing screened.
    const run = await completed(t, runs[0].id);
    expect(run).toMatchObject({ trigger: "schedule", occurrence: key });
    expect(run.figures.entitiesScreened).toBe(0);
  });

  it("screens the entities with activity since their last screening and skips the unchanged ones", async () => {
    const t = await scheduledTenant("Portfolio");
    const customers = [];
    for (let i = 0; i < 3; i++) customers.push(await customerWith(t, smallTransfer()));
    await runScreenJob(t);
    expect(await pending(t)).toEqual([]);
    const screenedBefore = await shardRows<{ entity_type: string; entity_id: string }>(
      t,
      "SELECT entity_type, entity_id FROM monitoring_screenings WHERE tenant_id = ?",
      t.id,
    );

    // New activity for one customer only: a large cash deposit (fires AML-LCT-001).
    const [active] = customers;
    await insertTransactions(t, { id: active.accountId, customerId: active.customerId }, largeCash());
    const changed = new Set((await pending(t)).map((r) => `${r.entity_type}:${r.entity_id}`));
    expect(changed.has(`customer:${active.customerId}`)).toBe(true);
    const unchanged = screenedBefore.filter((s) => !changed.has(`${s.entity_type}:${s.entity_id}`));

    const outcome = await scheduleMonitoringRuns(env, new Date(Date.now() + HOUR));
    const [{ runId }] = outcome.started.filter((r) => r.tenantId === t.id);
    const run = await completed(t, runId);

    const runAlerts = await shardRows<{ trigger: string; run_id: string; cases: string; entity_id: string }>(
      t,
      "SELECT trigger, run_id, cases, entity_id FROM monitoring_alerts WHERE tenant_id = ? AND run_id = ?",
      t.id,
      runId,
    );
    expect(runAlerts.length).toBeGreaterThan(0);
    expect(runAlerts.every((a) => a.trigger === "schedule")).toBe(true);
    const cases = runAlerts.flatMap((a) => JSON.parse(a.cases) as Array<{ action: string }>);
    expect(run.figures).toEqual({
      entitiesScreened: changed.size,
      entitiesSkipped: unchanged.length,
      entitiesFailed: 0,
      alertsRaised: runAlerts.length,
      casesOpened: cases.filter((c) => c.action === "opened").length,
      casesAppended: cases.filter((c) => c.action === "appended").length,
    });
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
    expect(run.steps).toBeGreaterThanOrEqual(1);
    expect(await pending(t)).toEqual([]);
    // The active customer was screened again, by the schedule; the others kept their one screening.
    const after = await shardRows<{ entity_id: string; trigger: string; screenings: number }>(
      t,
      "SELECT entity_id, trigger, screenings FROM monitoring_screenings WHERE tenant_id = ? AND entity_type = 'customer'",
      t.id,
    );
    for (const s of after) {
      const expected = s.entity_id === active.customerId ? [2, "schedule"] : [1, "arrival"];
      expect([s.screenings, s.trigger]).toEqual(expected);
    }

    // monitoring.run_completed carries the run as GET shows it.
    const [event] = (await eventsOf(t, "monitoring.run_completed")).map((e) => JSON.parse(e.data));
    expect(event).toEqual(run);

    // Listed newest first; another tenant's key gets a 404.
    const list = await json<{ data: Run[]; pagination: { total: number } }>(
      await call("GET", "/v1/monitoring/runs?limit=10", { key: t.key }),
    );
    expect(list.data[0]).toEqual(run);
    expect(list.pagination.total).toBe((await runsOf(t)).length);
    const other = await createTenant({
      name: "Other",
      shard: 1,
      settings: { monitoring: { schedule: { frequency: "off" } } },
    });
    expect((await getRun(t, runId, other.key)).status).toBe(404);
  });
});

describe("a run's cutoff", () => {
  it("screens what was pending before the run began; what arrives later waits for its own screening", async () => {
    const t = await scheduledTenant("Cutoff", { frequency: "off" });
    await customerWith(t, smallTransfer());
    const share = (await pending(t)).map((r) => `${r.entity_type}:${r.entity_id}`);
    const pause = () => new Promise((r) => setTimeout(r, 10));
    await pause();
    // The run row as the cron inserts it (no message: the test drives the step itself).
    const runId = crypto.randomUUID();
    await shardRows(
      t,
      `INSERT INTO monitoring_runs (id, tenant_id, trigger, occurrence, status, started_at)
       VALUES (?, ?, 'schedule', 'hourly:2026-01-01T00', 'running', ?)`,
      runId,
      t.id,
      new Date().toISOString(),
    );
    await pause();
    const late = await customerWith(t, smallTransfer());

    await jobHandlers["monitoring.run"](env, jobs.monitoringRun(t.id, runId));
    const run = (await json<{ run: Run }>(await getRun(t, runId))).run;
    expect(run.status).toBe("completed");
    expect(run.figures.entitiesScreened).toBe(share.length);
    expect((await pending(t)).map((r) => r.entity_id).sort()).toEqual(
      [late.accountId, late.customerId].sort(),
    );
  });
});

describe("manual runs", () => {
  it("starts a run now (202, audited), refused with 409 while one is in progress; alerts say on_demand", async () => {
    const t = await scheduledTenant("Manual", { frequency: "off" });
    const { customerId } = await customerWith(t, largeCash());

    // A run in progress (inserted as the cron would): a manual start is refused.
    const busyId = crypto.randomUUID();
    await shardRows(
      t,
      `INSERT INTO monitoring_runs (id, tenant_id, trigger, occurrence, status, started_at)
       VALUES (?, ?, 'schedule', 'daily:2026-01-01T02', 'running', ?)`,
      busyId,
      t.id,
      new Date().toISOString(),
    );
    expect((await call("POST", "/v1/monitoring/runs", { key: t.key })).status).toBe(409);
    await shardRows(t, "UPDATE monitoring_runs SET status = 'completed' WHERE id = ?", busyId);

    const readOnly = await createKey(t.id, ["aml:read"]);
    expect((await call("POST", "/v1/monitoring/runs", { key: readOnly.key })).status).toBe(403);

    const res = await call("POST", "/v1/monitoring/runs", { key: t.key });
    expect(res.status).toBe(202);
    const { run } = await json<{ run: Run }>(res);
    expect(run).toMatchObject({ trigger: "manual", occurrence: `manual:${run.runId}`, status: "running" });

    const done = await completed(t, run.runId);
    expect(done.figures.entitiesScreened).toBeGreaterThan(0);
    const alerts = await shardRows<{ trigger: string; run_id: string }>(
      t,
      "SELECT trigger, run_id FROM monitoring_alerts WHERE tenant_id = ? AND entity_id = ?",
      t.id,
      customerId,
    );
    expect(alerts.length).toBeGreaterThan(0);
    expect(alerts.every((a) => a.trigger === "on_demand" && a.run_id === run.runId)).toBe(true);

    const audit = await json<{ data: Array<{ target: { id: string } }> }>(
      await call("GET", "/v1/audit-log?action=monitoring.run_started", { key: t.key }),
    );
    expect(audit.data.map((e) => e.target.id)).toEqual([run.runId]);
  });
});

describe("a run whose message was lost (the minute cron's sweep)", () => {
  it("is resent once its heartbeat is 45 s behind, not 2 minutes after its start; a live step renews it", async () => {
    const t = await scheduledTenant("Stalled run");
    const start = Date.now();
    const at = (ms: number) => new Date(start + ms).toISOString();
    const id = crypto.randomUUID();
    // A run killed in its first step: started, its heartbeat taken at the step's start, no row claimed.
    await shardRows(
      t,
      `INSERT INTO monitoring_runs (id, tenant_id, trigger, occurrence, status, started_at, heartbeat_at)
       VALUES (?1, ?2, 'manual', 'manual:' || ?1, 'running', ?3, ?4)`,
      id,
      t.id,
      at(-60_000),
      at(-59_500),
    );
    const resumedAt = async (ms: number) =>
      (await scheduleMonitoringRuns(env, new Date(start + ms))).resumed.filter((r) => r.tenantId === t.id);
    // 44.5 s after its heartbeat: alive as far as the sweep can tell.
    expect(await resumedAt(-15_000)).toEqual([]);
    // 45.5 s after it (the old rule waited for 2 minutes after the start).
    const resumed = await resumedAt(-14_000);
    expect(resumed).toEqual([{ tenantId: t.id, runId: id }]);
    // The resent message's step renews the heartbeat and completes the run.
    const run = await completed(t, id);
    expect(run.steps).toBeGreaterThanOrEqual(1);
    const [row] = await shardRows<{ heartbeat_at: string }>(
      t,
      "SELECT heartbeat_at FROM monitoring_runs WHERE id = ?",
      id,
    );
    expect(row.heartbeat_at >= at(0)).toBe(true);
  });
});
