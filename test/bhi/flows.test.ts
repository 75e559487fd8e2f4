import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { bhiRecords } from "../../src/db/shard";
import { systemShardDb } from "../../src/db/system-db";
import { CALCULATION_VERSION } from "../../src/modules/bhi/domain/calculate";
import { SCORING } from "../../src/modules/bhi/domain/components";
import { call, createTenant, json, type TestTenant } from "../harness";
import { calculate, seedHealthyCustomer, weekDate } from "./seed";

/**
 * BHI 1.1.0: flows keep non-revenue credits out of inflow, and payment behaviour blends in the
 * loan repayment record. Every expected value is worked out here from seed.ts's healthy customer
 * (12 weeks of 1,000.00 in and 700.00 out, balance 20,000.00: every component 100).
 */
interface Bhi {
  bhiOverall: string;
  revenueStabilityScore: string;
  paymentBehaviorScore: string;
  calculationVersion: string;
  inputMetrics: Record<string, number>;
}
const DAY = 86_400_000;
const TODAY = new Date().toISOString().slice(0, 10);
const day = (offset: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);

let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "BHI flows", shard: 0, settings: { currency: "GHS" } });
});

const scoreOf = async (customerId: string): Promise<Bhi> => {
  const res = await calculate(t, { customerId, includeDetails: true });
  expect(res.status).toBe(200);
  const body = await json<{ results: { bhi: Bhi }[] }>(res);
  return body.results[0].bhi;
};

/** One transaction through ingest, so its flow is classified as in production. */
const ingest = async (account: { id?: string }, externalId: string, fields: Record<string, unknown>) => {
  const res = await call("POST", "/v1/ingest/transactions", {
    key: t.key,
    body: [{ externalId, externalSource: "core", accountId: account.id, currency: "GHS", ...fields }],
  });
  expect(await json(res)).toMatchObject({ recordsWritten: 1, errors: [] });
};

describe("BHI revenue uses flows", () => {
  it("a 50,000.00 loan disbursement or own transfer adds no revenue; the same credit as sales does", async () => {
    const big = { type: "credit", amount: "50000.00", transactionDate: weekDate(0) };
    const loanCustomer = await seedHealthyCustomer(t, "Disbursed Ltd");
    await ingest(loanCustomer.account, "DISB", { ...big, category: "loan_disbursement" });
    const ownCustomer = await seedHealthyCustomer(t, "Sweeps Ltd");
    await ingest(ownCustomer.account, "SWEEP", { ...big, category: "own_transfer" });
    const salesCustomer = await seedHealthyCustomer(t, "Big Sale Ltd");
    await ingest(salesCustomer.account, "SALE", { ...big, category: "sales" });

    for (const c of [loanCustomer, ownCustomer]) {
      const bhi = await scoreOf(c.customer.id!);
      expect(bhi.calculationVersion).toBe(CALCULATION_VERSION);
      expect(bhi.inputMetrics.inflow).toBe(12 * 1_000);
      expect(bhi.revenueStabilityScore).toBe("100.00");
      expect(bhi.bhiOverall).toBe("100.00");
    }

    // As revenue: periods 4,000 / 4,000 / 54,000; their coefficient of variation sets the score.
    const periods = [4_000, 4_000, 54_000];
    const mean = periods.reduce((a, b) => a + b) / 3;
    const cv = Math.sqrt(periods.reduce((a, p) => a + (p - mean) ** 2, 0) / 3) / mean;
    const expected = Math.max(0, Math.min(100, 100 * (1 - cv / SCORING.revenueZeroCv)));
    const sales = await scoreOf(salesCustomer.customer.id!);
    expect(sales.inputMetrics.inflow).toBe(12 * 1_000 + 50_000);
    expect(sales.revenueStabilityScore).toBe(expected.toFixed(2));
    expect(Number(sales.bhiOverall)).toBeLessThan(100);
  });
});

