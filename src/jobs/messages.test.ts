import { describe, expect, it } from "vitest";
import { isDeliveryMessage, isJobMessage, isJobType, type JobMessage, jobs, QUEUE_NAMES } from "./messages";

const built: JobMessage[] = [
  jobs.syncContinue("t1", "r1"),
  jobs.amlBacktest("t1", "b1"),
  jobs.rulesBacktest("t1", "b1", 0),
  jobs.bhiCalculate("t1", "j1"),
  jobs.smeBenchmarks("t1", 90),
  jobs.smeBenchmarksAll("t1"),
  jobs.agentHealthRefresh("t1"),
  jobs.outboxDispatch("t1"),
  jobs.workflowRun("t1", "r1"),
  jobs.workflowRun("t1", "r1", "lease-1"),
  jobs.workflowStart("t1", {
    workflowId: "bhi-refresh",
    triggerKey: "cron:2026-01-01",
    triggeredBy: "cron:x",
  }),
  jobs.monitoringScreen("t1"),
  jobs.monitoringRescreen("t1", "aml", 3),
];

describe("job messages", () => {
  it("every builder makes a message the consumer accepts", () => {
    for (const message of built) expect(isJobMessage(message), message.type).toBe(true);
    expect(new Set(built.map((m) => m.type)).size).toBe(11);
  });

  it("a message survives the queue's copy unchanged (plain data, no undefined fields)", () => {
    for (const message of built) expect(JSON.parse(JSON.stringify(message))).toEqual(message);
    expect(Object.keys(jobs.workflowRun("t1", "r1"))).toEqual(["type", "tenantId", "runId"]);
  });

  it("refuses a missing or mistyped field, per type", () => {
    const bad: unknown[] = [
      { type: "bhi.calculate", tenantId: "t1" },
      { type: "bhi.calculate", tenantId: "t1", jobId: 7 },
      { type: "outbox.dispatch" },
      { type: "rules.backtest", tenantId: "t1", backtestId: "b1" },
      { type: "rules.backtest", tenantId: "t1", backtestId: "b1", step: 0.5 },
      { type: "outbox.dispatch", tenantId: null },
      { type: "sme.benchmarks", tenantId: "t1", windowDays: "90" },
      { type: "sme.benchmarks", tenantId: "t1", windowDays: 1.5 },
      { type: "sme.benchmarks", tenantId: "t1", all: "yes" },
      { type: "workflow.run", tenantId: "t1", runId: "r1", lease: 3 },
      { type: "workflow.start", tenantId: "t1", workflowId: "bhi-refresh", triggerKey: "k" },
    ];
    for (const body of bad) expect(isJobMessage(body), JSON.stringify(body)).toBe(false);
  });

  it("refuses bodies that are not messages, and types no handler has", () => {
    for (const body of [null, undefined, "outbox.dispatch", 42, [], { tenantId: "t1" }])
      expect(isJobMessage(body)).toBe(false);
    expect(isJobMessage({ type: "nope", tenantId: "t1" })).toBe(false);
    for (const type of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(isJobType(type)).toBe(false);
      expect(isJobMessage({ type, tenantId: "t1" })).toBe(false);
    }
  });

  it("accepts fields it does not know (an older or newer producer's extras are ignored)", () => {
    expect(isJobMessage({ ...jobs.outboxDispatch("t1"), extra: 1 })).toBe(true);
  });

  it("delivery messages need ids and an integer attempt", () => {
    expect(isDeliveryMessage({ tenantId: "t", deliveryId: "d", attempt: 1 })).toBe(true);
    expect(isDeliveryMessage({ tenantId: "t", deliveryId: "d", attempt: "1" })).toBe(false);
    expect(isDeliveryMessage({ tenantId: "t", attempt: 1 })).toBe(false);
    expect(isDeliveryMessage(null)).toBe(false);
  });

  it("queue names are the ones wrangler.toml declares", () => {
    expect(Object.values(QUEUE_NAMES)).toEqual([
      "credit-ops-jobs",
      "credit-ops-jobs-dlq",
      "credit-ops-webhooks",
      "credit-ops-webhooks-dlq",
      "credit-ops-outbox",
      "credit-ops-outbox-dlq",
    ]);
  });
});
