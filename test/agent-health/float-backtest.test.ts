import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FLOAT_BACKTEST_JOB } from "../../src/jobs/messages";
import { jobHandlers } from "../../src/jobs/registry";
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

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Coverage {
  forecasts: number;
  covered: number;
  early: number;
  late: number;
  coverage: number | null;
}
interface Run {
  backtestId: string;
  status: string;
  progress: { cuts: number; cutsDone: number; percent: number };
  backtest: {
    cuts: number;
    firstCut: string;
    all: Coverage;
    atRisk: Coverage;
    stockouts: number;
    p50Error: { cases: number; medianAbsoluteHours: number; meanAbsoluteHours: number };
    probabilityWithin72h: { realised: number };
    perCut: Array<{ cut: string; forecasts: number; atRisk: number; atRiskCovered: number }>;
  } | null;
}

/**
 * An agent with a noise-free demand: every day two cash-ins of 50.00 at 10:05 and 10:35 UTC
 * (one hour of -100.00, floor = the mean ticket, 50.00) from 60 days before the cut until the
 * end of the held-out week, and, when `surge`, a third cash-in of 100.00 at 16:05 every day
 * after the cut only (demand the history never showed). Its balance at the cut is reported.
 */
async function agentWith(t: TestTenant, agentId: string, cut: number, balanceAtCut: number, surge: boolean) {
  await insertAgent(t, { agentId, floatBalanceMinor: balanceAtCut, floatLimitMinor: 100_000_000 });
  const customer = await insertCustomer(t, { name: agentId, type: "agent" });
  const account = await insertAccount(t, customer.id!, { type: "float" });
  const firstDay = Math.floor(cut / DAY) * DAY - 60 * DAY;
  const txns = [];
  const cashIn = (at: number, amountMinor: number) => ({
    agentId,
    type: "debit" as const,
    category: "cash_in",
    amountMinor,
    transactionDate: new Date(at).toISOString(),
  });
  for (let day = firstDay; day <= cut + 7 * DAY; day += DAY) {
    txns.push(cashIn(day + 10 * HOUR + 5 * 60_000, 5_000), cashIn(day + 10 * HOUR + 35 * 60_000, 5_000));
    if (surge && day + 16 * HOUR > cut) txns.push(cashIn(day + 16 * HOUR + 5 * 60_000, 10_000));
  }
  await insertTransactions(t, { id: account.id!, customerId: customer.id! }, txns);
  const res = await call("POST", `/v1/agents/${agentId}/float-reports`, {
    key: t.key,
    body: { reports: [{ reportedAt: new Date(cut).toISOString(), floatBalance: balanceAtCut / 100 }] },
  });
  expect(res.status).toBe(200);
}

/** The first hour after the cut whose close is below the floor, walking the known schedule. */
function firstHourBelow(cut: number, balance: number, floor: number, surge: boolean): number | null {
  let b = balance;
  for (let h = 1; h <= 168; h++) {
    const hourOfDay = new Date(cut + (h - 1) * HOUR).getUTCHours();
    if (hourOfDay === 10) b -= 10_000;
    if (surge && hourOfDay === 16) b -= 10_000;
    if (b < floor) return h;
  }
  return null;
}

