/**
 * Recorded-style Apache Fineract responses (shapes of GET /clients, GET /savingsaccounts,
 * GET /savingsaccounts/{id}?associations=transactions, GET /loans and
 * GET /loans/{id}?associations=repaymentSchedule,transactions), served by a fake fetcher that
 * also records each request. Loans are in test/ingest/fineract-loan-fixtures.ts.
 */
export const client1 = {
  id: 1,
  accountNo: "000000001",
  status: { id: 300, code: "clientStatusType.active", value: "Active" },
  active: true,
  activationDate: [2024, 3, 1],
  firstname: "Ama",
  lastname: "Mensah",
  displayName: "Ama Mensah",
  mobileNo: "0244000001",
  emailAddress: "ama@example.com",
  officeId: 1,
  officeName: "Head Office",
  legalForm: { id: 1, code: "legalFormType.person", value: "PERSON" },
  timeline: { submittedOnDate: [2024, 2, 20], activatedOnDate: [2024, 3, 1] },
};

export const client2 = {
  id: 2,
  accountNo: "000000002",
  status: { id: 600, code: "clientStatusType.closed", value: "Closed" },
  active: false,
  fullname: "Kumasi Traders Ltd",
  displayName: "Kumasi Traders Ltd",
  officeId: 1,
  officeName: "Head Office",
  legalForm: { id: 2, code: "legalFormType.entity", value: "ENTITY" },
  timeline: { submittedOnDate: [2023, 11, 5] },
};

/** 199 more plain clients, so the client list takes two pages of 200. */
export const moreClients = Array.from({ length: 199 }, (_, i) => ({
  id: 100 + i,
  accountNo: String(100 + i).padStart(9, "0"),
  status: { id: 300, code: "clientStatusType.active", value: "Active" },
  active: true,
  displayName: `Client ${100 + i}`,
  legalForm: { id: 1, code: "legalFormType.person", value: "PERSON" },
  timeline: { submittedOnDate: [2024, 1, 1] },
}));

const ghs = { code: "GHS", name: "Ghana Cedi", decimalPlaces: 2, inMultiplesOf: 1, displaySymbol: "GH₵" };

export const savings = (summary: Record<string, number>) => [
  {
    id: 11,
    accountNo: "000000011",
    clientId: 1,
    clientName: "Ama Mensah",
    savingsProductId: 1,
    savingsProductName: "Passbook Savings",
    status: {
      id: 300,
      code: "savingsAccountStatusType.active",
      value: "Active",
      active: true,
      closed: false,
    },
    timeline: { submittedOnDate: [2024, 3, 1], activatedOnDate: [2024, 3, 2] },
    currency: ghs,
    summary: { currency: ghs, ...summary },
  },
  {
    id: 12,
    accountNo: "000000012",
    clientId: 2,
    clientName: "Kumasi Traders Ltd",
    savingsProductId: 1,
    savingsProductName: "Passbook Savings",
    status: {
      id: 600,
      code: "savingsAccountStatusType.closed",
      value: "Closed",
      active: false,
      closed: true,
    },
    timeline: { submittedOnDate: [2023, 11, 5], activatedOnDate: [2023, 11, 6] },
    currency: ghs,
    summary: { currency: ghs, totalDeposits: 0, accountBalance: 0 },
  },
];

const type = (code: string, value: string, flags: Record<string, boolean>) => ({
  id: 1,
  code: `savingsAccountTransactionType.${code}`,
  value,
  deposit: false,
  withdrawal: false,
  interestPosting: false,
  feeDeduction: false,
  ...flags,
});

export const deposit101 = {
  id: 101,
  transactionType: type("deposit", "Deposit", { deposit: true }),
  accountId: 11,
  accountNo: "000000011",
  date: [2024, 3, 2],
  currency: ghs,
  paymentDetailData: { id: 5, paymentType: { id: 1, name: "Cash" } },
  amount: 1500,
  runningBalance: 1500,
  reversed: false,
  submittedOnDate: [2024, 3, 2],
};

export const withdrawal102 = {
  id: 102,
  transactionType: type("withdrawal", "Withdrawal", { withdrawal: true }),
  accountId: 11,
  accountNo: "000000011",
  date: [2024, 3, 10],
  currency: ghs,
  amount: 250.5,
  runningBalance: 1249.5,
  reversed: false,
  submittedOnDate: [2024, 3, 10],
};

export const deposit103 = {
  ...deposit101,
  id: 103,
  date: [2024, 4, 1],
  submittedOnDate: [2024, 4, 1],
  amount: 100,
  runningBalance: 1349.5,
};

export interface FakeFineract {
  fetcher: typeof fetch;
  requests: { path: string; headers: Headers }[];
  state: {
    clients: unknown[];
    savings: unknown[];
    transactions: Record<string, unknown[]>;
    /** Full loans (with repaymentSchedule and transactions); the list leaves those two out, as Fineract does. */
    loans?: Record<string, unknown>[];
    status?: number;
  };
}

export function fakeFineract(state: FakeFineract["state"]): FakeFineract {
  const requests: FakeFineract["requests"] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    requests.push({ path: `${url.pathname}${url.search}`, headers: new Headers(init?.headers) });
    if (state.status) return new Response('{"developerMessage":"Unauthenticated"}', { status: state.status });
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const limit = Number(url.searchParams.get("limit") ?? 200);
    const page = (items: unknown[]) =>
      Response.json({ totalFilteredRecords: items.length, pageItems: items.slice(offset, offset + limit) });
    const path = url.pathname.replace(/^\/fineract-provider\/api\/v1/, "");
    if (path === "/clients") return page(state.clients);
    if (path === "/savingsaccounts") return page(state.savings);
    if (path === "/loans")
      return page((state.loans ?? []).map(({ repaymentSchedule, transactions, ...l }) => l));
    const loan = /^\/loans\/(\d+)$/.exec(path);
    if (loan && url.searchParams.get("associations") === "repaymentSchedule,transactions") {
      const found = (state.loans ?? []).find((l) => String(l.id) === loan[1]);
      return found ? Response.json(found) : new Response("not found", { status: 404 });
    }
    const detail = /^\/savingsaccounts\/(\d+)$/.exec(path);
    if (detail && url.searchParams.get("associations") === "transactions") {
      const account = (state.savings as { id: number }[]).find((a) => String(a.id) === detail[1]);
      return Response.json({ ...account, transactions: state.transactions[detail[1]] ?? [] });
    }
    return new Response("not found", { status: 404 });
  }) as typeof fetch;
  return { fetcher, requests, state };
}