describe("BHI payment behaviour uses the loan repayment record", () => {
  /** A loan of three 100.00 installments due 70, 40 and 10 days ago, repaid on the given days. */
  async function borrower(name: string, loanId: string, paidOn: string[]) {
    const seeded = await seedHealthyCustomer(t, name);
    const { externalId, externalSource } = seeded.customer;
    const schedule = [-70, -40, -10].map((d) => ({
      dueDate: day(d),
      principal: "100.00",
      interest: "0",
      fee: "0",
    }));
    const loan = {
      externalId: loanId,
      externalSource: "core",
      customerExternalId: externalId,
      customerExternalSource: externalSource,
      product: "micro",
      principal: "300.00",
      interestRate: "0",
      termCount: 3,
      disbursementDate: day(-100),
      currency: "GHS",
      schedule,
    };
    const loans = await call("POST", "/v1/ingest/loans", { key: t.key, body: [loan] });
    expect(await json(loans)).toMatchObject({ recordsWritten: 1, errors: [] });
    const repayments = paidOn.map((on, i) => ({
      externalId: `${loanId}-R${i}`,
      externalSource: "core",
      loanExternalId: loanId,
      amount: "100.00",
      currency: "GHS",
      paidOn: on,
    }));
    const paid = await call("POST", "/v1/ingest/loan-repayments", { key: t.key, body: repayments });
    expect(await json(paid)).toMatchObject({ recordsWritten: paidOn.length, errors: [] });
    return seeded.customer.id!;
  }

  it("late installments score worse than the same customer paying on time", async () => {
    const onTime = await borrower("Prompt Ltd", "LP", [day(-70), day(-40), day(-10)]);
    // Ten days late twice, the third still unpaid: 0 of 3 on time, 10 days past due today.
    const late = await borrower("Tardy Ltd", "LT", [day(-60), day(-30)]);
    const prompt = await scoreOf(onTime);
    const tardy = await scoreOf(late);

    // Both accounts have no failed debit or overdraft: the account part scores 100.
    const blend = (loan: number) => (1 - SCORING.loanWeight) * 100 + SCORING.loanWeight * loan;
    expect(prompt.inputMetrics).toMatchObject({
      loanInstallmentsDue: 3,
      loanInstallmentsOnTime: 3,
      loanDaysPastDue: 0,
    });
    expect(prompt.paymentBehaviorScore).toBe(blend(100).toFixed(2));
    expect(tardy.inputMetrics).toMatchObject({
      loanInstallmentsDue: 3,
      loanInstallmentsOnTime: 0,
      loanDaysPastDue: 10,
    });
    const tardyLoan = Math.max(0, 100 * (0 / 3) - SCORING.loanDpdPenalty * 10);
    expect(tardy.paymentBehaviorScore).toBe(blend(tardyLoan).toFixed(2));
    expect(Number(tardy.bhiOverall)).toBeLessThan(Number(prompt.bhiOverall));
  });

  it("a customer without loans keeps the account-only payment behaviour", async () => {
    const { customer } = await seedHealthyCustomer(t, "No Loans Ltd");
    const bhi = await scoreOf(customer.id!);
    expect(bhi.paymentBehaviorScore).toBe("100.00");
    expect(bhi.inputMetrics.loanInstallmentsDue).toBeUndefined();
  });
});

describe("methodology versions", () => {
  it("a record calculated under 1.0.0 keeps its version beside the new ones", async () => {
    const { customer } = await seedHealthyCustomer(t, "Old Record Ltd");
    const created = new Date(Date.now() - 30 * DAY).toISOString();
    await systemShardDb(env, t.shard)
      .insert(bhiRecords)
      .values({
        id: crypto.randomUUID(),
        tenantId: t.id,
        customerId: customer.id!,
        version: 1,
        bhiOverall: 80,
        bhiBand: "good",
        liquidityScore: 80,
        volatilityScore: 80,
        revenueStabilityScore: 80,
        expenseRatioScore: 80,
        paymentBehaviorScore: 80,
        trend: "stable",
        isSignificantChange: false,
        inputMetrics: {},
        alerts: [],
        alertCount: 0,
        componentWeights: {},
        recentScores: [80],
        calculationVersion: "1.0.0",
        createdAt: created,
      });
    await scoreOf(customer.id!);
    const res = await call("GET", `/v1/bhi/${customer.id}/history`, { key: t.key });
    const history = (await json<{ history: { calculationVersion: string; recordedAt: string }[] }>(res))
      .history;
    expect(history.map((h) => h.calculationVersion).sort()).toEqual(["1.0.0", CALCULATION_VERSION]);
    expect(history.find((h) => h.recordedAt === created)?.calculationVersion).toBe("1.0.0");
  });
});