describe("POST /v1/agent-health/float-backtests", () => {
  it("scores each forecast against the next 168 hours: coverage, misses and p50 error match a hand count", async () => {
    const t = await createTenant({ features: { agentNetwork: true } });
    const to = Math.floor(Date.now() / HOUR) * HOUR - 2 * HOUR;
    const cut = to - 168 * HOUR; // weeks = 1: the only cut
    // STEADY keeps its pattern; SURGE gets extra demand after the cut; RICH cannot run out in a week.
    await agentWith(t, "STEADY", cut, 42_000, false);
    await agentWith(t, "SURGE", cut, 42_000, true);
    await agentWith(t, "RICH", cut, 1_000_000, false);
    // No noise in the history: the forecast is the schedule without the surge, p10 = p50 = p90.
    const floor = 5_000;
    const forecast = firstHourBelow(cut, 42_000, floor, false)!;
    const steadyReal = firstHourBelow(cut, 42_000, floor, false)!;
    const surgeReal = firstHourBelow(cut, 42_000, floor, true)!;
    expect(firstHourBelow(cut, 1_000_000, floor, false)).toBeNull();
    expect(surgeReal).toBeLessThan(forecast); // the surge makes SURGE an early miss

    const res = await call("POST", "/v1/agent-health/float-backtests", {
      key: t.key,
      body: { to: new Date(to).toISOString(), weeks: 1 },
    });
    expect(res.status).toBe(200);
    const run = await json<Run>(res);
    expect(run.status).toBe("succeeded");
    const b = run.backtest!;
    expect(b.cuts).toBe(1);
    expect(b.firstCut).toBe(new Date(cut).toISOString());
    // All three scored: STEADY and RICH inside the interval, SURGE earlier than p10.
    expect(b.all).toMatchObject({ forecasts: 3, covered: 2, early: 1, late: 0 });
    expect(b.all.coverage).toBeCloseTo(2 / 3, 4);
    // At risk: the two whose p10 is within the horizon (RICH's is not and it did not run out).
    expect(b.atRisk).toMatchObject({ forecasts: 2, covered: 1, early: 1, late: 0, coverage: 0.5 });
    expect(b.stockouts).toBe(2);
    // p50 errors: |forecast - steadyReal| = 0 and |forecast - surgeReal|; the lower median is 0.
    expect(b.p50Error).toEqual({
      cases: 2,
      medianAbsoluteHours: Math.min(Math.abs(forecast - steadyReal), Math.abs(forecast - surgeReal)),
      meanAbsoluteHours: (Math.abs(forecast - steadyReal) + Math.abs(forecast - surgeReal)) / 2,
      meanSignedHours: (forecast - steadyReal + forecast - surgeReal) / 2,
    });
    const within72 = [steadyReal, surgeReal].filter((h) => h <= 72).length;
    expect(b.probabilityWithin72h.realised).toBeCloseTo(within72 / 3, 4);
    expect(b.perCut).toEqual([
      { cut: new Date(cut).toISOString(), forecasts: 3, atRisk: 2, atRiskCovered: 1 },
    ]);

    // Queued, the same run gives the same figures once its step has run.
    const queued = await call("POST", "/v1/agent-health/float-backtests", {
      key: t.key,
      body: { to: new Date(to).toISOString(), weeks: 1, async: true },
    });
    expect(queued.status).toBe(202);
    const started = await json<Run>(queued);
    expect(started).toMatchObject({ status: "queued", backtest: null, progress: { cuts: 1, cutsDone: 0 } });
    await jobHandlers[FLOAT_BACKTEST_JOB](env, {
      type: FLOAT_BACKTEST_JOB,
      tenantId: t.id,
      backtestId: started.backtestId,
      step: 0,
    });
    const read = await json<Run>(
      await call("GET", `/v1/agent-health/float-backtests/${started.backtestId}`, { key: t.key }),
    );
    expect(read.status).toBe("succeeded");
    expect(read.progress).toMatchObject({ cutsDone: 1, percent: 100 });
    expect(read.backtest).toEqual(b);

    // Another tenant cannot read it.
    const other = await createTenant({ features: { agentNetwork: true } });
    const foreign = await call("GET", `/v1/agent-health/float-backtests/${started.backtestId}`, {
      key: other.key,
    });
    expect(foreign.status).toBe(404);
  });

  it("refuses a window ending in the future and out-of-range parameters, naming the field", async () => {
    const t = await createTenant({ features: { agentNetwork: true } });
    const post = (body: unknown) => call("POST", "/v1/agent-health/float-backtests", { key: t.key, body });
    const future = await post({ to: new Date(Date.now() + DAY).toISOString() });
    expect(future.status).toBe(400);
    expect(JSON.stringify(await future.json())).toContain("to");
    for (const body of [{ weeks: 0 }, { weeks: 9 }, { cutEveryHours: 5 }, { tenantId: "x" }]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(Object.keys(body)[0]);
    }
  });
});
