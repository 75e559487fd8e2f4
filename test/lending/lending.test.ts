import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { jobHandlers } from "../../src/jobs/registry";
import { call, createTenant, json, shardRows, type TestTenant } from "../harness";

interface LoanView {
  daysPastDue: number;
  arrearsBucket: string;
  arrears: { overdue: Record<string, string>; outstanding: Record<string, string> };
  schedule: { state: string }[];
  repayments: { allocation: unknown[] }[];
}
interface ParView {
  source: string;
  portfolio: Record<string, unknown>;
  groups: { key: string | null; par1: number }[];
  history: { monthEnd: string }[];
}

/**
 * Loans and repayments through the API, arrears and PAR as of today: every expected figure is
 * worked out here from the schedule (dates relative to today, so the test never ages).
 */
const DAY = 86_400_000;
const TODAY = new Date().toISOString().slice(0, 10);
const day = (offset: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);
const daysFrom = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

let tenant: TestTenant;
let other: TestTenant;
let customerId: string;
const ids: Record<string, string> = {};

const post = async (t: TestTenant, path: string, body: unknown, contentType = "application/json") => {
  const res = await call("POST", path, { key: t.key, body, headers: { "content-type": contentType } });
  return {
    status: res.status,
    ...(await json<{ recordsWritten: number; errors: { index: number; message: string }[] }>(res)),
  };
};
const get = async <T = Record<string, unknown>>(t: TestTenant, path: string) => {
  const res = await call("GET", path, { key: t.key });
  return { status: res.status, body: await json<T>(res) };
};
const inst = (dueDate: string, principal: string, interest = "10.00", fee = "1.00") => ({
  dueDate,
  principal,
  interest,
  fee,
});
const loan = (externalId: string, branch: string, principal: string, schedule: unknown[]) => ({
  externalId,
  externalSource: "core",
  customerExternalId: "C1",
  product: externalId === "L2" ? "sme" : "micro",
  principal,
  interestRate: "24",
  termCount: schedule.length,
  disbursementDate: day(-120),
  branch,
  officer: "ama",
  currency: "GHS",
  schedule,
});
// L1: 3 x (100.00 + 10.00 interest + 1.00 fee), due 45 and 15 days ago and in 15 days.
// L2: 2 x 100.00 (no interest or fee), the first due 100 days ago. L3: 500.00 due in 30 days.
const LOANS = [
  loan("L1", "Accra", "300.00", [
    inst(day(-45), "100.00"),
    inst(day(-15), "100.00"),
    inst(day(15), "100.00"),
  ]),
  loan("L2", "Accra", "200.00", [inst(day(-100), "100.00", "0", "0"), inst(day(20), "100.00", "0", "0")]),
  loan("L3", "Kumasi", "500.00", [inst(day(30), "500.00", "0", "0")]),
];
// 111.00 pays L1's first installment; 5.00 then pays the second's fee (1.00) and 4.00 of its interest.
const REPAYMENTS = [
  {
    externalId: "R1",
    externalSource: "core",
    loanExternalId: "L1",
    amount: "111.00",
    currency: "GHS",
    paidOn: day(-44),
  },
  {
    externalId: "R2",
    externalSource: "core",
    loanExternalId: "L1",
    amount: "5.00",
    currency: "GHS",
    paidOn: day(-10),
  },
];

const events = (t: TestTenant, type: string) =>
  shardRows<{ data: string }>(
    t,
    "SELECT data FROM events WHERE tenant_id = ? AND type = ? ORDER BY created_at",
    t.id,
    type,
  );

