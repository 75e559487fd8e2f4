import { sql } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import type { CashFlowFacts } from "./domain/facts";

/** Transaction statuses that moved no money (kept in line with the BHI calculation). */
const FAILED_STATUSES = ["failed", "declined", "returned", "reversed", "bounced", "cancelled"];

interface CashFlowRow {
  customer_id: string;
  last_at: string | null;
  credit_count: number | null;
  inflow: number | null;
  top_cp: string | null;
  top_amt: number | null;
}

/**
 * Cash-flow facts of up to 100 customers in one statement: the ids travel as one JSON
 * parameter, credits since `since` are grouped per (customer, payer) in SQL.
 */
export async function cashFlowFacts(
  scope: TenantScope,
  customerIds: readonly string[],
  since: string,
  now: Date,
): Promise<Map<string, CashFlowFacts>> {
  const failed = sql.raw(FAILED_STATUSES.map((s) => `'${s}'`).join(", "));
  const rows = await scope.db.all<CashFlowRow>(sql`
    WITH ids(customer_id) AS (SELECT DISTINCT value FROM json_each(${JSON.stringify(customerIds)})),
    credits AS (
      SELECT t.customer_id, COALESCE(t.counterparty_name, t.counterparty_account) AS cp,
             SUM(t.amount_minor) AS amt, COUNT(*) AS n
      FROM transactions t
      WHERE t.tenant_id = ${scope.tenantId}
        AND t.customer_id IN (SELECT customer_id FROM ids)
        AND t.type = 'credit' AND t.status NOT IN (${failed})
        AND t.transaction_date >= ${since}
      GROUP BY t.customer_id, cp
    )
    SELECT i.customer_id,
      (SELECT MAX(t.transaction_date) FROM transactions t
        WHERE t.tenant_id = ${scope.tenantId} AND t.customer_id = i.customer_id) AS last_at,
      (SELECT SUM(n) FROM credits c WHERE c.customer_id = i.customer_id) AS credit_count,
      (SELECT SUM(amt) FROM credits c WHERE c.customer_id = i.customer_id) AS inflow,
      (SELECT cp FROM credits c WHERE c.customer_id = i.customer_id AND cp IS NOT NULL
        ORDER BY amt DESC, cp LIMIT 1) AS top_cp,
      (SELECT amt FROM credits c WHERE c.customer_id = i.customer_id AND cp IS NOT NULL
        ORDER BY amt DESC, cp LIMIT 1) AS top_amt
    FROM ids i`);
  const out = new Map<string, CashFlowFacts>();
  for (const r of rows) {
    const inflow = r.inflow ?? 0;
    out.set(r.customer_id, {
      daysSinceLastTransaction:
        r.last_at === null
          ? null
          : Math.max(0, Math.floor((now.getTime() - Date.parse(r.last_at)) / 86_400_000)),
      creditCount: r.credit_count ?? 0,
      inflowMinor: inflow,
      topCounterpartyShare:
        inflow > 0 && r.top_amt !== null ? Math.round((r.top_amt / inflow) * 10_000) / 10_000 : null,
      topCounterpartyName: r.top_cp,
    });
  }
  return out;
}
