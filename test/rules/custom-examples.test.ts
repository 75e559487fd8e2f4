import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { systemShardDb } from "../../src/db/system-db";
import { forTenant } from "../../src/db/tenant-db";
import { DEFAULT_THRESHOLDS } from "../../src/modules/detection/domain/aml/thresholds";
import {
  customRuleHits,
  customRuleHitsPage,
  evaluateCustomRules,
} from "../../src/modules/rules/custom/service";
import {
  DORMANT_REACTIVATION,
  STRUCTURING,
  VELOCITY_BURST,
  WORKED_EXAMPLES,
} from "../../src/modules/rules/domain/custom/examples";
import { createTenant, insertAccount, insertCustomer, insertTransactions, type TestTenant } from "../harness";

/** The three worked examples of docs/methodology/rules.md against real D1. */
const NOW = new Date();
const at = (days: number, hours = 0) =>
  new Date(NOW.getTime() - (days * 24 + hours) * 3_600_000).toISOString();
const thresholds = { ...DEFAULT_THRESHOLDS };
const LARGE = thresholds.largeCashAmount! * 100; // minor units

type Tx = Parameters<typeof insertTransactions>[2][number];
let t: TestTenant;
let other: TestTenant;
const scope = (tenant: TestTenant) => ({
  db: forTenant(systemShardDb(env, tenant.shard), tenant.id),
  tenantId: tenant.id,
});

async function customer(tenant: TestTenant, txs: Tx[]) {
  const c = await insertCustomer(tenant);
  const a = await insertAccount(tenant, c.id!);
  if (txs.length) await insertTransactions(tenant, { id: a.id!, customerId: c.id! }, txs);
  return c.id!;
}

const outcome = async (entityId: string, ruleId: string, tenant = t) => {
  const outcomes = await evaluateCustomRules(scope(tenant), {
    entityType: "customer",
    entityId,
    rules: WORKED_EXAMPLES,
    now: NOW,
    thresholds,
  });
  return outcomes.find((o) => o.ruleId === ruleId)!;
};

const cash = (amountMinor: number, days: number, extra: Partial<Tx> = {}): Tx => ({
  amountMinor,
  transactionDate: at(days),
  channel: "cash",
  type: "credit",
  ...extra,
});

// Structuring: the band is [90% of largeCashAmount, largeCashAmount), cash credits, 7 days.
const inBand = (tx: Tx) =>
  tx.channel === "cash" &&
  tx.type === "credit" &&
  (tx.status ?? "completed") === "completed" &&
  tx.amountMinor >= LARGE * 0.9 &&
  tx.amountMinor < LARGE &&
  Date.parse(tx.transactionDate) > NOW.getTime() - 7 * 86_400_000;

const structuring = [cash(LARGE * 0.92, 1), cash(LARGE * 0.95, 3), cash(LARGE - 1, 6)];
const nearMisses = [
  cash(LARGE * 0.92, 1),
  cash(LARGE * 0.97, 2),
  cash(LARGE, 2), // at the threshold: not below it
  cash(LARGE * 0.9 - 1, 2), // under the band
  cash(LARGE * 0.95, 2, { channel: "mobile_money" }),
  cash(LARGE * 0.95, 2, { type: "debit" }),
  cash(LARGE * 0.95, 2, { status: "failed" }),
  cash(LARGE * 0.95, 8), // outside the 7 days
];
// Velocity: the last day against the day before.
const burst = [
  ...Array.from({ length: 7 }, (_, i) => cash(10_000, 0, { transactionDate: at(0, i + 1) })),
  ...[30, 40].map((h) => cash(10_000, 0, { transactionDate: at(0, h) })),
];
const steady = [
  ...Array.from({ length: 7 }, (_, i) => cash(10_000, 0, { transactionDate: at(0, i + 1) })),
  ...[30, 35, 40].map((h) => cash(10_000, 0, { transactionDate: at(0, h) })),
];
// Dormancy: nothing in the 90 days before the last 7, then volume.
const reactivation = thresholds.dormantReactivationAmount! * 100;
const dormant = [
  cash(5_000, 120),
  cash(reactivation / 2, 2, { channel: "transfer" }),
  cash(reactivation / 2, 1),
];
const active = [cash(5_000, 30), cash(reactivation, 2)];
const smallReactivation = [cash(5_000, 120), cash(reactivation - 1, 2)];

