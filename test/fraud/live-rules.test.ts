import { beforeAll, describe, expect, it } from "vitest";
import { TREE_LIMITS } from "../../src/modules/rules/domain/custom/tree";
import {
  admin,
  call,
  createTenant,
  insertAccount,
  insertCustomer,
  insertTransactions,
  json,
  type TestTenant,
} from "../harness";
import { addEntries, createList, inDays } from "../lists/helpers";
import { publish, putDraft, ruleSet } from "../rules/helpers";
import { daysAgo } from "./helpers";

/** Issue 14 wiring: fraud evaluation runs the tenant's live rule-set version. */
interface Alert {
  triggeredSignals: Array<{
    signalId: string;
    category: string;
    contribution: number;
    counterfactual: string | null;
  }>;
  suppressedSignals: Array<{ signalId: string; suppressedBy: string }>;
  evaluatedSignalIds: string[];
  overallScore: number;
  ruleSet: { kind: string; version: number; hash: string };
}

const evaluate = async (t: TestTenant, entityId: string, extra: Record<string, unknown> = {}) => {
  const res = await call("POST", "/v1/fraud/evaluate", {
    key: t.key,
    body: { entityType: "customer", entityId, ...extra },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ alert: Alert }>(res)).alert;
};
const fired = (a: Alert) => a.triggeredSignals.map((s) => s.signalId);
const published = async (t: TestTenant, kind: string, content: unknown) => {
  expect((await putDraft(t.key, kind, content)).status).toBe(200);
  expect((await publish(t.key, kind)).status).toBe(200);
  return (await ruleSet(t.key, kind)).live;
};

/** Three amounts just under 50,000.00 and a burst of 22 transactions this week. */
async function suspicious(t: TestTenant, extra: Parameters<typeof insertTransactions>[2] = []) {
  const customer = await insertCustomer(t);
  const account = await insertAccount(t, customer.id!);
  await insertTransactions(t, account, [
    ...[4_990_000, 4_800_000, 4_650_000].map((amountMinor, i) => ({
      amountMinor,
      transactionDate: daysAgo(i * 3 + 1),
    })),
    ...Array.from({ length: 22 }, (_, i) => ({ amountMinor: 12_345 + i, transactionDate: daysAgo(i % 5) })),
    ...extra,
  ]);
  return customer.id!;
}

const burst = {
  ruleId: "burst_7d",
  name: "Burst of transactions",
  enabled: true,
  appliesTo: ["customer"],
  severity: "high",
  score: 40,
  reason: "20 or more transactions in 7 days",
  counterfactual: "Would not fire below 20 transactions in 7 days",
  condition: {
    op: "compare",
    aggregate: { fn: "count", windowDays: 7 },
    comparator: ">=",
    to: { value: 20 },
  },
};

