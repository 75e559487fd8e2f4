import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTenantContext } from "../../src/db/tenant-context";
import { RULES_BACKTEST_JOB } from "../../src/jobs/messages";
import { jobHandlers } from "../../src/jobs/registry";
import { startBacktest } from "../../src/modules/monitoring/backtest/runner";
import { ago, customerWith } from "../aml/helpers";
import { fileReport } from "../goaml/file-report";
import { call, createTenant, json, type TestTenant } from "../harness";
import { putDraft, type BacktestRun as Run, ruleSet } from "./helpers";

const CASH_SUM: Record<string, unknown> = {
  ruleId: "cash-sum-30d",
  name: "Cash volume at the reporting threshold",
  enabled: true,
  appliesTo: ["customer"],
  severity: "high",
  score: 30,
  reason: "Cash of largeCashAmount or more in 30 days",
  counterfactual: "Would not fire below largeCashAmount in 30 days",
  condition: {
    op: "compare",
    aggregate: { fn: "sum", field: "amount", windowDays: 30, filter: { channels: ["cash"] } },
    comparator: ">=",
    to: { threshold: "largeCashAmount" },
  },
};
const DRAFT = {
  thresholds: { largeCashAmount: 25000 },
  builtins: { "AML-DOR-005": { enabled: false, severity: "medium", parameters: {}, weight: 1 } },
  custom: [CASH_SUM],
};

const range = () => ({ from: ago(30), to: new Date(Date.now() - 1000).toISOString() });
const backtest = (tenant: TestTenant, kind: string, body: Record<string, unknown> = {}) =>
  call("POST", `/v1/rule-sets/${kind}/backtest`, { key: tenant.key, body: { ...range(), ...body } });
const casesTotal = async (tenant: TestTenant) =>
  (await json<{ pagination: { total: number } }>(await call("GET", "/v1/kyc-aml/cases", { key: tenant.key })))
    .pagination.total;

let t: TestTenant;
let mid: string;
let big: string;
let dormant: string;
beforeAll(async () => {
  t = await createTenant({ name: "Rule-set backtest" });
  mid = (await customerWith(t, [{ amountMinor: 3_000_000, transactionDate: ago(2), channel: "cash" }]))
    .customerId;
  big = (await customerWith(t, [{ amountMinor: 6_000_000, transactionDate: ago(3), channel: "cash" }]))
    .customerId;
  dormant = (
    await customerWith(t, [
      { amountMinor: 100, transactionDate: ago(400) },
      { amountMinor: 1_500_000, transactionDate: ago(6) },
    ])
  ).customerId;
  await customerWith(t, [{ amountMinor: 12_345, transactionDate: ago(1), channel: "card" }]);
  expect((await putDraft(t.key, "aml", DRAFT)).status).toBe(200);
});

const rule = (run: Run, id: string) => run.backtest!.rules.find((r) => r.ruleId === id)!;

