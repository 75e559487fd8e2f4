import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTenantContext } from "../../src/db/tenant-context";
import { RULES_BACKTEST_JOB } from "../../src/jobs/messages";
import { jobHandlers } from "../../src/jobs/registry";
import { SIGNALS } from "../../src/modules/detection/domain/fraud/catalog";
import { startBacktest } from "../../src/modules/monitoring/backtest/runner";
import { ago, customerWith } from "../aml/helpers";
import { call, createTenant, holdJobSlots, json, type TestTenant } from "../harness";
import { putDraft, type BacktestRun as Run } from "./helpers";

const round = SIGNALS.find((s) => s.signalId === "round_amounts")!;
const unit = round.parameters.unitMinor!;
const liveMinCount = round.parameters.minCount!;
const band = SIGNALS.find((s) => s.signalId === "just_under_threshold")!.parameters;
const reporting = band.reportingThresholdMinor!;
// Lower round_amounts' count by two; disable just_under_threshold.
const DRAFT = {
  builtins: {
    round_amounts: { enabled: true, severity: "low", parameters: { minCount: liveMinCount - 2 }, weight: 1 },
    just_under_threshold: { enabled: false, severity: "high", parameters: {}, weight: 1 },
  },
};

const range = () => ({ from: ago(30), to: new Date(Date.now() - 1000).toISOString() });
const rule = (run: Run, id: string) => run.backtest!.rules.find((r) => r.ruleId === id)!;
const roundTxns = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ amountMinor: unit * (i + 2), transactionDate: ago(i + 2) }));

let t: TestTenant;
let fewRound: string;
let manyRound: string;
let structurer: string;
beforeAll(async () => {
  t = await createTenant({ name: "Fraud rule-set backtest" });
  fewRound = (await customerWith(t, roundTxns(liveMinCount - 2))).customerId;
  manyRound = (await customerWith(t, roundTxns(liveMinCount))).customerId;
  // Just under the reporting threshold (not round), minCount times.
  structurer = (
    await customerWith(
      t,
      Array.from({ length: band.minCount! }, (_, i) => ({
        amountMinor: reporting - reporting * 0.02 * (i + 1) + 1,
        transactionDate: ago(i + 3),
      })),
    )
  ).customerId;
  expect((await putDraft(t.key, "fraud", DRAFT)).status).toBe(200);
});

const fired = async (customerId: string) => {
  const res = await call("POST", "/v1/fraud/evaluate", {
    key: t.key,
    body: { entityType: "customer", entityId: customerId, windowDays: 30 },
  });
  expect(res.status).toBe(200);
  const { alert } = await json<{ alert: { triggeredSignals: Array<{ signalId: string }> } }>(res);
  return alert.triggeredSignals.map((s) => s.signalId);
};

describe("fraud built-ins in the rule-set backtest", () => {
  it("a lowered threshold shows a newly-hit entity, a disabled signal a no-longer-hit one", async () => {
    const res = await call("POST", "/v1/rule-sets/fraud/backtest", { key: t.key, body: range() });
    expect(res.status, await res.clone().text()).toBe(200);
    const run = await json<Run>(res);
    expect(run.status).toBe("succeeded");
    expect(rule(run, "round_amounts")).toMatchObject({
      source: "builtin",
      liveHits: 1,
      draftHits: 2,
      newlyHit: 1,
      noLongerHit: 0,
      newlyHitSample: [fewRound],
    });
    expect(rule(run, "just_under_threshold")).toMatchObject({
      liveHits: 1,
      draftHits: 0,
      noLongerHit: 1,
      noLongerHitSample: [structurer],
    });
    // Built-ins now run: none is reported as skipped for customers.
    expect(run.backtest!.skippedRules).toEqual([]);
    expect(run.backtest!.casesOpened).toBe(0);
    // The live side agrees with evaluate, entity by entity.
    expect(await fired(manyRound)).toContain("round_amounts");
    expect(await fired(fewRound)).not.toContain("round_amounts");
    expect(await fired(structurer)).toContain("just_under_threshold");
  });

  it("queued: one page of entities per step, with progress, and the same answer", async () => {
    const sync = await json<Run>(
      await call("POST", "/v1/rule-sets/fraud/backtest", { key: t.key, body: range() }),
    );
    const ctx = await loadTenantContext(env, t.id, "test-queued-fraud-backtest");
    // The real queue must not run the steps meanwhile (it would count pages ahead of the test).
    const release = await holdJobSlots(t.id);
    const { queued, run } = await startBacktest(
      ctx,
      "fraud",
      { entityType: "customer", ...range() },
      { queue: true, fraudPageSize: 1, unitsPerStep: 1 },
    );
    expect(queued).toBe(true);
    const read = async () =>
      json<Run>(await call("GET", `/v1/rule-sets/fraud/backtests/${run.backtestId}`, { key: t.key }));
    const percents: number[] = [];
    for (let step = 0; step < 10; step++) {
      const message = { type: RULES_BACKTEST_JOB, tenantId: t.id, backtestId: run.backtestId, step } as const;
      await jobHandlers[RULES_BACKTEST_JOB](env, message);
      await jobHandlers[RULES_BACKTEST_JOB](env, message); // redelivered: counted once
      const now = await read();
      percents.push(now.progress.percent);
      expect(now.progress.fraudPagesDone).toBe(step + 1);
      if (now.status === "succeeded") break;
      expect(now.status).toBe("running");
    }
    await release();
    const done = await read();
    expect(done.status).toBe("succeeded");
    expect(percents.length).toBeGreaterThanOrEqual(3); // three entities, one per page
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(done.backtest!.rules).toEqual(sync.backtest!.rules);
  });
});