describe("the live fraud version reaches evaluation", () => {
  let t: TestTenant;
  let customerId: string;
  beforeAll(async () => {
    t = await createTenant({ name: "Fraud wiring", shard: 1 });
    customerId = await suspicious(t);
  });

  it("disable, tune, add a custom rule, roll back: each alert carries the version that produced it", async () => {
    const v0 = await evaluate(t, customerId);
    expect(fired(v0)).toEqual(expect.arrayContaining(["just_under_threshold", "velocity_count"]));
    expect(v0.ruleSet).toMatchObject({ kind: "fraud", version: 0 });

    const off = { enabled: false, severity: "high", parameters: {}, weight: 1 };
    const v1 = await published(t, "fraud", { builtins: { just_under_threshold: off } });
    const a1 = await evaluate(t, customerId);
    expect(fired(a1)).not.toContain("just_under_threshold");
    expect(fired(a1)).toContain("velocity_count");
    expect(a1.ruleSet).toEqual({ kind: "fraud", version: 1, hash: v1.hash });
    // Named explicitly, a disabled built-in still runs (as the catalog's isEnabled always meant).
    expect(fired(await evaluate(t, customerId, { signalIds: ["just_under_threshold"] }))).toEqual([
      "just_under_threshold",
    ]);

    const tuned = { enabled: true, severity: "medium", parameters: { minCount: 30 }, weight: 1 };
    await published(t, "fraud", { builtins: { just_under_threshold: off, velocity_count: tuned } });
    expect(fired(await evaluate(t, customerId))).not.toContain("velocity_count");

    await published(t, "fraud", {
      builtins: { just_under_threshold: off, velocity_count: tuned },
      custom: [burst],
    });
    const a3 = await evaluate(t, customerId);
    const custom = a3.triggeredSignals.find((s) => s.signalId === "burst_7d");
    expect(custom).toMatchObject({
      category: "custom",
      contribution: 40,
      counterfactual: burst.counterfactual,
    });
    expect(a3.overallScore).toBeGreaterThanOrEqual(40);

    const rolled = await call("POST", "/v1/rule-sets/fraud/rollback", {
      key: t.key,
      body: { version: 1, reason: "back to v1" },
    });
    expect(rolled.status, await rolled.clone().text()).toBe(200);
    const a4 = await evaluate(t, customerId);
    expect(a4.ruleSet).toEqual({ kind: "fraud", version: 4, hash: v1.hash });
    expect(fired(a4)).toContain("velocity_count");
    expect(fired(a4)).not.toContain("burst_7d");
  });

  it("weight multiplies a signal's contribution", async () => {
    const other = await createTenant({ name: "Fraud weight", shard: 0 });
    const id = await suspicious(other);
    const base = (await evaluate(other, id)).triggeredSignals.find((s) => s.signalId === "velocity_count")!;
    await published(other, "fraud", {
      builtins: { velocity_count: { enabled: true, severity: "medium", parameters: {}, weight: 0.5 } },
    });
    const half = (await evaluate(other, id)).triggeredSignals.find((s) => s.signalId === "velocity_count")!;
    expect(half.contribution).toBeCloseTo(base.contribution / 2, 1);
  });

  it("evaluate-and-create stamps the case with the alert's version", async () => {
    const res = await call("POST", "/v1/fraud/evaluate-and-create", {
      key: t.key,
      body: { entityType: "customer", entityId: customerId, createCaseThreshold: 1 },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await json<{ alert: Alert; case: { id: string; ruleSet: unknown } }>(res);
    expect(body.case.ruleSet).toEqual(body.alert.ruleSet);
    const again = await json<{ case: { ruleSet: unknown } }>(
      await call("GET", `/v1/fraud/cases/${body.case.id}`, { key: t.key }),
    );
    expect(again.case.ruleSet).toEqual(body.alert.ruleSet);
  });

  it("an allowlisted entity does not fire the rule; the alert says the list suppressed it", async () => {
    const other = await createTenant({ name: "Fraud allowlist", shard: 0 });
    const id = await suspicious(other);
    expect(fired(await evaluate(other, id))).toContain("velocity_count");
    const list = await createList(other, { name: "Cleared", kind: "allowlist", entryType: "entity" });
    await addEntries(other, list.listId, [
      { entityType: "customer", entityId: id, ruleId: "velocity_count", expiresAt: inDays(30) },
    ]);
    const after = await evaluate(other, id);
    expect(fired(after)).not.toContain("velocity_count");
    expect(fired(after)).toContain("just_under_threshold");
    expect(after.suppressedSignals).toEqual([
      expect.objectContaining({ signalId: "velocity_count", suppressedBy: "allowlist" }),
    ]);
  });
});

describe("tenant settings reach the built-ins", () => {
  it("the structuring signal follows the tenant's AML largeCashAmount", async () => {
    const t = await createTenant({ name: "Structuring", shard: 1 });
    const id = await suspicious(t);
    expect(fired(await evaluate(t, id))).toContain("just_under_threshold");
    // 46,500-49,900 are not within 10% under 100,000: quiet; all three within 10% under 51,000.
    await call("PUT", "/v1/kyc-aml/thresholds", {
      key: t.key,
      body: { thresholds: { largeCashAmount: 100_000 } },
    });
    expect(fired(await evaluate(t, id))).not.toContain("just_under_threshold");
    await call("PUT", "/v1/kyc-aml/thresholds", {
      key: t.key,
      body: { thresholds: { largeCashAmount: 51_000 } },
    });
    expect(fired(await evaluate(t, id))).toContain("just_under_threshold");
  });

  it("a USD tenant starts from the GHS money defaults scaled by the reference table", async () => {
    const t = await createTenant({ name: "USD tenant", settings: { currency: "USD" } });
    const signals = await json<{ signals: Array<{ signalId: string; parameters: Record<string, number> }> }>(
      await call("GET", "/v1/fraud/signals", { key: t.key }),
    );
    const velocity = signals.signals.find((s) => s.signalId === "velocity_amount")!;
    expect(velocity.parameters.minAmountMinor).toBe(5_000_000 * 0.1);
    expect(velocity.parameters.baselineMultiple).toBe(3);
    const th = await json<{ thresholds: Record<string, number> }>(
      await call("GET", "/v1/kyc-aml/thresholds", { key: t.key }),
    );
    expect(th.thresholds.largeCashAmount).toBe(5_000);
    expect(th.thresholds.structuringMinCount).toBe(3);
  });

  it("unusual_hours reads hours in the tenant's time zone", async () => {
    // 17:00 UTC is 02:00 in Tokyo (UTC+9, no daylight saving): night there, afternoon in UTC.
    const night = Array.from({ length: 6 }, (_, i) => ({
      amountMinor: 10_000 + i,
      transactionDate: daysAgo(i + 1, 17),
    }));
    const utc = await createTenant({ name: "UTC tenant" });
    const tokyo = await createTenant({ name: "Tokyo tenant", settings: { timeZone: "Asia/Tokyo" } });
    const run = async (t: TestTenant) => {
      const customer = await insertCustomer(t);
      await insertTransactions(t, await insertAccount(t, customer.id!), night);
      return fired(await evaluate(t, customer.id!, { signalIds: ["unusual_hours"] }));
    };
    expect(await run(utc)).toEqual([]);
    expect(await run(tokyo)).toEqual(["unusual_hours"]);
    const bad = await admin("PATCH", `/admin/tenants/${utc.id}`, { settings: { timeZone: "Mars/Olympus" } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("timeZone");
  });
});

describe("custom in_list rules read the lists module", () => {
  it("matches with the owner's normalization and stops when the list is archived", async () => {
    const t = await createTenant({ name: "Custom lists", shard: 1 });
    const customer = await insertCustomer(t);
    const account = await insertAccount(t, customer.id!);
    await insertTransactions(t, account, [
      { amountMinor: 50_000, transactionDate: daysAgo(2), counterpartyName: "  Kofi\tTRADERS " },
    ]);
    const list = await createList(t, { name: "Watch", kind: "watchlist", entryType: "counterparty" });
    await addEntries(t, list.listId, [{ value: "kofi   traders" }]);
    const watch = {
      ...burst,
      ruleId: "watched_counterparty",
      condition: { op: "in_list", subject: "counterparty", listId: list.listId, windowDays: 30 },
    };
    await published(t, "fraud", { custom: [watch] });
    expect(fired(await evaluate(t, customer.id!))).toContain("watched_counterparty");
    expect([200, 204]).toContain((await call("DELETE", `/v1/lists/${list.listId}`, { key: t.key })).status);
    const after = await evaluate(t, customer.id!);
    expect(after.evaluatedSignalIds).toContain("watched_counterparty");
    expect(fired(after)).not.toContain("watched_counterparty");
  });
});

describe("a rule set at the list-lookup cap", () => {
  it("evaluates within D1's bound-parameter limit (every lookup of the set in one statement)", async () => {
    const t = await createTenant({ name: "Many lookups" });
    const customer = await insertCustomer(t);
    const account = await insertAccount(t, customer.id!);
    await insertTransactions(t, account, [
      { amountMinor: 50_000, transactionDate: daysAgo(2), counterpartyName: "Ama Stores" },
    ]);
    const list = await createList(t, { name: "Watch", kind: "watchlist", entryType: "counterparty" });
    await addEntries(t, list.listId, [{ value: "ama stores" }]);
    // Each lookup its own window, so none is shared with another in the compiled statement.
    const lookup = (days: number) => ({
      op: "in_list",
      subject: "counterparty",
      listId: list.listId,
      windowDays: days,
    });
    const rule = (i: number, n: number) => ({
      ...burst,
      ruleId: `lookups_${i}`,
      condition: { op: "and", conditions: Array.from({ length: n }, (_, j) => lookup(10 + i * 10 + j)) },
    });
    // Rules of up to 8 lookups (a node has at most 10 children) until the set holds the cap.
    const sizes: number[] = [];
    for (let left = TREE_LIMITS.maxListLookups; left > 0; left -= 8) sizes.push(Math.min(8, left));
    await published(t, "fraud", { custom: sizes.map((n, i) => rule(i, n)) });
    const alert = await evaluate(t, customer.id!);
    expect(fired(alert)).toEqual(expect.arrayContaining(sizes.map((_, i) => `lookups_${i}`)));
  });
});
