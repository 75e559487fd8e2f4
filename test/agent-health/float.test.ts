import { describe, expect, it } from "vitest";
import {
  call,
  createTenant,
  insertAccount,
  insertAgent,
  insertCustomer,
  insertTransactions,
  json,
  shardRows,
  type TestTenant,
} from "../harness";

const HOUR = 3_600_000;
const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR).toISOString();

async function floatAccount(t: TestTenant, name: string) {
  const customer = await insertCustomer(t, { name, type: "agent" });
  const account = await insertAccount(t, customer.id!, { type: "float" });
  return { id: account.id!, customerId: customer.id! };
}

/**
 * 28 days of the same day: a cash-in of 100.00 at each of 09..14 UTC and a cash-out of 50.00
 * at 16 UTC. Every hour of the week repeats exactly, so the model has no noise: from 300.00
 * with a floor of 100.00 (the mean cash-in) the third busy hour empties the float.
 */
async function dailyDemandAgent(t: TestTenant, agentId: string, floatBalanceMinor: number) {
  const agent = await insertAgent(t, { agentId, floatBalanceMinor, floatLimitMinor: 10_000_000 });
  const day = new Date();
  day.setUTCHours(0, 0, 0, 0);
  const txns = [];
  for (let d = 1; d <= 28; d++) {
    const at = (h: number) => new Date(day.getTime() - d * 24 * HOUR + h * HOUR + 30 * 60_000).toISOString();
    for (let h = 9; h <= 14; h++)
      txns.push({
        agentId,
        type: "debit" as const,
        category: "cash_in",
        amountMinor: 10_000,
        transactionDate: at(h),
      });
    txns.push({
      agentId,
      type: "credit" as const,
      category: "cash_out",
      amountMinor: 5_000,
      transactionDate: at(16),
    });
  }
  await insertTransactions(t, await floatAccount(t, agentId), txns);
  return agent;
}

interface Flag {
  type: string;
  severity: string;
  counterfactual?: string;
}
interface Report {
  flags: Flag[];
  floatForecast: {
    pooling: string;
    eFloat: {
      balance: string;
      floor: string;
      probabilityWithin24h: number;
      probabilityWithin72h: number;
      hoursToStockout: { p50: number | null };
      notWithinHorizon: boolean;
      suggestedRebalance: string;
    };
    cash: unknown;
  };
}
const ahi = async (t: TestTenant, agentId: string) =>
  (await json<{ report: Report }>(await call("GET", `/v1/agent-health/${agentId}`, { key: t.key }))).report;
const report = (t: TestTenant, agentId: string, reports: unknown[]) =>
  call("POST", `/v1/agents/${agentId}/float-reports`, { key: t.key, body: { reports } });
const refresh = async (t: TestTenant) =>
  expect((await call("POST", "/v1/agent-health/portfolio/refresh", { key: t.key })).status).toBe(200);
const floatLowEvents = (t: TestTenant) =>
  shardRows<{ id: string; data: string }>(
    t,
    "SELECT id, data FROM events WHERE tenant_id = ? AND type = 'agent.float_low' ORDER BY created_at",
    t.id,
  );

