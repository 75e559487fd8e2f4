import {
  call,
  insertAccount,
  insertAgent,
  insertCustomer,
  insertTransactions,
  type TestTenant,
} from "../harness";

const DAY = 86_400_000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

export interface AgentTxn {
  daysAgo: number;
  cashIn: boolean;
  amountMinor?: number;
  status?: string;
  /** Defaults to cash_in / cash_out; null for a transaction without a category. */
  category?: string | null;
}

/**
 * An agent with a float account and its transactions (cash-in = debit of the float, as in
 * the demo data). Activated 800 days ago unless told otherwise, so tenure scores 100.
 */
export async function seedAgent(
  tenant: TestTenant,
  fields: Parameters<typeof insertAgent>[1],
  txns: AgentTxn[] = [],
) {
  const agent = await insertAgent(tenant, {
    activatedAt: daysAgo(800),
    floatLimitMinor: 1_000_000,
    ...fields,
  });
  const customer = await insertCustomer(tenant, { name: `${agent.agentName} owner`, type: "agent" });
  const account = await insertAccount(tenant, customer.id!, { type: "float" });
  if (txns.length)
    await insertTransactions(
      tenant,
      { id: account.id!, customerId: customer.id! },
      txns.map((t) => ({
        agentId: agent.agentId,
        type: t.cashIn ? ("debit" as const) : ("credit" as const),
        category: t.category === undefined ? (t.cashIn ? "cash_in" : "cash_out") : t.category,
        amountMinor: t.amountMinor ?? 10_000,
        status: t.status ?? "completed",
        transactionDate: daysAgo(t.daysAgo),
      })),
    );
  return agent;
}

/**
 * 8 moved transactions of 100.00 in the last 30 days (4 cash-in, 4 cash-out), a failed one
 * yesterday, and 4 of 100.00 in the 30 days before: count and volume +100 %, cash-in share
 * 0.5, last activity 1 day ago.
 */
export const STEADY: AgentTxn[] = [
  { daysAgo: 1, cashIn: true, status: "failed" },
  ...[2, 5, 10, 20].map((d) => ({ daysAgo: d, cashIn: true })),
  ...[3, 6, 12, 25].map((d) => ({ daysAgo: d, cashIn: false })),
  ...[35, 40].map((d) => ({ daysAgo: d, cashIn: true })),
  ...[45, 50].map((d) => ({ daysAgo: d, cashIn: false })),
];

export const get = (tenant: TestTenant, path: string) => call("GET", path, { key: tenant.key });
