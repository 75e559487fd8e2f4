import { sql } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import { tenantSql } from "../../db/tenant-tables";
import { FAILED_STATUS_LIST, NON_REVENUE_FLOW_LIST } from "../data/read-model";
import type { CashFlowFacts } from "./domain/facts";

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
 * parameter, credits since `since` are grouped per (customer, payer) in SQL. Only revenue
 * credits count: own transfers, loan disbursements and refunds are left out (flows.md).
 */
export async function cashFlowFacts(
  scope: TenantScope,
  customerIds: readonly string[],
  since: string,
  now: Date,
): Promise<Map<string, CashFlowFacts>> {
  const failed = FAILED_STATUS_LIST;
  // ids drive the joins (CROSS JOIN; `+t.type` keeps SQLite off the tenant-wide type index),
  // each customer's credits come from transactions_customer_idx, and the grouped credits are
  // materialized once instead of being recomputed per output column.
  const rows = await scope.db.all<CashFlowRow>(sql`
    WITH ids(customer_id) AS MATERIALIZED (SELECT DISTINCT value FROM json_each(${JSON.stringify(customerIds)})),
    credits AS MATERIALIZED (
      SELECT i.customer_id, COALESCE(t.counterparty_name, t.counterparty_account) AS cp,
             SUM(t.amount_minor) AS amt, COUNT(*) AS n
      FROM ids i CROSS JOIN transactions t
      WHERE ${tenantSql(scope, "t")} AND t.customer_id = i.customer_id
        AND t.transaction_date >= ${since}
        AND +t.type = 'credit' AND t.status NOT IN (${failed})
        AND coalesce(t.flow, '') NOT IN (${NON_REVENUE_FLOW_LIST})
      GROUP BY i.customer_id, cp
    ),
    totals AS MATERIALIZED (
      SELECT customer_id, SUM(n) AS credit_count, SUM(amt) AS inflow FROM credits GROUP BY customer_id
    ),
    top AS MATERIALIZED (
      SELECT customer_id, cp, amt,
             ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY amt DESC, cp) AS rn
      FROM credits WHERE cp IS NOT NULL
    )
    SELECT i.customer_id,
      (SELECT MAX(t.transaction_date) FROM transactions t
        WHERE ${tenantSql(scope, "t")} AND t.customer_id = i.customer_id) AS last_at,
      totals.credit_count, totals.inflow, top.cp AS top_cp, top.amt AS top_amt
    FROM ids i
    LEFT JOIN totals ON totals.customer_id = i.customer_id
    LEFT JOIN top ON top.customer_id = i.customer_id AND top.rn = 1`);
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