beforeAll(async () => {
  tenant = await createTenant({ name: "Lender", shard: 0, settings: { currency: "GHS" } });
  other = await createTenant({ name: "Other lender", shard: 0 });
  await post(tenant, "/v1/ingest/customers", [
    { externalId: "C1", externalSource: "core", name: "Kofi Traders", vertical: "retail" },
  ]);
  const written = await post(tenant, "/v1/ingest/loans", LOANS);
  expect(written).toMatchObject({ status: 200, recordsWritten: 3, errors: [] });
  const repaid = await post(tenant, "/v1/ingest/loan-repayments", REPAYMENTS);
  expect(repaid).toMatchObject({ status: 200, recordsWritten: 2, errors: [] });
  const list = await get<{ data: { id: string; externalId: string }[] }>(tenant, "/v1/loans?limit=10");
  for (const l of list.body.data) ids[l.externalId] = l.id;
  customerId = (
    await shardRows<{ id: string }>(tenant, "SELECT id FROM customers WHERE tenant_id = ?", tenant.id)
  )[0].id;
});

describe("loans: ingest and reads", () => {
  it("shows arrears from the schedule and the allocated repayments", async () => {
    const { status, body } = await get<{ loan: LoanView }>(tenant, `/v1/loans/${ids.L1}`);
    expect(status).toBe(200);
    const l1 = body.loan;
    // Oldest unpaid: the second installment, due 15 days ago; it still owes 100.00 + 6.00 interest.
    expect(l1.daysPastDue).toBe(15);
    expect(l1.arrearsBucket).toBe("1-30");
    expect(l1.arrears.overdue).toEqual({
      principal: "100.00",
      interest: "6.00",
      fee: "0.00",
      total: "106.00",
    });
    expect(l1.arrears.outstanding.principal).toBe("200.00");
    expect(l1.schedule.map((i: { state: string }) => i.state)).toEqual(["paid", "overdue", "due"]);
    expect(l1.repayments[1].allocation).toEqual([
      { seq: 2, principal: "0.00", interest: "4.00", fee: "1.00" },
    ]);
  });

  it("answers as of an earlier date with only the repayments paid by then", async () => {
    // 20 days ago: installment 1 was paid (44 days ago), installment 2 not due yet: current.
    const { body } = await get<{ loan: LoanView }>(tenant, `/v1/loans/${ids.L1}?asOf=${day(-20)}`);
    expect(body.loan.daysPastDue).toBe(0);
    expect(body.loan.repayments).toHaveLength(1);
    // 12 days ago: R2 (10 days ago) not paid yet, installment 2 (due 15 days ago) wholly unpaid, 3 days late.
    const before = await get<{ loan: LoanView }>(tenant, `/v1/loans/${ids.L1}?asOf=${day(-12)}`);
    expect(before.body.loan.daysPastDue).toBe(3);
    expect(before.body.loan.arrears.overdue.total).toBe("111.00");
    // A repayment counts on the day it is paid: 44 days ago installment 1 (due the day before) was settled.
    const paidThatDay = await get<{ loan: LoanView }>(tenant, `/v1/loans/${ids.L1}?asOf=${day(-44)}`);
    expect(paidThatDay.body.loan.daysPastDue).toBe(0);
  });

  it("filters by arrears bucket, lists a customer's loans and refuses bad records one by one", async () => {
    const late = await get<{ data: { externalId: string; daysPastDue: number }[] }>(
      tenant,
      "/v1/loans?arrearsBucket=90%2B",
    );
    expect(late.body.data.map((l) => [l.externalId, l.daysPastDue])).toEqual([["L2", 100]]);
    const mine = await get<{ pagination: { total: number } }>(tenant, `/v1/customers/${customerId}/loans`);
    expect(mine.body.pagination.total).toBe(3);
    const bad = await post(tenant, "/v1/ingest/loans", [
      { ...LOANS[0], externalId: "L9", principal: "301.00" },
      { ...LOANS[0], externalId: "L10", customerExternalId: "nobody" },
    ]);
    expect(bad.recordsWritten).toBe(0);
    expect(bad.errors.map((e) => e.index)).toEqual([0, 1]);
    expect(bad.errors[0].message).toMatch(/^schedule: installment principals add up to 300.00/);
    const csv =
      "externalId,externalSource,loanExternalId,amount,currency,paidOn,installmentSeq\nR9,core,L1,1.00,GHS," +
      TODAY +
      ",7\n";
    const badCsv = await post(tenant, "/v1/ingest/loan-repayments", csv, "text/csv");
    expect(badCsv).toMatchObject({
      status: 200,
      recordsWritten: 0,
      errors: [{ index: 0, message: "installmentSeq: the loan has no installment 7" }],
    });
  });

  it("takes loans as CSV (schedule as a JSON array in its cell) and NDJSON", async () => {
    const schedule = JSON.stringify([{ dueDate: day(40), principal: "50.00" }]).replaceAll('"', '""');
    const csv = `externalId,externalSource,customerExternalId,product,principal,interestRate,termCount,disbursementDate,currency,schedule\nCSV1,core,C1,micro,50.00,12,1,${day(-5)},GHS,"${schedule}"\n`;
    expect(await post(tenant, "/v1/ingest/loans", csv, "text/csv")).toMatchObject({
      status: 200,
      recordsWritten: 1,
      errors: [],
    });
    const ndjson = `${JSON.stringify({ ...LOANS[2], externalId: "ND1" })}\nnot json\n`;
    const nd = await post(tenant, "/v1/ingest/loans", ndjson, "application/x-ndjson");
    expect(nd).toMatchObject({
      status: 200,
      recordsWritten: 1,
      errors: [{ index: 1, message: "line is not valid JSON" }],
    });
    const list = await get<{ data: { externalId: string; outstandingPrincipal: string }[] }>(
      tenant,
      "/v1/loans?product=micro&branch=Kumasi",
    );
    expect(list.body.data.map((l) => l.externalId)).toEqual(["ND1", "L3"]);
    // Leave the book as the PAR tests expect it.
    await shardRows(
      tenant,
      "DELETE FROM loans WHERE tenant_id = ? AND external_id IN ('CSV1', 'ND1')",
      tenant.id,
    );
  });

  it("hides another tenant's loans and customers (404) and lists none of them", async () => {
    expect((await get(other, `/v1/loans/${ids.L1}`)).status).toBe(404);
    expect((await get(other, `/v1/customers/${customerId}/loans`)).status).toBe(404);
    const list = await get<{ data: unknown[] }>(other, "/v1/loans");
    expect(list.body.data).toEqual([]);
    const foreign = await post(other, "/v1/ingest/loan-repayments", [
      { ...REPAYMENTS[0], externalId: "X1", loanExternalId: undefined, loanId: ids.L1 },
    ]);
    expect(foreign.errors[0].message).toBe(`loanId: no loan ${ids.L1}`);
  });
});

