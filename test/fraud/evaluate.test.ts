import { beforeAll, describe, expect, it } from "vitest";
import { SIGNALS } from "../../src/modules/detection/domain/fraud/catalog";
import {
  call,
  createTenant,
  insertAccount,
  insertAgent,
  insertCustomer,
  insertTransactions,
  json,
  type TestTenant,
} from "../harness";
import { daysAgo } from "./helpers";

interface AlertBody {
  success: boolean;
  disclaimer: string;
  alert: {
    entityType: string;
    overallScore: number;
    severity: string;
    isAdvisoryOnly: boolean;
    windowDays: number;
    triggeredSignals: Array<{ signalId: string; counterfactual: string; evidence: unknown[] }>;
    nonTriggeredSignalCount: number;
    evaluatedSignalIds: string[];
    explainability: { topContributors: unknown[]; recommendation: string };
  };
}

let t: TestTenant;
let customerId: string;
let accountId: string;

beforeAll(async () => {
  t = await createTenant({ shard: 1 });
  const customer = await insertCustomer(t);
  const account = await insertAccount(t, customer.id);
  customerId = customer.id;
  accountId = account.id;
  // Three amounts just under 50,000.00 and a burst of 22 transactions this week.
  await insertTransactions(t, account, [
    ...[4_990_000, 4_800_000, 4_650_000].map((amountMinor, i) => ({
      amountMinor,
      transactionDate: daysAgo(i * 3 + 1),
    })),
    ...Array.from({ length: 22 }, (_, i) => ({
      amountMinor: 12_345 + i,
      transactionDate: daysAgo(i % 5),
      merchantName: "Kofi Traders",
    })),
  ]);
});

const evaluate = (body: Record<string, unknown>, key = t.key) =>
  call("POST", "/v1/fraud/evaluate", { key, body });

describe("POST /v1/fraud/evaluate", () => {
  it("answers a FraudAlert with evidence, counterfactuals and a disclaimer", async () => {
    const res = await evaluate({ entityType: "customer", entityId: customerId });
    expect(res.status).toBe(200);
    const body = await json<AlertBody>(res);
    expect(body.disclaimer).toMatch(/advisory/i);
    expect(body.alert.isAdvisoryOnly).toBe(true);
    expect(body.alert.windowDays).toBe(30);
    const ids = body.alert.triggeredSignals.map((s) => s.signalId);
    expect(ids).toEqual(expect.arrayContaining(["just_under_threshold", "velocity_count"]));
    for (const s of body.alert.triggeredSignals) {
      expect(s.counterfactual).toMatch(/^Would not trigger if/);
      expect(s.evidence.length).toBeGreaterThan(0);
    }
    expect(body.alert.overallScore).toBeGreaterThan(0);
    expect(body.alert.overallScore).toBeLessThanOrEqual(100);
    expect(body.alert.explainability.topContributors.length).toBeGreaterThan(0);
  });

  it("evaluates accounts, agents and merchants", async () => {
    const account = await json<AlertBody>(await evaluate({ entityType: "account", entityId: accountId }));
    expect(account.alert.triggeredSignals.map((s) => s.signalId)).toContain("just_under_threshold");
    const merchant = await json<AlertBody>(
      await evaluate({ entityType: "merchant", entityId: "Kofi Traders" }),
    );
    expect(merchant.alert.triggeredSignals.map((s) => s.signalId)).toContain("velocity_count");
    expect(merchant.alert.evaluatedSignalIds).not.toContain("dormant_reactivation");
    const agent = await insertAgent(t);
    const quiet = await json<AlertBody>(await evaluate({ entityType: "agent", entityId: agent.agentId }));
    expect(quiet.alert.overallScore).toBe(0);
    expect(quiet.alert.triggeredSignals).toEqual([]);
  });

  it("runs only the named signals", async () => {
    const body = await json<AlertBody>(
      await evaluate({ entityType: "customer", entityId: customerId, signalIds: ["round_amounts"] }),
    );
    expect(body.alert.evaluatedSignalIds).toEqual(["round_amounts"]);
    expect(body.alert.triggeredSignals).toEqual([]);
    expect(body.alert.nonTriggeredSignalCount).toBe(1);
  });

  it("a 1-day window sees less than a 30-day one", async () => {
    const day = await json<AlertBody>(
      await evaluate({ entityType: "customer", entityId: customerId, windowDays: 1 }),
    );
    expect(day.alert.triggeredSignals.map((s) => s.signalId)).not.toContain("just_under_threshold");
  });

  it("400 on unknown signal ids and out-of-range windows", async () => {
    const unknown = await evaluate({
      entityType: "customer",
      entityId: customerId,
      signalIds: ["velocity_count", "bogus"],
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain("bogus");
    for (const windowDays of [0, 366, 2.5]) {
      expect((await evaluate({ entityType: "customer", entityId: customerId, windowDays })).status).toBe(400);
    }
    expect((await evaluate({ entityType: "shop", entityId: "x" })).status).toBe(400);
  });

  it("404 for an unknown customer, account or agent, and for another tenant's customer", async () => {
    for (const entityType of ["customer", "account"]) {
      expect((await evaluate({ entityType, entityId: crypto.randomUUID() })).status).toBe(404);
    }
    expect((await evaluate({ entityType: "agent", entityId: "AGT-none" })).status).toBe(404);
    const other = await createTenant({ shard: 0 });
    expect((await evaluate({ entityType: "customer", entityId: customerId }, other.key)).status).toBe(404);
  });

  it("persists nothing", async () => {
    await evaluate({ entityType: "customer", entityId: customerId });
    const cases = await json<{ total: number }>(await call("GET", "/v1/fraud/cases", { key: t.key }));
    expect(cases.total).toBe(0);
  });
});

describe("signals and alerts", () => {
  it("lists enabled signals by default and all with enabledOnly=false", async () => {
    type Listing = {
      signals: Array<{ signalId: string; isEnabled: boolean }>;
      totalCount: number;
      disclaimer: string;
    };
    const enabled = await json<Listing>(await call("GET", "/v1/fraud/signals", { key: t.key }));
    const all = await json<Listing>(await call("GET", "/v1/fraud/signals?enabledOnly=false", { key: t.key }));
    // The catalogue (docs/methodology/fraud.md, "Signals"): 13 signals, unusual_hours and
    // amount_spike off by default (the detection benchmark, docs/methodology/typologies.md).
    expect(all.signals.map((s) => s.signalId)).toEqual(SIGNALS.map((s) => s.signalId));
    expect(all.totalCount).toBe(13);
    expect(all.signals.filter((s) => !s.isEnabled).map((s) => s.signalId)).toEqual([
      "amount_spike",
      "unusual_hours",
    ]);
    expect(enabled.signals.map((s) => s.signalId)).toEqual(
      SIGNALS.filter((s) => s.isEnabled).map((s) => s.signalId),
    );
    expect(enabled.totalCount).toBe(11);
    expect(enabled.disclaimer).toBeTruthy();
  });

  it("alerts: evaluation stores none, so the list stays empty, with its message", async () => {
    const body = await json<{ alerts: unknown[]; message: string; disclaimer: string }>(
      await call("GET", "/v1/fraud/alerts", { key: t.key }),
    );
    expect(body.alerts).toEqual([]);
    expect(body.message).toMatch(/stores nothing/);
    expect(body.disclaimer).toBeTruthy();
  });
});
