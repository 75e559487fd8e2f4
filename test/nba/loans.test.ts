import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { countingContext } from "../../src/db/counting-d1";
import { loadTenantContext } from "../../src/db/tenant-context";
import { generateBatch } from "../../src/modules/nba/service";
import { call, createTenant, insertCustomer, json, type TestTenant } from "../harness";

/**
 * NBA over the lending book: loans ingested through the API with due dates relative to today,
 * so every expected action follows from the schedule written here.
 */
const DAY = 86_400_000;
const TODAY = new Date().toISOString().slice(0, 10);
const day = (offset: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * DAY).toISOString().slice(0, 10);

interface Action {
  actionType: string;
  priority: string;
  description: string;
}
const EXCELLENT = { bhiOverall: 88, trend: "improving" };
const DECLINING = { bhiOverall: 30, trend: "declining" };

let t: TestTenant;
const who: Record<string, string> = {};

/** One loan of 200.00 in two installments of 100.00, the first due `firstDue` days from today. */
const loan = (name: string, firstDue: number) => ({
  externalId: `L-${name}`,
  externalSource: "core",
  customerId: who[name],
  product: "micro",
  principal: "200.00",
  interestRate: "24",
  termCount: 2,
  disbursementDate: day(firstDue - 40),
  currency: "GHS",
  schedule: [
    { dueDate: day(firstDue), principal: "100.00" },
    { dueDate: day(firstDue + 60), principal: "100.00" },
  ],
});
const repayment = (name: string, paidOn: number) => ({
  externalId: `R-${name}`,
  externalSource: "core",
  loanExternalId: `L-${name}`,
  amount: "100.00",
  currency: "GHS",
  paidOn: day(paidOn),
});

const actionsOf = async (name: string, bhi?: unknown) => {
  const res = await call("POST", "/v1/nba/generate", { key: t.key, body: { customerId: who[name], bhi } });
  expect(res.status).toBe(200);
  return (await json<{ actions: Action[] }>(res)).actions;
};
const typesOf = async (name: string, bhi?: unknown) => (await actionsOf(name, bhi)).map((a) => a.actionType);

beforeAll(async () => {
  t = await createTenant({ name: "NBA lender", settings: { currency: "GHS" } });
  for (const name of ["early", "late", "default", "onTime", "paidLate", "noLoans"])
    who[name] = (await insertCustomer(t, { name })).id!;
  const loans = [
    loan("early", -12), // first installment 12 days overdue: 1-30
    loan("late", -45), // 45 days overdue: 31-60
    loan("default", -100), // 100 days overdue: 90+
    loan("onTime", -30), // paid on its due date
    loan("paidLate", -50), // paid 20 days after its due date: current again, but late within 6 months
  ];
  const res = await call("POST", "/v1/ingest/loans", { key: t.key, body: loans });
  expect(await json(res)).toMatchObject({ recordsWritten: 5, errors: [] });
  const paid = await call("POST", "/v1/ingest/loan-repayments", {
    key: t.key,
    body: [repayment("onTime", -30), repayment("paidLate", -30)],
  });
  expect(await json(paid)).toMatchObject({ recordsWritten: 2, errors: [] });
});

describe("NBA rules for loans in arrears", () => {
  it("a loan 1-30 days past due gets early contact, and no restructure", async () => {
    const actions = await actionsOf("early");
    expect(actions.map((a) => [a.actionType, a.priority])).toContainEqual(["arrears_early_contact", "high"]);
    expect(actions.map((a) => a.actionType)).not.toContain("restructure_offer");
  });

  it("31 days and more: restructure (high; critical in the 90+ bucket), not early contact", async () => {
    const late = await actionsOf("late");
    const offer = late.find((a) => a.actionType === "restructure_offer");
    expect(offer?.priority).toBe("high");
    // Days past due: today minus the oldest unpaid due date (45 days ago).
    expect(offer?.description).toContain("the oldest 45 days");
    expect(late.map((a) => a.actionType)).not.toContain("arrears_early_contact");
    const dflt = (await actionsOf("default")).find((a) => a.actionType === "restructure_offer");
    expect(dflt?.priority).toBe("critical");
    expect(dflt?.description).toContain("the oldest 100 days");
  });

  it("no restructure for a customer without loans, even with a low and declining BHI", async () => {
    expect(await typesOf("noLoans", DECLINING)).not.toContain("restructure_offer");
    // The same BHI with a loan 45 days late: the restructure is there.
    expect(await typesOf("late", DECLINING)).toContain("restructure_offer");
  });

  it("credit-line increase only with a clean repayment record", async () => {
    // Excellent and improving: offered with no loans or with a loan paid on its due date ...
    expect(await typesOf("noLoans", EXCELLENT)).toContain("credit_line_increase");
    expect(await typesOf("onTime", EXCELLENT)).toContain("credit_line_increase");
    // ... withheld after an installment paid late in the last 6 months, or with a loan in arrears.
    expect(await typesOf("paidLate", EXCELLENT)).not.toContain("credit_line_increase");
    expect(await typesOf("early", EXCELLENT)).not.toContain("credit_line_increase");
    expect(await typesOf("default", EXCELLENT)).not.toContain("credit_line_increase");
    // paidLate is current again: no arrears action either.
    const paidLate = await typesOf("paidLate", EXCELLENT);
    expect(paidLate).not.toContain("arrears_early_contact");
    expect(paidLate).not.toContain("restructure_offer");
  });

  it("a batch reads the loans of all its customers in one statement", async () => {
    const ids = Object.values(who);
    const counting = countingContext(await loadTenantContext(env, t.id, "nba-loans-count"));
    const items = await generateBatch(counting.ctx, { customerIds: ids }, ["nba:read"]);
    // Cash flows, loans, latest BHI, existence.
    expect(counting.queries()).toBe(4);
    const byId = new Map(
      items.map((i) => [i.customerId, i.status === "ok" ? i.actions.map((a) => a.actionType) : []]),
    );
    expect(byId.get(who.early)).toContain("arrears_early_contact");
    expect(byId.get(who.default)).toContain("restructure_offer");
  });
});
