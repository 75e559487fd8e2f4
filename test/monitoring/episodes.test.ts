import { describe, expect, it } from "vitest";
import { ago, customerWith } from "../aml/helpers";
import { call, createTenant, insertTransactions, json, shardRows, type TestTenant } from "../harness";
import { runNetworkJob, runScreenJob } from "./helpers";
import { structuringParameters } from "./screening-helpers";

/**
 * One alert per episode (docs/methodology/monitoring.md#one-alert-per-episode): screening the same
 * episode again, with new activity inside its window, raises nothing and appends to no case; it
 * extends the alert already raised (its last date, its evidence). Through the API.
 */

interface Alert {
  alertId: string;
  kind: string;
  ruleIds: string[];
  cases: { caseId: string; action: string }[];
  detail: { firstAt: string; lastAt: string; screenings?: number; extendedAt?: string; asOf?: string };
}

const alertsOf = async (t: TestTenant, entityId: string) => {
  const res = await call("GET", `/v1/monitoring/alerts?entityType=customer&entityId=${entityId}&limit=100`, {
    key: t.key,
  });
  expect(res.status).toBe(200);
  return (await json<{ data: Alert[] }>(res)).data;
};

const caseEntries = async (t: TestTenant) =>
  (
    await shardRows<{ n: number }>(
      t,
      `SELECT (SELECT count(*) FROM aml_case_history WHERE tenant_id = ?1)
        + (SELECT count(*) FROM fraud_case_events WHERE tenant_id = ?1) AS n`,
      t.id,
    )
  )[0].n;

const NETWORK_STRUCTURING = "AML-SMF-018";

describe("one alert per episode", () => {
  it("more of the same episode extends its alert: no new alert, case or entry; the last date moves", async () => {
    // Every hit raised (alert score 0), so the test does not depend on the calibrated priors.
    const t = await createTenant({
      name: "Episodes",
      shard: 1,
      settings: { monitoring: { onArrival: false, alertScore: 0 } },
    });
    const p = await structuringParameters(t);
    // Cash deposits just under the reporting threshold, enough for the AML structuring rule, 5 to 3 days ago.
    const deposit = (daysAgo: number) => ({
      amountMinor: p.justUnderMinor - 5_000,
      transactionDate: ago(daysAgo),
      channel: "cash",
      type: "credit" as const,
    });
    const episode = Array.from({ length: p.amlMinCount }, (_, i) => deposit(5 - i));
    const { customerId, accountId } = await customerWith(t, episode);
    await runScreenJob(t);
    await runNetworkJob(t);
    const first = await alertsOf(t, customerId);
    const aml = first.find((a) => a.kind === "aml");
    expect(aml?.ruleIds).toContain("AML-STR-002");
    expect(aml!.ruleIds).not.toContain("AML-LCT-001");
    expect(Date.parse(aml!.detail.lastAt)).toBeLessThan(Date.parse(ago(2)));
    const alertsBefore = (
      await shardRows<{ n: number }>(
        t,
        "SELECT count(*) AS n FROM monitoring_alerts WHERE tenant_id = ?",
        t.id,
      )
    )[0].n;
    const entriesBefore = await caseEntries(t);

    // More of the same episode, a day later than its last deposit: the same rules fire again.
    await insertTransactions(t, { id: accountId, customerId }, [deposit(1)]);
    await runScreenJob(t);
    await runNetworkJob(t);
    const second = await alertsOf(t, customerId);
    // The network scan (run here rather than left to the queue's timing) judges the deposits
    // across holders: with the fifth, structuring across accounts (AML-SMF-018) is met, a new
    // finding of another typology, not the screened episode raised again.
    const screened = second.filter((a) => !a.ruleIds.includes(NETWORK_STRUCTURING));
    expect(screened.map((a) => a.alertId).sort()).toEqual(first.map((a) => a.alertId).sort());
    const extended = second.find((a) => a.alertId === aml!.alertId)!;
    expect(Date.parse(extended.detail.lastAt)).toBeGreaterThan(Date.parse(aml!.detail.lastAt));
    expect(extended.detail.lastAt.slice(0, 10)).toBe(ago(1).slice(0, 10));
    expect(extended.detail.firstAt).toBe(aml!.detail.firstAt);
    expect(extended.detail.screenings).toBe(2);
    // Judged as of the later screening now: late history would judge it again there.
    expect(Date.parse(extended.detail.asOf!)).toBeGreaterThan(Date.parse(aml!.detail.asOf!));
    expect(extended.cases).toEqual(aml!.cases);
    const network = second.length - screened.length;
    const alertsAfter = (
      await shardRows<{ n: number }>(
        t,
        "SELECT count(*) AS n FROM monitoring_alerts WHERE tenant_id = ?",
        t.id,
      )
    )[0].n;
    expect(alertsAfter).toBe(alertsBefore + network);
    // A network finding appends its alert to the subject's open case (one entry); nothing else.
    expect(await caseEntries(t)).toBe(entriesBefore + network);
  });
});
