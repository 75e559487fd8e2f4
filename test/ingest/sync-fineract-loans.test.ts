import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { loadTenantContext, type TenantContext } from "../../src/db/tenant-context";
import { startSync } from "../../src/modules/ingest/sync/service";
import { admin, call, createTenant, json, type TestTenant } from "../harness";
import { client1, client2, fakeFineract } from "./fineract-fixtures";
import {
  loan21,
  loan21Transactions,
  loan22Rejected,
  loan23Closed,
  repaymentTx,
} from "./fineract-loan-fixtures";

interface Loan {
  id: string;
  externalId: string;
  externalSource: string;
  product: string;
  principal: string;
  interestRate: string;
  termCount: number;
  termUnit: string;
  disbursementDate: string;
  status: string;
  officer: string | null;
  currency: string;
  daysPastDue: number;
  arrearsBucket: string;
}
interface Detail {
  loan: Loan & {
    schedule: {
      seq: number;
      dueDate: string;
      principalDue: string;
      interestDue: string;
      feeDue: string;
      state: string;
    }[];
    repayments: { externalId: string; amount: string; paidOn: string }[];
  };
}

let tenant: TestTenant;
let ctx: TenantContext;
const DAY = 86_400_000;
const TODAY = new Date().toISOString().slice(0, 10);
const daysSince = (date: string) => Math.round((Date.parse(TODAY) - Date.parse(date)) / DAY);

beforeAll(async () => {
  tenant = await createTenant({ name: "Fineract lender", shard: 1 });
  const res = await admin("PUT", `/admin/tenants/${tenant.id}/connectors/core_banking`, {
    provider: "fineract",
    baseUrl: "https://core.example/fineract-provider",
    tenantIdentifier: "default",
    username: "mifos",
    password: "password",
  });
  expect(res.status).toBe(200);
  ctx = await loadTenantContext(env, tenant.id, "fineract-loans-test");
});

const get = async <T>(path: string) => json<T>(await call("GET", path, { key: tenant.key }));
const detailPaths = (requests: { path: string }[]) =>
  requests.filter((r) => r.path.startsWith("/fineract-provider/api/v1/loans/")).map((r) => r.path);

describe("Fineract sync: loans", () => {
  it("loads loans with their schedules and repayments into the lending book, then only what moved", async () => {
    const fake = fakeFineract({
      clients: [client1, client2],
      savings: [],
      transactions: {},
      loans: [
        loan21(loan21Transactions, { totalRepayment: 858, totalOutstanding: 429 }),
        loan22Rejected,
        loan23Closed,
      ],
    });
    const first = await startSync(ctx, "core_banking", { fetcher: fake.fetcher });
    // Loans 21 and 23 (22 was rejected: not a loan, not an error); repayments 502, 503 and 511
    // (504 was reversed; 501 and 510 are disbursements).
    expect(first).toMatchObject({ status: "succeeded", errors: [] });
    expect(first.recordsWritten).toMatchObject({ customers: 2, loans: 2, loanRepayments: 3 });
    expect(detailPaths(fake.requests)).toEqual([
      "/fineract-provider/api/v1/loans/21?associations=repaymentSchedule,transactions",
      "/fineract-provider/api/v1/loans/22?associations=repaymentSchedule,transactions",
      "/fineract-provider/api/v1/loans/23?associations=repaymentSchedule,transactions",
    ]);

    const loans = await get<{ data: Loan[] }>("/v1/loans?limit=10");
    expect(loans.data.map((l) => l.externalId).sort()).toEqual(["21", "23"]);
    const l21 = loans.data.find((l) => l.externalId === "21")!;
    // Two of three installments paid: the oldest unpaid one fell due on 2024-06-01.
    const dpd = daysSince("2024-06-01");
    expect(l21).toMatchObject({
      externalSource: "fineract",
      product: "Micro Business Loan",
      principal: "1200.00",
      interestRate: "24",
      termCount: 3,
      termUnit: "months",
      disbursementDate: "2024-03-01",
      status: "active",
      officer: "Kwame Boateng",
      currency: "GHS",
      daysPastDue: dpd,
      arrearsBucket: dpd > 90 ? "90+" : "61-90",
    });
    expect(loans.data.find((l) => l.externalId === "23")).toMatchObject({ status: "closed", daysPastDue: 0 });
    const detail = await get<Detail>(`/v1/loans/${l21.id}`);
    expect(
      detail.loan.schedule.map((i) => [i.seq, i.dueDate, i.principalDue, i.interestDue, i.feeDue, i.state]),
    ).toEqual([
      [1, "2024-04-01", "400.00", "24.00", "5.00", "paid"],
      [2, "2024-05-01", "400.00", "24.00", "5.00", "paid"],
      [3, "2024-06-01", "400.00", "24.00", "5.00", "overdue"],
    ]);
    expect(detail.loan.repayments.map((r) => [r.externalId, r.amount, r.paidOn])).toEqual([
      ["502", "429.00", "2024-04-01"],
      ["503", "429.00", "2024-05-10"],
    ]);

    // Nothing moved: the loan list only.
    fake.requests.length = 0;
    const second = await startSync(ctx, "core_banking", { fetcher: fake.fetcher });
    expect(second.recordsWritten).toMatchObject({ loans: 0, loanRepayments: 0 });
    expect(detailPaths(fake.requests)).toEqual([]);

    // Loan 21 is paid off: only it is fetched, and only the new repayment is sent.
    fake.state.loans = [
      loan21([...loan21Transactions, repaymentTx(505, [2024, 7, 1], 429)], {
        totalRepayment: 1287,
        totalOutstanding: 0,
      }),
      loan22Rejected,
      loan23Closed,
    ];
    fake.requests.length = 0;
    const third = await startSync(ctx, "core_banking", { fetcher: fake.fetcher });
    expect(third.recordsWritten).toMatchObject({ loans: 1, loanRepayments: 1 });
    expect(detailPaths(fake.requests)).toEqual([
      "/fineract-provider/api/v1/loans/21?associations=repaymentSchedule,transactions",
    ]);
    const after = await get<Detail>(`/v1/loans/${l21.id}`);
    expect(after.loan).toMatchObject({ daysPastDue: 0, arrearsBucket: "current" });
    expect(after.loan.repayments.map((r) => r.externalId)).toEqual(["502", "503", "505"]);
  });

  it("reports a loan whose client is unknown and fetches it again on the next run", async () => {
    const t = await createTenant({ name: "Orphan loans", shard: 0 });
    await admin("PUT", `/admin/tenants/${t.id}/connectors/core_banking`, {
      provider: "fineract",
      baseUrl: "https://core.example/fineract-provider",
      tenantIdentifier: "default",
      username: "mifos",
      password: "password",
    });
    const tctx = await loadTenantContext(env, t.id, "fineract-loans-orphan");
    // No clients listed: loan 23's client 1 is not a customer of this tenant.
    const fake = fakeFineract({ clients: [], savings: [], transactions: {}, loans: [loan23Closed] });
    const run = await startSync(tctx, "core_banking", { fetcher: fake.fetcher });
    expect(run.recordsWritten).toMatchObject({ loans: 0, loanRepayments: 0 });
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]).toMatch(/^fineract loan 23: customerExternalId/);
    fake.state.clients = [client1];
    fake.requests.length = 0;
    const again = await startSync(tctx, "core_banking", { fetcher: fake.fetcher });
    expect(again).toMatchObject({
      errors: [],
      recordsWritten: { customers: 1, loans: 1, loanRepayments: 1 },
    });
  });
});