const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await createTenant({ name: "Custom rules", shard: 1 });
  other = await createTenant({ name: "Custom rules other", shard: 1 });
  for (const [name, txs] of Object.entries({
    structuring,
    nearMisses,
    burst,
    steady,
    dormant,
    active,
    smallReactivation,
  }))
    ids[name] = await customer(t, txs);
  // The other tenant's rows carry the same customer id: they must never be counted.
  const a = await insertAccount(other, (await insertCustomer(other)).id!);
  await insertTransactions(other, { id: a.id!, customerId: ids.nearMisses! }, [
    cash(LARGE * 0.95, 1),
    cash(LARGE * 0.96, 1),
  ]);
  await insertTransactions(other, { id: a.id!, customerId: ids.dormant! }, [cash(5_000, 50)]);
});

describe("structuring (count of cash credits just below largeCashAmount in 7 days >= 3)", () => {
  it("fires on three in the band and reports the count it compared", async () => {
    const o = await outcome(ids.structuring!, STRUCTURING.ruleId);
    expect(o.fired).toBe(true);
    expect(o.evidence[0]).toMatchObject({
      observed: structuring.filter(inBand).length,
      comparator: ">=",
      compareTo: [3],
    });
  });

  it("does not fire on near misses, nor on the other tenant's rows under the same customer id", async () => {
    const o = await outcome(ids.nearMisses!, STRUCTURING.ruleId);
    expect(nearMisses.filter(inBand).length).toBe(2);
    expect(o.evidence[0]!.observed).toBe(nearMisses.filter(inBand).length);
    expect(o.fired).toBe(false);
  });
});

describe("velocity burst (count in 1 day > 3 x the day before)", () => {
  it("fires at 7 against 2 and not at 7 against 3", async () => {
    const fired = await outcome(ids.burst!, VELOCITY_BURST.ruleId);
    expect(fired.evidence[0]).toMatchObject({ observed: 7, compareTo: [2 * 3] });
    expect(fired.fired).toBe(true);
    const quiet = await outcome(ids.steady!, VELOCITY_BURST.ruleId);
    expect(quiet.evidence[0]).toMatchObject({ observed: 7, compareTo: [3 * 3] });
    expect(quiet.fired).toBe(false);
  });
});

describe("dormant account reactivation", () => {
  it("fires after 90 quiet days and volume at dormantReactivationAmount", async () => {
    const o = await outcome(ids.dormant!, DORMANT_REACTIVATION.ruleId);
    expect(o.evidence.map((e) => e.observed)).toEqual([0, reactivation / 100]);
    expect(o.fired).toBe(true);
  });

  it("does not fire with activity in the quiet period or with less volume", async () => {
    expect((await outcome(ids.active!, DORMANT_REACTIVATION.ruleId)).evidence[0]!.observed).toBe(1);
    expect((await outcome(ids.active!, DORMANT_REACTIVATION.ruleId)).fired).toBe(false);
    const small = await outcome(ids.smallReactivation!, DORMANT_REACTIVATION.ruleId);
    expect(small.evidence[1]!.observed).toBe((reactivation - 1) / 100);
    expect(small.fired).toBe(false);
  });

  it("sees nothing of a tenant that has no such customer", async () => {
    const o = await outcome(ids.dormant!, DORMANT_REACTIVATION.ruleId, other);
    expect(o.evidence.map((e) => e.observed)).toEqual([1, 0]);
  });
});

describe("backtest (customRuleHits over every customer)", () => {
  const input = () => ({
    entityType: "customer" as const,
    rules: WORKED_EXAMPLES,
    thresholds,
    from: new Date(NOW.getTime() - 30 * 86_400_000),
    to: NOW,
  });

  it("hits exactly the entities the single evaluations fire for, in one page or in pages of 2", async () => {
    // Derived from the single-entity evaluations (the structuring customer, new with volume,
    // also counts as reactivated: no activity in the 90 days before its last 7).
    const expected: Record<string, string[]> = Object.fromEntries(WORKED_EXAMPLES.map((r) => [r.ruleId, []]));
    for (const id of Object.values(ids).sort())
      for (const rule of WORKED_EXAMPLES)
        if ((await outcome(id, rule.ruleId)).fired) expected[rule.ruleId]!.push(id);
    expect(expected[STRUCTURING.ruleId]).toEqual([ids.structuring]);
    expect(expected[VELOCITY_BURST.ruleId]).toEqual([ids.burst]);
    expect(expected[DORMANT_REACTIVATION.ruleId]).toContain(ids.dormant);
    const sorted = (m: Map<string, Set<string>>) =>
      Object.fromEntries([...m].map(([k, v]) => [k, [...v].sort()]));
    expect(sorted(await customRuleHits(scope(t), input()))).toEqual(expected);
    expect(sorted(await customRuleHits(scope(t), { ...input(), pageSize: 2 }))).toEqual(expected);
    const first = await customRuleHitsPage(scope(t), { ...input(), pageSize: 2 });
    expect(first.next).not.toBeNull();
  });
});
