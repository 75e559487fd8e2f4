import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { events } from "../../src/db/shard";
import { systemShardDb } from "../../src/db/system-db";
import { call, insertAccount, insertCustomer, insertTransactions, type TestTenant } from "../harness";

const DAY = 86_400_000;
/** 3 days into week k before now (week 0 is the newest). */
export const weekDate = (k: number) => new Date(Date.now() - (7 * k + 3) * DAY).toISOString();

/**
 * A steady business: balance 20,000.00; every week for 12 weeks 1,000.00 in and 700.00 out.
 * Hand-computed BHI: cover 20,000 / 2,800 > 2 -> 100; weekly nets all 300 -> 100; equal
 * periods -> 100; expense ratio 0.70 -> 100; no failed payments -> 100. Overall 100.
 */
export async function seedHealthyCustomer(tenant: TestTenant, name = "Kofi Hardware Ltd") {
  const customer = await insertCustomer(tenant, { name });
  const account = await insertAccount(tenant, customer.id!, { currentBalanceMinor: 2_000_000 });
  const items = Array.from({ length: 12 }, (_, k) => [
    { type: "credit" as const, amountMinor: 100_000, transactionDate: weekDate(k) },
    { type: "debit" as const, amountMinor: 70_000, transactionDate: weekDate(k) },
  ]).flat();
  await insertTransactions(tenant, { id: account.id!, customerId: customer.id! }, items);
  return { customer, account };
}

/**
 * Makes the healthy customer unhealthy: 12 failed debits and one 10,000.00 debit that
 * overdraws the account this week. Hand-computed: liquidity 100 (cover 3.26 periods),
 * volatility 0 (weekly net sd 2,763.85 = 2.76x weekly inflow), revenue 100, expense ratio
 * 18,400 / 12,000 = 1.53 -> 0, payment 12/25 failed -> 0. Overall 25 + 0 + 20 + 0 + 0 = 45.
 */
export async function worsen(tenant: TestTenant, account: { id: string; customerId: string }) {
  await insertTransactions(tenant, account, [
    ...Array.from({ length: 12 }, (_, k) => ({
      type: "debit" as const,
      status: "failed",
      amountMinor: 5_000,
      transactionDate: weekDate(k),
    })),
    {
      type: "debit" as const,
      amountMinor: 1_000_000,
      balanceAfterMinor: -50_000,
      transactionDate: weekDate(0),
    },
  ]);
}

export const calculate = (tenant: TestTenant, body: unknown = {}) =>
  call("POST", "/v1/bhi/calculate-from-db", { key: tenant.key, body });

export const outboxOf = (tenant: TestTenant) =>
  systemShardDb(env, tenant.shard).select().from(events).where(eq(events.tenantId, tenant.id)).all();