describe("float history", () => {
  it("derives the balance per hour from cash-in, cash-out and top-ups, and shows drift at a reported balance", async () => {
    const t = await createTenant({ features: { agentNetwork: true } });
    await insertAgent(t, { agentId: "FH1", floatBalanceMinor: 100_000 }); // 1,000.00 as of now
    await insertTransactions(t, await floatAccount(t, "FH1"), [
      {
        agentId: "FH1",
        type: "debit",
        category: "cash_in",
        amountMinor: 20_000,
        transactionDate: hoursAgo(5),
      },
      {
        agentId: "FH1",
        type: "credit",
        category: "cash_out",
        amountMinor: 5_000,
        transactionDate: hoursAgo(4),
      },
      {
        agentId: "FH1",
        type: "credit",
        category: "float_topup",
        amountMinor: 50_000,
        transactionDate: hoursAgo(3),
      },
      {
        agentId: "FH1",
        type: "debit",
        category: "cash_in",
        amountMinor: 70_000,
        transactionDate: hoursAgo(3),
        status: "failed",
      },
    ]);
    expect(
      (await report(t, "FH1", [{ reportedAt: hoursAgo(2), floatBalance: 900, cashBalance: 300 }])).status,
    ).toBe(200);
    const res = await call(
      "GET",
      `/v1/agents/FH1/float-history?from=${hoursAgo(6)}&to=${new Date().toISOString()}`,
      {
        key: t.key,
      },
    );
    expect(res.status).toBe(200);
    const { history } = await json<{
      history: {
        anchor: { source: string };
        openingBalance: string;
        points: { closingBalance: string; rebalanceIn: string; cashIn: string }[];
        reported: { derivedBalance: string; drift: string; cashBalance: string }[];
      };
    }>(res);
    // The record's 1,000.00 now, less the net flows since the window opened (-200 + 50 + 500; the failed one did not move).
    const opening = 1_000 - (-200 + 50 + 500);
    expect(history.anchor.source).toBe("agent_record");
    expect(history.openingBalance).toBe(opening.toFixed(2));
    const afterTopUp = opening - 200 + 50 + 500;
    expect(history.points.map((p) => Number(p.closingBalance))).toEqual([
      opening,
      opening - 200,
      opening - 200 + 50,
      afterTopUp,
      900,
      900,
      900,
    ]);
    expect(history.points[3]).toMatchObject({ rebalanceIn: "500.00", cashIn: "0.00" });
    expect(history.reported).toEqual([
      expect.objectContaining({
        derivedBalance: afterTopUp.toFixed(2),
        drift: (900 - afterTopUp).toFixed(2),
        cashBalance: "300.00",
      }),
    ]);
  });

  it("refuses a reversed range, a future report, and another tenant's agent (404)", async () => {
    const t = await createTenant({ features: { agentNetwork: true } });
    const other = await createTenant({ features: { agentNetwork: true } });
    await insertAgent(t, { agentId: "FH2" });
    const reversed = await call("GET", `/v1/agents/FH2/float-history?from=${hoursAgo(1)}&to=${hoursAgo(2)}`, {
      key: t.key,
    });
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(await reversed.json())).toContain("from");
    const future = await report(t, "FH2", [
      { reportedAt: new Date(Date.now() + HOUR).toISOString(), floatBalance: 1 },
    ]);
    expect(future.status).toBe(400);
    expect(JSON.stringify(await future.json())).toContain("reports.0.reportedAt");
    expect((await call("GET", "/v1/agents/FH2/float-history", { key: other.key })).status).toBe(404);
    expect((await report(other, "FH2", [{ reportedAt: hoursAgo(1), floatBalance: 1 }])).status).toBe(404);
    expect(await shardRows(t, "SELECT 1 FROM agent_float_reports WHERE agent_id = 'FH2'")).toEqual([]);
  });

  it("takes balances as decimal strings (numbers still), and the agent by its UUID or its identifier", async () => {
    const t = await createTenant({ features: { agentNetwork: true } });
    const other = await createTenant({ features: { agentNetwork: true } });
    const agent = await insertAgent(t, { agentId: "FH3", floatBalanceMinor: 100_000 });
    const at = [hoursAgo(3), hoursAgo(2)];
    const res = await report(t, agent.id!, [
      { reportedAt: at[0], floatBalance: "1250.50", cashBalance: "300.05" },
      { reportedAt: at[1], floatBalance: 900.25 },
    ]);
    expect(res.status, await res.clone().text()).toBe(200);
    const stored = await shardRows<{ float_balance_minor: number; cash_balance_minor: number | null }>(
      t,
      "SELECT float_balance_minor, cash_balance_minor FROM agent_float_reports WHERE agent_id = 'FH3' ORDER BY reported_at",
    );
    expect(stored).toEqual([
      expect.objectContaining({ float_balance_minor: 125_050, cash_balance_minor: 30_005 }),
      expect.objectContaining({ float_balance_minor: 90_025, cash_balance_minor: null }),
    ]);
    for (const bad of ["12.345", "-1", "1e3", "", "1000000000000.01"]) {
      const refused = await report(t, "FH3", [{ reportedAt: at[0], floatBalance: bad }]);
      expect(refused.status, bad).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain("floatBalance");
    }
    const byUuid = await call("GET", `/v1/agent-health/${agent.id}`, { key: t.key });
    expect(byUuid.status).toBe(200);
    expect((await json<{ report: { agentId: string } }>(byUuid)).report.agentId).toBe("FH3");
    expect((await call("GET", `/v1/agents/${agent.id}/float-history`, { key: t.key })).status).toBe(200);
    // Another tenant's agent stays a 404 by either name.
    expect((await call("GET", `/v1/agent-health/${agent.id}`, { key: other.key })).status).toBe(404);
    expect((await call("GET", "/v1/agent-health/FH3", { key: other.key })).status).toBe(404);
  });
});