describe("portfolio at risk", () => {
  it("divides the principal of loans past n days by all outstanding principal", async () => {
    // Outstanding principal: L1 200.00 (15 days), L2 200.00 (100 days), L3 500.00 (current).
    const total = 200 + 200 + 500;
    const { body } = await get<ParView>(tenant, "/v1/lending/portfolio-at-risk?groupBy=branch");
    expect(body.source).toBe("live");
    expect(body.portfolio).toMatchObject({
      loans: 3,
      outstandingPrincipal: "900.00",
      par1: Math.round(((200 + 200) / total) * 10_000) / 10_000,
      par30: Math.round((200 / total) * 10_000) / 10_000,
      par90: Math.round((200 / total) * 10_000) / 10_000,
    });
    expect(body.groups.map((g) => [g.key, g.par1])).toEqual([
      ["Accra", 1],
      ["Kumasi", 0],
    ]);
    const segment = await get<ParView>(tenant, "/v1/lending/portfolio-at-risk?groupBy=segment");
    expect(segment.body.groups.map((g) => g.key)).toEqual(["retail"]);
  });

  it("refuses a past date that has no snapshot, then answers from the month-end the daily job stores", async () => {
    const past = await get<{ error: { details: { path: string }[] } }>(
      tenant,
      `/v1/lending/portfolio-at-risk?asOf=${day(-3)}`,
    );
    expect(past.status).toBe(400);
    await jobHandlers["lending.refresh"](env, { type: "lending.refresh", tenantId: tenant.id });
    const d = new Date(`${TODAY}T00:00:00Z`);
    d.setUTCDate(0);
    const monthEnd = d.toISOString().slice(0, 10);
    // Each loan's days past due at the month-end, from its oldest unpaid installment.
    const dpd = (due: string) => (due < monthEnd ? daysFrom(due, monthEnd) : 0);
    const atMonthEnd = [
      { principal: 200, dpd: dpd(day(-15)) },
      { principal: 200, dpd: dpd(day(-100)) },
      { principal: 500, dpd: 0 },
    ];
    const share = (n: number) =>
      Math.round((atMonthEnd.filter((l) => l.dpd > n).reduce((s, l) => s + l.principal, 0) / 900) * 10_000) /
      10_000;
    const { status, body } = await get<ParView>(tenant, `/v1/lending/portfolio-at-risk?asOf=${monthEnd}`);
    expect(status).toBe(200);
    expect(body.source).toBe("snapshot");
    expect(body.portfolio).toMatchObject({ loans: 3, par1: share(1), par30: share(30), par90: share(90) });
    expect(body.history.map((h: { monthEnd: string }) => h.monthEnd)).toEqual([monthEnd]);
  });
});

