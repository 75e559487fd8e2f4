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

describe("fraud typologies on their planted pattern and their look-alike", () => {
  type Txn = Parameters<typeof insertTransactions>[2][number];
  const ids = (body: AlertBody) => body.alert.triggeredSignals.map((s) => s.signalId);
  const typologies = (entityId: string) =>
    evaluate({ entityType: "customer", entityId, signalIds: ["new_payee_drain", "refund_beyond_purchase"] });

  /**
   * 40 days of an ordinary holder: a monthly salary and a small bill a day to known payees at
   * midday (42 transactions: a takeover is read against 35 or more, minBaselineCount).
   */
  const ordinaryLife = (): Txn[] => [
    ...[75, 45].map((d) => ({
      amountMinor: 250_000,
      transactionDate: daysAgo(d),
      counterpartyName: "Employer Ltd",
    })),
    ...Array.from({ length: 40 }, (_, i) => ({
      type: "debit" as const,
      amountMinor: 15_000 + i * 100,
      transactionDate: daysAgo(35 + i, 12),
      counterpartyName: i % 2 ? "ECG Prepaid" : "MTN Airtime",
    })),
  ];
  /** Two payees never paid before, 16,000.00 between them within a few hours at `hourUtc`. */
  const payout = (hourUtc: number): Txn[] =>
    [
      { amountMinor: 900_000, counterpartyAccount: "0240009001" },
      { amountMinor: 700_000, counterpartyAccount: "0240009002" },
    ].map((p, i) => ({ ...p, type: "debit" as const, transactionDate: daysAgo(2, hourUtc + i) }));

  it("new_payee_drain: fires on a night drain to new payees, not on the same payout at the holder's usual hours", async () => {
    const [victim, owner] = [await insertCustomer(t), await insertCustomer(t)];
    await insertTransactions(t, await insertAccount(t, victim.id), [...ordinaryLife(), ...payout(2)]);
    await insertTransactions(t, await insertAccount(t, owner.id), [...ordinaryLife(), ...payout(12)]);
    expect(ids(await json<AlertBody>(await typologies(victim.id)))).toEqual(["new_payee_drain"]);
    // Same amounts to the same new payees, at the hours the owner always transacts: the owner's own move.
    expect(ids(await json<AlertBody>(await typologies(owner.id)))).toEqual([]);
  });

  it("refund_beyond_purchase: fires on refunds far beyond purchases, not on genuine refunds", async () => {
    const [abuser, shop] = [await insertCustomer(t), await insertCustomer(t)];
    // Each pair: a purchase from a customer, then two refunds to them.
    const trade = (purchaseMinor: number, refundMinor: number, party: string): Txn[] => [
      { amountMinor: purchaseMinor, transactionDate: daysAgo(20), counterpartyName: party },
      ...[10, 5].map((d) => ({
        type: "debit" as const,
        amountMinor: refundMinor,
        transactionDate: daysAgo(d),
        counterpartyName: party,
        category: "refund",
      })),
    ];
    // 3,000.00 refunded against 100.00 bought (30 x, 2,900.00 beyond it).
    await insertTransactions(t, await insertAccount(t, abuser.id), trade(10_000, 150_000, "Ama Accomplice"));
    // 2,000.00 refunded against 3,000.00 bought: within the purchase.
    await insertTransactions(t, await insertAccount(t, shop.id), trade(300_000, 100_000, "Yaw Buyer"));
    expect(ids(await json<AlertBody>(await typologies(abuser.id)))).toEqual(["refund_beyond_purchase"]);
    expect(ids(await json<AlertBody>(await typologies(shop.id)))).toEqual([]);
  });

  it("refund_beyond_purchase: one refund far beyond a cover purchase fires; one with nothing bought does not", async () => {
    const [accomplice, customer] = [await insertCustomer(t), await insertCustomer(t)];
    const refund: Txn = {
      amountMinor: 300_000,
      transactionDate: daysAgo(5),
      counterpartyName: "Kofi Pharmacy",
      category: "refund",
    };
    // 60.00 bought from the merchant, then 3,000.00 "refunded" once: 2,940.00 beyond it.
    const cover: Txn = {
      type: "debit",
      amountMinor: 6_000,
      transactionDate: daysAgo(8),
      counterpartyName: "Kofi Pharmacy",
    };
    await insertTransactions(t, await insertAccount(t, accomplice.id), [cover, refund]);
    // The same refund with no purchase in the book (bought elsewhere): one refund says nothing.
    await insertTransactions(t, await insertAccount(t, customer.id), [refund]);
    const body = await json<AlertBody>(await typologies(accomplice.id));
    expect(ids(body)).toEqual(["refund_beyond_purchase"]);
    expect(ids(await json<AlertBody>(await typologies(customer.id)))).toEqual([]);
  });
});