describe("POST /v1/rule-sets/{kind}/backtest", () => {
  it("shows entities newly hit (lower threshold, new custom rule) and no longer hit (disabled rule)", async () => {
    const res = await backtest(t, "aml");
    expect(res.status, await res.clone().text()).toBe(200);
    const run = await json<Run>(res);
    expect(run.status).toBe("succeeded");
    const set = await ruleSet(t.key, "aml");
    expect(run.backtest!.live).toMatchObject({ version: 0, hash: set.live.hash });
    expect(run.backtest!.draft).toMatchObject({ version: null, hash: set.draft!.hash, basedOnVersion: 0 });
    expect(run.backtest!.entitiesActive).toBe(4);
    // 30k cash reaches the draft's 25k, not the live 50k.
    expect(rule(run, "AML-LCT-001")).toMatchObject({
      source: "builtin",
      liveHits: 1,
      draftHits: 2,
      newlyHit: 1,
      noLongerHit: 0,
      newlyHitSample: [mid],
    });
    // Disabled in the draft: the dormant customer is no longer hit.
    expect(rule(run, "AML-DOR-005")).toMatchObject({
      liveHits: 1,
      draftHits: 0,
      noLongerHit: 1,
      noLongerHitSample: [dormant],
    });
    // The custom rule exists only in the draft, and reads the draft's threshold.
    expect(rule(run, "cash-sum-30d")).toMatchObject({
      source: "custom",
      liveHits: 0,
      draftHits: 2,
      newlyHit: 2,
      newlyHitSample: [mid, big].sort(),
    });
    expect(run.backtest!.casesOpened).toBe(0);
    // Readable again by id, by this tenant and kind only.
    const again = await json<Run>(
      await call("GET", `/v1/rule-sets/aml/backtests/${run.backtestId}`, { key: t.key }),
    );
    expect(again.backtest!.rules).toEqual(run.backtest!.rules);
    expect(
      (await call("GET", `/v1/rule-sets/fraud/backtests/${run.backtestId}`, { key: t.key })).status,
    ).toBe(404);
    const stranger = await createTenant({ name: "stranger" });
    expect(
      (await call("GET", `/v1/rule-sets/aml/backtests/${run.backtestId}`, { key: stranger.key })).status,
    ).toBe(404);
  });

  it("writes nothing but the run document: no case, no version, the draft unchanged", async () => {
    const before = await ruleSet(t.key, "aml");
    const cases = await casesTotal(t);
    expect((await backtest(t, "aml")).status).toBe(200);
    expect(await casesTotal(t)).toBe(cases);
    const after = await ruleSet(t.key, "aml");
    expect(after.live).toEqual(before.live);
    expect(after.draft).toEqual(before.draft);
  });

  it("refuses a bad range (400 naming the field) and a missing draft (409)", async () => {
    const bad = await backtest(t, "aml", { from: ago(1), to: ago(2) });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('"to"');
    const future = await backtest(t, "aml", { to: new Date(Date.now() + 86_400_000).toISOString() });
    expect(future.status).toBe(400);
    expect((await backtest(t, "fraud")).status).toBe(409);
  });

  it("queued: advances a bounded step per message, reports progress, ends with the same answer", async () => {
    const sync = await json<Run>(await backtest(t, "aml"));
    const ctx = await loadTenantContext(env, t.id, "test-queued-backtest");
    const { from, to } = range();
    const { queued, run } = await startBacktest(
      ctx,
      "aml",
      { entityType: "customer", from, to },
      { queue: true, pageSize: 2, unitsPerStep: 1 },
    );
    expect(queued).toBe(true);
    expect(run).toMatchObject({ status: "queued", progress: { unitsDone: 0, partitions: 2 } });
    const read = async () =>
      json<Run>(await call("GET", `/v1/rule-sets/aml/backtests/${run.backtestId}`, { key: t.key }));
    const percents: number[] = [];
    for (let step = 0; step < 10; step++) {
      const message = { type: RULES_BACKTEST_JOB, tenantId: t.id, backtestId: run.backtestId, step } as const;
      await jobHandlers[RULES_BACKTEST_JOB](env, message);
      await jobHandlers[RULES_BACKTEST_JOB](env, message); // redelivered: must not count twice
      const now = await read();
      percents.push(now.progress.percent);
      if (now.status === "succeeded") break;
      expect(now.status).toBe("running");
      expect(now.progress.unitsDone).toBe(step + 1);
    }
    const done = await read();
    expect(done.status).toBe("succeeded");
    // 4 entities in pages of 2, built-ins and custom rules together: two steps at most. The
    // message startBacktest sent is also on the real queue, whose consumer may take one of them.
    expect(percents.length).toBeGreaterThanOrEqual(1);
    expect(percents.length).toBeLessThanOrEqual(2);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);
    expect(done.backtest!.rules).toEqual(sync.backtest!.rules);
  });

  it("queued: a step evaluates at most its entity budget, in whole pages, whatever its statements", async () => {
    // Before the entity budget a step ran every unit under ~100 statements: a 10,000-entity run
    // (about 30 statements) was one invocation of ~30 s. Here a page is 1 entity (about 10
    // statements), so only the entity budget can end a step after 2 pages.
    const sync = await json<Run>(await backtest(t, "aml"));
    const ctx = await loadTenantContext(env, t.id, "test-step-budget");
    const { from, to } = range();
    const { run } = await startBacktest(
      ctx,
      "aml",
      { entityType: "customer", from, to },
      { queue: true, pageSize: 1, stepEntities: 2 },
    );
    const read = async () =>
      json<Run>(await call("GET", `/v1/rule-sets/aml/backtests/${run.backtestId}`, { key: t.key }));
    const done: number[] = [];
    for (let step = 0; step < 4; step++) {
      await jobHandlers[RULES_BACKTEST_JOB](env, {
        type: RULES_BACKTEST_JOB,
        tenantId: t.id,
        backtestId: run.backtestId,
        step,
      });
      const now = await read();
      done.push(now.progress.unitsDone);
      if (now.status === "succeeded") break;
    }
    const entities = sync.backtest!.entitiesActive;
    expect(entities).toBe(4);
    // Pages of 1 entity, 2 entities per step: 4 entities take 2 steps, 2 pages each.
    expect(done).toEqual([2, 4]);
    const last = await read();
    expect(last.status).toBe("succeeded");
    expect(last.backtest!.rules).toEqual(sync.backtest!.rules);
  });
});

