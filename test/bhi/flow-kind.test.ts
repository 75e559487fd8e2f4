import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FAILED_STATUSES, FLOW_KIND } from "../../src/db/shard/transaction-flows";
import { systemShardDb } from "../../src/db/system-db";
import { createTenant, insertAccount, insertCustomer, insertTransactions } from "../harness";

// transactions.flow_kind is computed by SQLite from a status list written into migration 0020;
// the calculation's docs and FAILED_STATUSES describe the same list. This keeps them in step.
describe("transactions.flow_kind", () => {
  it("classifies every status, type and overdraft the way FAILED_STATUSES says", async () => {
    const t = await createTenant();
    const customer = await insertCustomer(t);
    const account = await insertAccount(t, customer.id!);
    const statuses = ["completed", "pending", "processing", ...FAILED_STATUSES];
    const cases = statuses.flatMap((status) =>
      (["credit", "debit"] as const).flatMap((type) =>
        [5_000, -5_000, null].map((balanceAfterMinor) => ({ status, type, balanceAfterMinor })),
      ),
    );
    const rows = await insertTransactions(
      t,
      account,
      cases.map((c) => ({ ...c, amountMinor: 100, transactionDate: "2026-11-01T00:00:00.000Z" })),
    );
    const stored = await systemShardDb(env, t.shard).all<{ id: string; flow_kind: number }>(
      sql`SELECT id, flow_kind FROM transactions WHERE tenant_id = ${t.id}`,
    );
    const kindOf = new Map(stored.map((r) => [r.id, r.flow_kind]));
    const expected = (c: (typeof cases)[number]) => {
      const moved = !(FAILED_STATUSES as readonly string[]).includes(c.status);
      if (c.type === "credit") return moved ? FLOW_KIND.credit : FLOW_KIND.failedCredit;
      if (!moved) return FLOW_KIND.failedDebit;
      return c.balanceAfterMinor !== null && c.balanceAfterMinor < 0
        ? FLOW_KIND.overdraftDebit
        : FLOW_KIND.debit;
    };
    expect(rows.map((r, i) => [cases[i], kindOf.get(r.id)])).toEqual(cases.map((c) => [c, expected(c)]));
  });
});
