import { describe, expect, it } from "vitest";
import { call, createTenant, json, shardRows } from "../harness";
import { account, customer, ingest } from "../ingest/helpers";
import { type BacktestRun, putDraft } from "./helpers";

const DAY = 86_400_000;

/**
 * The network typologies in a rule-set backtest (docs/decisions/rule-set-backtest.md#network-typologies):
 * a ring of three holders (25,000 leaves C-1 and comes back through C-2 and C-3, each keeping
 * ~2%, as in test/monitoring/network.test.ts) is found by the live AML-CYC-012; a draft that
 * turns the rule off no longer finds it. The backtest writes no alert.
 */
describe("rule-set backtest of the network typologies", () => {
  it("reports each network rule's participants under both versions", async () => {
    const t = await createTenant({
      name: "Network backtest",
      settings: { monitoring: { onArrival: false } },
    });
    const start = Date.now() - 10 * DAY;
    const hops: Array<[number, number, number, number]> = [
      [1, 2, 25_000, 0],
      [2, 3, 24_500, 1],
      [3, 1, 24_000, 2.2],
    ];
    const rows = hops.flatMap(([from, to, amount, day], i) =>
      (["debit", "credit"] as const).map((side) => ({
        externalId: `T-${i}-${side}`,
        externalSource: "core",
        accountExternalId: `A-${side === "debit" ? from : to}`,
        type: side,
        amount: amount.toFixed(2),
        currency: "GHS",
        transactionDate: new Date(start + day * DAY).toISOString(),
        channel: "mobile_money",
        counterpartyAccount: `A-${side === "debit" ? to : from}`,
      })),
    );
    expect(
      (
        await ingest(
          t,
          "customers",
          [1, 2, 3].map((i) => customer(i)),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await ingest(
          t,
          "accounts",
          [1, 2, 3].map((i) => account(i, `C-${i}`)),
        )
      ).status,
    ).toBe(200);
    expect((await ingest(t, "transactions", rows)).recordsWritten).toBe(rows.length);
    const off = { enabled: false, severity: "high", parameters: {}, weight: 1 };
    expect((await putDraft(t.key, "aml", { builtins: { "AML-CYC-012": off } })).status).toBe(200);

    const res = await call("POST", "/v1/rule-sets/aml/backtest", {
      key: t.key,
      body: { from: new Date(start - DAY).toISOString(), to: new Date(Date.now() - 1000).toISOString() },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const run = await json<BacktestRun>(res);
    const cycle = run.backtest!.rules.find((r) => r.ruleId === "AML-CYC-012");
    const ids = (
      await shardRows<{ id: string }>(t, "SELECT id FROM customers WHERE tenant_id = ? ORDER BY id", t.id)
    ).map((r) => r.id);
    expect(cycle).toMatchObject({
      source: "builtin",
      liveHits: 3,
      draftHits: 0,
      newlyHit: 0,
      noLongerHit: 3,
      noLongerHitSample: ids,
    });
    // The other typologies ran under both versions and found nothing here.
    expect(run.backtest!.rules.find((r) => r.ruleId === "AML-SGA-013")).toMatchObject({
      liveHits: 0,
      draftHits: 0,
    });
    const alerts = await shardRows(t, "SELECT id FROM monitoring_alerts WHERE tenant_id = ?", t.id);
    expect(alerts).toEqual([]);
  });
});