describe("case feedback", () => {
  it("precision per rule from closed AML cases, in the rule set and the backtest", async () => {
    const f = await createTenant({ name: "feedback" });
    const caseIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { customerId } = await customerWith(f, [
        { amountMinor: 6_000_000, transactionDate: ago(2), channel: "cash" },
      ]);
      const res = await call("POST", "/v1/kyc-aml/evaluate", {
        key: f.key,
        body: { entityType: "customer", entityId: customerId, ruleIds: ["AML-LCT-001"] },
      });
      caseIds.push(
        (await json<{ result: { cases: Array<{ caseId: string }> } }>(res)).result.cases[0].caseId,
      );
    }
    const move = (id: string, toStatus: string) =>
      call("POST", `/v1/kyc-aml/cases/${id}/transition`, { key: f.key, body: { toStatus, actorId: "a1" } });
    await move(caseIds[0], "under_investigation");
    await fileReport(f, caseIds[0]);
    expect((await move(caseIds[0], "closed_reported")).status).toBe(200);
    expect((await move(caseIds[1], "closed_false_positive")).status).toBe(200);
    expect((await move(caseIds[2], "closed_no_action")).status).toBe(200);
    // caseIds[3] stays open: not feedback yet.
    const counts = { confirmed: 1, cleared: 1, inconclusive: 1, sampleSize: 2, precision: 0.5 };
    // Every case was opened under the live version 0 (the tenant published none): one version row.
    const expected = { ruleId: "AML-LCT-001", ...counts, versions: [{ version: 0, ...counts }] };
    const set = await json<{ feedback: { byVersion: boolean; rules: unknown[] } }>(
      await call("GET", "/v1/rule-sets/aml", { key: f.key }),
    );
    expect(set.feedback).toEqual({ byVersion: true, rules: [expected] });
    expect((await putDraft(f.key, "aml", DRAFT)).status).toBe(200);
    const run = await json<Run>(await backtest(f, "aml"));
    expect(rule(run, "AML-LCT-001").precision).toEqual(expected);
    expect(rule(run, "AML-STR-002").precision).toBeNull();
  });

  it("precision per signal from closed fraud cases", async () => {
    const f = await createTenant({ name: "fraud feedback" });
    const open = async (signals: string[]) => {
      const res = await call("POST", "/v1/fraud/cases", {
        key: f.key,
        body: {
          alertId: crypto.randomUUID(),
          entityType: "customer",
          entityId: crypto.randomUUID(),
          severity: "high",
          overallScore: 64,
          title: "t",
          triggeredSignals: signals.map((signalId) => ({ signalId, triggered: true })),
        },
      });
      expect(res.status).toBe(201);
      return (await json<{ case: { id: string } }>(res)).case.id;
    };
    const close = (id: string, newStatus: string) =>
      call("POST", `/v1/fraud/cases/${id}/status`, { key: f.key, body: { newStatus, actorId: "a1" } });
    expect((await close(await open(["velocity_count", "round_amounts"]), "closed_suspicious")).status).toBe(
      200,
    );
    expect((await close(await open(["velocity_count"]), "closed_cleared")).status).toBe(200);
    expect((await close(await open(["velocity_count"]), "closed_cleared")).status).toBe(200);
    await open(["velocity_count"]);
    const set = await json<{ feedback: { rules: Array<{ ruleId: string; precision: number | null }> } }>(
      await call("GET", "/v1/rule-sets/fraud", { key: f.key }),
    );
    // Cases created by hand carry no rule-set version: their counts sit under version null.
    const round = { confirmed: 1, cleared: 0, inconclusive: 0, sampleSize: 1, precision: 1 };
    const velocity = { confirmed: 1, cleared: 2, inconclusive: 0, sampleSize: 3, precision: 0.3333 };
    expect(set.feedback.rules).toEqual([
      { ruleId: "round_amounts", ...round, versions: [{ version: null, ...round }] },
      { ruleId: "velocity_count", ...velocity, versions: [{ version: null, ...velocity }] },
    ]);
  });
});
