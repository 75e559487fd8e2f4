import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { systemShardDb } from "../../src/db/system-db";
import { forTenant } from "../../src/db/tenant-db";
import { jobs } from "../../src/jobs/messages";
import { jobHandlers } from "../../src/jobs/registry";
import { queueRescreenPage } from "../../src/modules/monitoring/runs/repo";
import { VELOCITY_BURST } from "../../src/modules/rules/domain/custom/examples";
import { ago, customerWith } from "../aml/helpers";
import { call, json, shardRows, type TestTenant } from "../harness";
import { pending, quietTenant, runScreenJob } from "../monitoring/helpers";
import { eventually } from "../webhooks/helpers";
import { publish, putDraft } from "./helpers";

// Issue 38 item 3: publishing a version rescreens the population on the queue, in pages, with
// figures; its alerts carry trigger rescreen; one run per kind and version.
interface Run {
  runId: string;
  trigger: string;
  occurrence: string;
  status: string;
  figures: Record<string, number>;
  steps: number;
}

const screeningsOf = (t: TestTenant) =>
  shardRows<{ entity_type: string; entity_id: string; trigger: string; screenings: number }>(
    t,
    "SELECT entity_type, entity_id, trigger, screenings FROM monitoring_screenings WHERE tenant_id = ?",
    t.id,
  );
const runByOccurrence = (t: TestTenant, occurrence: string) =>
  shardRows<{ id: string }>(
    t,
    "SELECT id FROM monitoring_runs WHERE tenant_id = ? AND occurrence = ?",
    t.id,
    occurrence,
  );

/** An AML rule every customer and account with a transaction in 7 days fires (not in version 0). */
const everyone = {
  ...VELOCITY_BURST,
  ruleId: "any-activity-7d",
  score: undefined,
  condition: { op: "compare", aggregate: { fn: "count", windowDays: 7 }, comparator: ">=", to: { value: 1 } },
};

