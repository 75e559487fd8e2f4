import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { systemShardDb } from "../../src/db/system-db";
import { forTenant } from "../../src/db/tenant-db";
import { DEFAULT_THRESHOLDS } from "../../src/modules/detection/domain/aml/thresholds";
import { customRuleHits, evaluateCustomRules } from "../../src/modules/rules/custom/service";
import {
  FAN_OUT,
  fuzzyWatchlist,
  MANY_SENDERS,
  OPERATOR_EXAMPLES,
  OUTSIZED_CASH,
  PASS_THROUGH,
} from "../../src/modules/rules/domain/custom/examples";
import type { CustomRule } from "../../src/modules/rules/domain/custom/tree";
import { createTenant, insertAccount, insertCustomer, insertTransactions, type TestTenant } from "../harness";
import { addEntries, createList } from "../lists/helpers";
import { major as majorText, screened } from "../monitoring/screening-helpers";
import { type ErrorBody, publish, putDraft } from "./helpers";

// Issue 38 item 1 against real D1: ratios, groups with having, the screened transaction's fields
// and fuzzy list matching, each figure derived from the rows inserted here.
const NOW = new Date();
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();
type Tx = Parameters<typeof insertTransactions>[2][number];
const debit = (counterpartyName: string, amountMinor: number, h: number): Tx => ({
  type: "debit",
  amountMinor,
  transactionDate: hoursAgo(h),
  counterpartyName,
  channel: "mobile_money",
});
const txs: Tx[] = [
  { type: "credit", amountMinor: 1_000_000, transactionDate: hoursAgo(30), channel: "bank" },
  debit("Kofi Traderz", 300_000, 20),
  debit("Kofi Traderz", 300_000, 19),
  debit("Ama Stores", 200_000, 18),
  debit("Ama Stores", 150_000, 17),
  debit("Yaw Darko", 50_000, 16),
  debit("Yaw Darko", 50_000, 15),
  debit("Esi", 10_000, 14),
  // The latest: a cash credit of 60,000.00.
  { type: "credit", amountMinor: 6_000_000, transactionDate: hoursAgo(1), channel: "Cash" },
];
const major = (minor: number) => minor / 100;
const sum = (type: string) =>
  major(txs.filter((x) => x.type === type).reduce((s, x) => s + x.amountMinor, 0));

let t: TestTenant;
let customerId: string;
const scope = () => ({ db: forTenant(systemShardDb(env, t.shard), t.id), tenantId: t.id });
const evaluate = (rules: CustomRule[], lists?: Record<string, string[]>) =>
  evaluateCustomRules(scope(), {
    entityType: "customer",
    entityId: customerId,
    rules,
    now: NOW,
    thresholds: DEFAULT_THRESHOLDS,
    lists,
  });

beforeAll(async () => {
  t = await createTenant({ name: "Custom rule language" });
  const c = await insertCustomer(t);
  customerId = c.id!;
  await insertTransactions(t, { id: (await insertAccount(t, customerId)).id!, customerId }, txs);
  // A second customer pays Kofi Traderz too: two distinct senders to that beneficiary.
  const d = await insertCustomer(t);
  await insertTransactions(t, { id: (await insertAccount(t, d.id!)).id!, customerId: d.id! }, [
    debit("Kofi Traderz", 40_000, 10),
  ]);
});