describe("stock-out forecast", () => {
  it("flags the stressed agent in the AHI with a counterfactual top-up that clears the flag", async () => {
    const t = await createTenant({ features: { agentNetwork: true } });
    await dailyDemandAgent(t, "LOW", 30_000);
    const before = await ahi(t, "LOW");
    expect(before.floatForecast.pooling).toBe("own");
    expect(before.floatForecast.eFloat).toMatchObject({
      balance: "300.00",
      floor: "100.00",
      probabilityWithin24h: 1,
    });
    expect(before.floatForecast.cash).toBeNull();
    const flag = before.flags.find((f) => f.type === "float_stockout_risk");
    expect(flag).toMatchObject({ severity: "critical" });
    expect(flag?.counterfactual).toContain(before.floatForecast.eFloat.suggestedRebalance);

    const topped = 300 + Number(before.floatForecast.eFloat.suggestedRebalance);
    expect(
      (await report(t, "LOW", [{ reportedAt: hoursAgo(0.01), floatBalance: topped, cashBalance: 5_000 }]))
        .status,
    ).toBe(200);
    const after = await ahi(t, "LOW");
    expect(after.flags.some((f) => f.type === "float_stockout_risk")).toBe(false);
    expect(after.floatForecast.eFloat.probabilityWithin72h).toBeLessThanOrEqual(0.1);
    expect(after.floatForecast.cash).not.toBeNull();
  });

  it("ranks and filters the portfolio summary by forecast; the rich agent runs out not within the horizon", async () => {
    const t = await createTenant({ features: { agentNetwork: true } });
    await dailyDemandAgent(t, "RICH", 10_000_000);
    await dailyDemandAgent(t, "LOW", 30_000);
    await dailyDemandAgent(t, "MID", 300_000); // 3,000.00: about five days of 550.00 net drain
    await refresh(t);
    const page = async (q: string) =>
      (
        await json<{ agents: { agentId: string; floatForecast: { stockoutHoursP50: number | null } }[] }>(
          await call("GET", `/v1/agent-health/portfolio/summary?${q}`, { key: t.key }),
        )
      ).agents;
    const asc = await page("sortBy=stockoutHoursP50&sortOrder=asc");
    expect(asc.map((a) => a.agentId)).toEqual(["LOW", "MID", "RICH"]);
    expect(asc[2].floatForecast.stockoutHoursP50).toBeNull();
    expect((await page("sortBy=stockoutHoursP50&sortOrder=desc")).map((a) => a.agentId)).toEqual([
      "RICH",
      "MID",
      "LOW",
    ]);
    expect((await page("stockoutWithinHours=24")).map((a) => a.agentId)).toEqual(["LOW"]);
  });

  it("fires agent.float_low once per episode and again only after the forecast recovered", async () => {
    const t = await createTenant({ features: { agentNetwork: true } });
    await dailyDemandAgent(t, "EP", 30_000);
    await refresh(t);
    await refresh(t);
    const first = await floatLowEvents(t);
    expect(first).toHaveLength(1);
    expect(JSON.parse(first[0].data)).toMatchObject({ agentId: "EP", episode: 1, probabilityWithin24h: 1 });

    await report(t, "EP", [{ reportedAt: hoursAgo(0.02), floatBalance: 100_000 }]);
    await refresh(t);
    expect(await floatLowEvents(t)).toHaveLength(1);
    expect(await shardRows(t, "SELECT closed_at FROM agent_float_episodes WHERE agent_id = 'EP'")).toEqual([
      { closed_at: expect.any(String) },
    ]);

    await report(t, "EP", [{ reportedAt: hoursAgo(0.01), floatBalance: 300 }]);
    await refresh(t);
    await refresh(t);
    const all = await floatLowEvents(t);
    expect(all.map((e) => JSON.parse(e.data).episode)).toEqual([1, 2]);
  });
});
