import { beforeAll, describe, expect, it } from "vitest";
import { call, createTenant, json, type TestTenant } from "../harness";
import { ago, customerWith, evaluate } from "./helpers";

interface Backtest {
  backtest: {
    entitiesEvaluated: number;
    rules: Array<{
      ruleId: string;
      currentHits: number;
      trialHits: number;
      added: number;
      removed: number;
      addedSample: string[];
    }>;
    topEntities: Array<{ entityId: string; totalTriggered: number; triggeredRuleIds: string[] }>;
    entitiesTriggeredCurrent: number;
    entitiesTriggeredTrial: number;
    skippedRules: Array<{ ruleId: string }>;
    persisted: boolean;
  };
  disclaimer: string;
}

let t: TestTenant;
const mid: string[] = [];
let big: string;
let structurer: string;

beforeAll(async () => {
  t = await createTenant({ name: "AML backtest" });
  for (let i = 0; i < 3; i++)
    mid.push(
      (await customerWith(t, [{ amountMinor: 3_000_000, transactionDate: ago(2), channel: "cash" }]))
        .customerId,
    );
  big = (await customerWith(t, [{ amountMinor: 6_000_000, transactionDate: ago(3), channel: "cash" }]))
    .customerId;
  structurer = (
    await customerWith(t, [
      { amountMinor: 4_600_000, transactionDate: ago(4), channel: "cash" },
      { amountMinor: 4_700_000, transactionDate: ago(3), channel: "cash" },
      { amountMinor: 4_800_000, transactionDate: ago(2), channel: "cash" },
    ])
  ).customerId;
  for (let i = 0; i < 4; i++)
    await customerWith(t, [{ amountMinor: 12_345, transactionDate: ago(i + 1), channel: "card" }]);
});

const run = async (body: Record<string, unknown>) => {
  const res = await call("POST", "/v1/kyc-aml/backtest", { key: t.key, body });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<Backtest>(res);
};

describe("backtest", () => {
  it("counts hits per rule under current and trial thresholds, and the difference", async () => {
    const { backtest: b, disclaimer } = await run({
      windowDays: 30,
      ruleIds: ["AML-LCT-001", "AML-STR-002"],
      thresholds: { largeCashAmount: 25000 },
    });
    expect(disclaimer).toBeTruthy();
    expect(b.entitiesEvaluated).toBe(9);
    const lct = b.rules.find((r) => r.ruleId === "AML-LCT-001")!;
    // Only the 60k deposit reaches 50k today; at 25k the three 30k depositors and the structurer join.
    expect(lct).toMatchObject({ currentHits: 1, trialHits: 5, added: 4, removed: 0 });
    expect(lct.addedSample).toEqual([...mid, structurer].sort());
    // Lower largeCashAmount moves the structuring band down: 46-48k are no longer just below it.
    const str = b.rules.find((r) => r.ruleId === "AML-STR-002")!;
    expect(str).toMatchObject({ currentHits: 1, trialHits: 0, removed: 1 });
    expect(b.entitiesTriggeredCurrent).toBe(2);
    expect(b.entitiesTriggeredTrial).toBe(5);
    expect(b.persisted).toBe(false);
  });

  it("agrees with evaluate entity by entity, and ranks the top entities", async () => {
    const { backtest: b } = await run({ windowDays: 30 });
    expect(b.skippedRules.map((s) => s.ruleId)).toContain("AML-GEO-006");
    for (const id of [big, structurer, ...mid]) {
      const { body } = await evaluate(t, { entityType: "customer", entityId: id });
      const fired = body!.result.triggeredRules.filter((r) => r.triggered).map((r) => r.ruleId);
      const top = b.topEntities.find((e) => e.entityId === id);
      expect(top?.triggeredRuleIds ?? []).toEqual(fired);
    }
    expect(b.topEntities[0].totalTriggered).toBeGreaterThanOrEqual(b.topEntities.at(-1)!.totalTriggered);
  });

  it("opens no cases and refuses bad trial thresholds", async () => {
    await run({ windowDays: 30 });
    const list = await json<{ pagination: { total: number } }>(
      await call("GET", "/v1/kyc-aml/cases", { key: t.key }),
    );
    expect(list.pagination.total).toBe(0);
    const bad = await call("POST", "/v1/kyc-aml/backtest", { key: t.key, body: { thresholds: { nope: 1 } } });
    expect(bad.status).toBe(400);
  });
});