describe("operators of the rule language on D1", () => {
  it("ratio: debits against 0.9 x credits over 7 days", async () => {
    const [o] = await evaluate([PASS_THROUGH]);
    const [ratio] = o!.evidence;
    expect(ratio).toMatchObject({ observed: sum("debit"), compareTo: [sum("credit") * 0.9] });
    expect(o!.fired).toBe(sum("debit") >= sum("credit") * 0.9 && sum("credit") >= 5000);
  });

  it("groups with having: counterparties paid twice or more, per entity and per page", async () => {
    const counts = new Map<string, number>();
    for (const x of txs.filter((x) => x.type === "debit"))
      counts.set(x.counterpartyName!, (counts.get(x.counterpartyName!) ?? 0) + 1);
    const expected = [...counts.values()].filter((n) => n >= 2).length;
    expect(expected).toBe(3);
    const [o] = await evaluate([FAN_OUT]);
    expect(o!.evidence[0]!.observed).toBe(expected);
    expect(o!.fired).toBe(true);
    const hits = await customRuleHits(scope(), {
      entityType: "customer",
      rules: [FAN_OUT],
      thresholds: DEFAULT_THRESHOLDS,
      from: new Date(NOW.getTime() - 7 * 86_400_000),
      to: NOW,
    });
    expect([...hits.get(FAN_OUT.ruleId)!]).toEqual([customerId]);
  });

  it("distinct senders to one beneficiary (the counterparty as entity)", async () => {
    const twoSenders = {
      ...MANY_SENDERS,
      ruleId: "two-senders",
      condition: { ...MANY_SENDERS.condition, to: { value: 2 } },
    } as CustomRule;
    const hits = await customRuleHits(scope(), {
      entityType: "counterparty",
      rules: [twoSenders, MANY_SENDERS],
      thresholds: DEFAULT_THRESHOLDS,
      from: new Date(NOW.getTime() - 7 * 86_400_000),
      to: NOW,
    });
    expect([...hits.get("two-senders")!]).toEqual(["Kofi Traderz"]);
    expect([...hits.get(MANY_SENDERS.ruleId)!]).toEqual([]);
  });

  it("the transaction screened: its channel and an amount over 5 x the 90-day average", async () => {
    const average = major(txs.reduce((s, x) => s + x.amountMinor, 0)) / txs.length;
    const [o] = await evaluate([OUTSIZED_CASH]);
    expect(o!.evidence[0]).toMatchObject({ value: "cash", result: true });
    expect(o!.evidence[1]!.observed).toBe(60_000);
    expect(o!.evidence[1]!.compareTo![0]).toBeCloseTo(average * 5, 6);
    expect(o!.fired).toBe(60_000 > average * 5);
  });

  it("fuzzy list matching through the lists module: the entry and the score in the reason", async () => {
    const list = await createList(t, { name: "Watch", kind: "watchlist", entryType: "counterparty" });
    await addEntries(t, list.listId, [{ value: "Kofi Traders" }, { value: "Kwame Nkrumah" }]);
    const [o] = await evaluate([fuzzyWatchlist(list.listId)]);
    expect(o!.fired).toBe(true);
    const match = o!.evidence[0]!.match!;
    expect(match.value).toBe("kofi traderz");
    expect(match.entry).toBe("kofi traders");
    expect(match.score).toBeGreaterThanOrEqual(0.9);
    expect(o!.reason).toContain(`matched list entry "kofi traders" (score ${match.score})`);
    // Exact matching of the same list finds nothing: the spelling differs.
    const exact = {
      ...fuzzyWatchlist(list.listId),
      condition: { op: "in_list", subject: "counterparty", listId: list.listId },
    };
    expect((await evaluate([exact as CustomRule]))[0]!.fired).toBe(false);
  });
});

describe("the operators through the API", () => {
  it("a draft holding every catalog example is accepted; a malformed one is a 400 naming the field", async () => {
    const list = await createList(t, { name: "Watch 2", kind: "watchlist", entryType: "counterparty" });
    const custom = OPERATOR_EXAMPLES.map((r) =>
      r.ruleId === "watchlist-fuzzy" ? fuzzyWatchlist(list.listId) : r,
    );
    expect((await putDraft(t.key, "aml", { custom })).status).toBe(200);
    const bad = await putDraft(t.key, "aml", {
      custom: [
        { ...FAN_OUT, condition: { ...FAN_OUT.condition, aggregate: { fn: "groups", windowDays: 7 } } },
      ],
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.details?.map((d) => d.path)).toEqual([
      "custom.0.condition.aggregate.groupBy",
    ]);
  });
});

describe("the transaction screened before it is stored", () => {
  it("pre-transaction screening reads the proposed transaction's fields, not the stored latest", async () => {
    const p = await createTenant({ name: "Transaction operator, proposed" });
    const c = await insertCustomer(p);
    // Nine stored bank credits of 100.00: the latest stored transaction is not cash.
    const stored = Array.from({ length: 9 }, (_, i) => ({
      type: "credit",
      amountMinor: 10_000,
      transactionDate: hoursAgo(48 + i),
      channel: "bank",
    })) as Tx[];
    await insertTransactions(p, { id: (await insertAccount(p, c.id!)).id!, customerId: c.id! }, stored);
    expect((await putDraft(p.key, "aml", { custom: [OUTSIZED_CASH] })).status).toBe(200);
    expect((await publish(p.key, "aml")).status).toBe(200);
    const fired = async (channel: string, amountMinor: number) => {
      const s = await screened(p, {
        type: "credit",
        amount: majorText(amountMinor),
        currency: "GHS",
        channel,
        customerId: c.id!,
      });
      return (s.aml?.triggeredRules ?? []).some((r) => r.ruleId === OUTSIZED_CASH.ruleId && r.triggered);
    };
    // The 90-day average counts the proposed row: x > 5 x (900 + x) / 10 holds for x > 900.
    const fires = (x: number) => x > (5 * (900 + x)) / 10;
    expect(fires(1_000)).toBe(true);
    expect(await fired("cash", 100_000)).toBe(true);
    expect(fires(800)).toBe(false);
    expect(await fired("cash", 80_000)).toBe(false);
    // Not cash: the channel leaf reads the proposed transaction's channel.
    expect(await fired("bank", 100_000)).toBe(false);
  });
});