describe("loan events", () => {
  it("fires once per transition, through ingest and the daily job", async () => {
    // Ingest: L1 entered 31-60 (45 days), then its repayments moved it to 1-30; L2 entered 90+.
    const entered = (await events(tenant, "loan.entered_arrears")).map((e) => JSON.parse(e.data));
    expect(entered.map((e) => [e.externalId, e.toBucket]).sort()).toEqual([
      ["L1", "31-60"],
      ["L2", "90+"],
    ]);
    const changed = (await events(tenant, "loan.bucket_changed")).map((e) => JSON.parse(e.data));
    expect(changed.map((e) => `${e.externalId}:${e.fromBucket}>${e.toBucket}`).sort()).toEqual([
      "L1:1-30>31-60".replace("1-30>31-60", "31-60>1-30"),
      "L1:current>31-60",
      "L2:current>90+",
    ]);
    // Re-sending everything changes no state: no new events.
    await post(tenant, "/v1/ingest/loans", LOANS);
    await post(tenant, "/v1/ingest/loan-repayments", REPAYMENTS);
    await jobHandlers["lending.refresh"](env, { type: "lending.refresh", tenantId: tenant.id });
    expect(await events(tenant, "loan.bucket_changed")).toHaveLength(3);
    expect(await events(tenant, "loan.entered_arrears")).toHaveLength(2);
  });

  it("announces a move time made (daily job) once, and a full repayment once", async () => {
    // As if L2 had last been announced in 61-90: the job sees 90+ today.
    await shardRows(
      tenant,
      "UPDATE loans SET state_bucket = '61-90' WHERE tenant_id = ? AND id = ?",
      tenant.id,
      ids.L2,
    );
    const run = () => jobHandlers["lending.refresh"](env, { type: "lending.refresh", tenantId: tenant.id });
    await run();
    await run();
    // The same move seen again the same day (a racing ingest, a retried job) is the same event.
    await shardRows(
      tenant,
      "UPDATE loans SET state_bucket = '61-90' WHERE tenant_id = ? AND id = ?",
      tenant.id,
      ids.L2,
    );
    await run();
    const moves = (await events(tenant, "loan.bucket_changed")).map((e) => JSON.parse(e.data));
    expect(moves.filter((e) => e.fromBucket === "61-90")).toMatchObject([
      { loanId: ids.L2, toBucket: "90+", daysPastDue: 100 },
    ]);
    const payOff = [
      {
        externalId: "R3",
        externalSource: "core",
        loanExternalId: "L3",
        amount: "500.00",
        currency: "GHS",
        paidOn: TODAY,
      },
    ];
    await post(tenant, "/v1/ingest/loan-repayments", payOff);
    await post(tenant, "/v1/ingest/loan-repayments", payOff);
    const repaid = (await events(tenant, "loan.repaid")).map((e) => JSON.parse(e.data));
    expect(repaid).toMatchObject([{ loanId: ids.L3, outstandingPrincipal: "0.00" }]);
  });
});