describe("rescreening after a publication", () => {
  it("screens every screened entity again under the new version; alerts marked rescreen; once per version", async () => {
    const t = await quietTenant("Rescreen");
    for (let i = 0; i < 3; i++)
      await customerWith(t, [{ amountMinor: 12_345, transactionDate: ago(1), channel: "mobile_money" }]);
    await runScreenJob(t);
    expect(await pending(t)).toEqual([]);
    const before = await screeningsOf(t);
    expect(before.length).toBeGreaterThanOrEqual(6); // 3 customers, 3 accounts, their counterparties

    expect((await putDraft(t.key, "aml", { custom: [everyone] })).status).toBe(200);
    expect((await publish(t.key, "aml", "a rule for everyone")).status).toBe(200);
    // The publication's message is delayed (RESCREEN_DELAY_SECONDS): deliver it now, as the
    // queue will; the delayed delivery then finds the version's run and does nothing.
    await jobHandlers["monitoring.rescreen"](env, jobs.monitoringRescreen(t.id, "aml", 1));
    await jobHandlers["monitoring.rescreen"](env, jobs.monitoringRescreen(t.id, "aml", 1));
    const [row, ...more] = await runByOccurrence(t, "rescreen:aml:v1");
    expect(more).toEqual([]);
    const run = await eventually(
      async () =>
        (await json<{ run: Run }>(await call("GET", `/v1/monitoring/runs/${row!.id}`, { key: t.key }))).run,
      (r) => r.status !== "running",
      30_000,
    );
    expect(run).toMatchObject({ trigger: "rescreen", occurrence: "rescreen:aml:v1", status: "completed" });

    // Every entity screened before was screened again by the rescreen; nothing skipped.
    const after = await screeningsOf(t);
    const key = (s: { entity_type: string; entity_id: string }) => `${s.entity_type}:${s.entity_id}`;
    const again = new Map(after.map((s) => [key(s), s]));
    for (const s of before) expect(again.get(key(s))).toMatchObject({ trigger: "rescreen", screenings: 2 });
    const alerts = await shardRows<{ trigger: string; entity_type: string; rule_ids: string; cases: string }>(
      t,
      "SELECT trigger, entity_type, rule_ids, cases FROM monitoring_alerts WHERE tenant_id = ? AND run_id = ?",
      t.id,
      run.runId,
    );
    expect(alerts.every((a) => a.trigger === "rescreen")).toBe(true);
    const firedFor = alerts.filter((a) => (JSON.parse(a.rule_ids) as string[]).includes(everyone.ruleId));
    expect(firedFor.map((a) => a.entity_type).sort()).toEqual([
      "account",
      "account",
      "account",
      "customer",
      "customer",
      "customer",
    ]);
    const cases = alerts.flatMap((a) => JSON.parse(a.cases) as Array<{ action: string }>);
    expect(run.figures).toEqual({
      entitiesScreened: before.length,
      entitiesSkipped: 0,
      entitiesFailed: 0,
      alertsRaised: alerts.length,
      casesOpened: cases.filter((c) => c.action === "opened").length,
      casesAppended: cases.filter((c) => c.action === "appended").length,
    });

    // On demand for the same live version: the same run, not a second one.
    const res = await call("POST", "/v1/monitoring/rescreens", { key: t.key, body: { kind: "aml" } });
    expect(res.status).toBe(202);
    const same = await json<{ run: Run; created: boolean }>(res);
    expect(same).toMatchObject({ created: false, run: { runId: run.runId } });
    expect(await runByOccurrence(t, "rescreen:aml:v1")).toHaveLength(1);
    const bad = await call("POST", "/v1/monitoring/rescreens", { key: t.key, body: { kind: "credit" } });
    expect(bad.status).toBe(400);
  });

  it("queues the population in pages: entities screened before the run, not already pending", async () => {
    const t = await quietTenant("Rescreen pages");
    for (let i = 0; i < 3; i++)
      await customerWith(t, [{ amountMinor: 5_000, transactionDate: ago(2), channel: "mobile_money" }]);
    await runScreenJob(t);
    const total = (await screeningsOf(t)).length;
    const scope = { db: forTenant(systemShardDb(env, t.shard), t.id), tenantId: t.id };
    const startedAt = new Date(Date.now() + 1000).toISOString();
    const pages: number[] = [];
    for (let n = -1; n !== 0; ) {
      n = await queueRescreenPage(scope, startedAt, 4);
      pages.push(n);
    }
    const expected = Array.from({ length: Math.ceil(total / 4) }, (_, i) => Math.min(4, total - i * 4));
    expect(pages).toEqual([...expected, 0]);
    const queued = await pending(t);
    expect(queued).toHaveLength(total);
    // Queued as first seen just before the run began, so its drain (seenBefore) claims them.
    const firstSeen = await shardRows<{ first_seen_at: string }>(
      t,
      "SELECT DISTINCT first_seen_at FROM monitoring_pending WHERE tenant_id = ?",
      t.id,
    );
    expect(firstSeen).toEqual([{ first_seen_at: new Date(Date.parse(startedAt) - 1).toISOString() }]);
  });
});

describe("a rescreen message for a version no longer live", () => {
  it("is dropped: the newer version's own message starts the rescreen that matters", async () => {
    const t = await quietTenant("Rescreen superseded");
    expect((await putDraft(t.key, "fraud", {})).status).toBe(200);
    expect((await publish(t.key, "fraud")).status).toBe(200);
    expect((await putDraft(t.key, "fraud", {})).status).toBe(200);
    expect((await publish(t.key, "fraud")).status).toBe(200);
    await jobHandlers["monitoring.rescreen"](env, jobs.monitoringRescreen(t.id, "fraud", 1));
    expect(await runByOccurrence(t, "rescreen:fraud:v1")).toEqual([]);
    await jobHandlers["monitoring.rescreen"](env, jobs.monitoringRescreen(t.id, "fraud", 2));
    expect(await runByOccurrence(t, "rescreen:fraud:v2")).toHaveLength(1);
  });
});
