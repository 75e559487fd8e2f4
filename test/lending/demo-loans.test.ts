import { describe, expect, it } from "vitest";
import { generateLoans, LOAN_STORIES } from "../../scripts/seed/loans.mjs";
import { call, createTenant, json } from "../harness";

interface Loan {
  externalId: string;
  arrearsBucket: string;
  daysPastDue: number;
  outstandingTotal: string;
}

/** What each story of the demo book (scripts/seed/loans.mjs) must look like today. */
const EXPECTED: Record<string, (l: Loan) => boolean> = {
  on_time: (l) => l.arrearsBucket === "current" && l.outstandingTotal !== "0.00",
  late_then_recovered: (l) => l.arrearsBucket === "current",
  early_arrears: (l) => l.daysPastDue >= 5 && l.daysPastDue <= 25,
  arrears_31_60: (l) => l.arrearsBucket === "31-60",
  defaulting: (l) => l.arrearsBucket === "90+",
  repaid: (l) => l.outstandingTotal === "0.00",
};

describe("the demo loan book of npm start", () => {
  it("ingests cleanly and each loan tells its story through the API", async () => {
    const t = await createTenant({ name: "Demo lender", settings: { currency: "GHS" } });
    const count = Object.values(LOAN_STORIES).reduce((a, b) => a + b, 0);
    const customers = Array.from({ length: count }, (_, i) => ({
      externalId: `ACC-CUS-${i + 1}`,
      externalSource: "demo-core",
      name: `Borrower ${i + 1}`,
    }));
    const book = generateLoans({ seed: 44, customers, source: "demo-core", now: new Date(), prefix: "ACC" });
    const post = async (path: string, body: unknown) =>
      json<{ recordsWritten: number; errors: unknown[] }>(await call("POST", path, { key: t.key, body }));
    expect(await post("/v1/ingest/customers", customers)).toMatchObject({ errors: [] });
    expect(await post("/v1/ingest/loans", book.loans)).toMatchObject({ recordsWritten: count, errors: [] });
    expect(await post("/v1/ingest/loan-repayments", book.repayments)).toMatchObject({
      recordsWritten: book.repayments.length,
      errors: [],
    });
    const list = await json<{ data: Loan[] }>(await call("GET", "/v1/loans?limit=100", { key: t.key }));
    expect(list.data).toHaveLength(count);
    for (const loan of list.data) {
      const story = book.storyOf[loan.externalId];
      expect(EXPECTED[story](loan), `${loan.externalId} (${story}): ${JSON.stringify(loan)}`).toBe(true);
    }
    // PAR sees the book's arrears: 31-60 and 90+ loans are past 30 days.
    const par = await json<{ portfolio: { par1: number; par30: number; par90: number } }>(
      await call("GET", "/v1/lending/portfolio-at-risk", { key: t.key }),
    );
    expect(par.portfolio.par30).toBeGreaterThan(par.portfolio.par90);
    expect(par.portfolio.par90).toBeGreaterThan(0);
  });
});
