import { insertAccount, insertCustomer, insertTransactions, type TestTenant } from "../harness";

/** Noon on the 15th of the month `back` months before the current one (1 = last complete month). */
export function monthsAgo(back: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15, 12)).toISOString();
}

/** A customer with one account and credits (or debits) of whole cedis in given months. */
export async function customerWithFlows(
  t: TestTenant,
  opts: {
    name?: string;
    vertical?: string;
    balanceMinor?: number;
    country?: string;
    status?: string;
    flows: Array<{ back: number; credit?: number; debit?: number; status?: string }>;
  },
) {
  const customer = await insertCustomer(t, {
    name: opts.name ?? "Flow Customer",
    vertical: opts.vertical ?? null,
    status: opts.status ?? "active",
  });
  const account = await insertAccount(t, customer.id!, { currentBalanceMinor: opts.balanceMinor ?? 0 });
  const items = opts.flows.flatMap((f) => [
    ...(f.credit
      ? [
          {
            type: "credit" as const,
            amountMinor: f.credit * 100,
            transactionDate: monthsAgo(f.back),
            counterpartyCountry: opts.country ?? "GH",
            status: f.status ?? "completed",
          },
        ]
      : []),
    ...(f.debit
      ? [
          {
            type: "debit" as const,
            amountMinor: f.debit * 100,
            transactionDate: monthsAgo(f.back),
            status: f.status ?? "completed",
          },
        ]
      : []),
  ]);
  if (items.length) await insertTransactions(t, { id: account.id!, customerId: customer.id! }, items);
  return customer.id!;
}

/**
 * Last complete month vs the one before: A expands 1000 -> 1200, B contracts 500 -> 300,
 * C churns (400 -> 0), D is new (600). A failed credit and debits do not count as inflow.
 */
export async function seedPortfolio(t: TestTenant) {
  const a = await customerWithFlows(t, {
    name: "A Ltd",
    vertical: "retail",
    flows: [
      { back: 2, credit: 1000 },
      { back: 1, credit: 1200, debit: 5000 },
      { back: 1, credit: 9999, status: "failed" },
    ],
  });
  const b = await customerWithFlows(t, {
    name: "B Ltd",
    vertical: "retail",
    flows: [
      { back: 2, credit: 500 },
      { back: 1, credit: 300 },
    ],
  });
  const c = await customerWithFlows(t, {
    name: "C Farms",
    vertical: "agri",
    flows: [{ back: 2, credit: 400 }],
  });
  const d = await customerWithFlows(t, {
    name: "D Farms",
    vertical: "agri",
    country: "NG",
    flows: [{ back: 1, credit: 600 }],
  });
  return { a, b, c, d };
}
