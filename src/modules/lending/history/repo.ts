import { sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { tenantSql } from "../../../db/tenant-tables";
import { jsonArrayChunks } from "../../../lib/json-chunks";
import type { LoanEvent } from "../../data/domain/flows";

/** Set-based reads of loan history for other modules (flow classification, BHI payment behaviour). */

/** Loans (not pending) of these customers: one statement per ~80 KB of ids. */
export async function loansOfCustomers(scope: TenantScope, customerIds: readonly string[]) {
  const out: Array<{ id: string; customer_id: string }> = [];
  for (const json of jsonArrayChunks(customerIds)) {
    out.push(
      ...(await scope.db.all<{ id: string; customer_id: string }>(sql`
        SELECT id, customer_id FROM loans INDEXED BY loans_customer_idx
        WHERE ${tenantSql(scope)} AND customer_id IN (SELECT value FROM json_each(${json})) AND status <> 'pending'`)),
    );
  }
  return out;
}

/**
 * Disbursements and repayments of these customers' loans dated in [from, to] (YYYY-MM-DD): two
 * statements per ~80 KB of customer ids, along loans_customer_idx and loan_repayments_loan_idx.
 */
export async function loanEventsOf(
  scope: TenantScope,
  customerIds: readonly string[],
  from: string,
  to: string,
): Promise<LoanEvent[]> {
  const statements = jsonArrayChunks(customerIds).flatMap((json) => [
    sql`SELECT 'disbursement' AS kind, customer_id AS customerId, account_id AS accountId,
        disbursement_date AS date, principal_minor AS amountMinor
      FROM loans WHERE ${tenantSql(scope)} AND customer_id IN (SELECT value FROM json_each(${json}))
        AND disbursement_date >= ${from} AND disbursement_date <= ${to}`,
    sql`SELECT 'repayment' AS kind, l.customer_id AS customerId, l.account_id AS accountId,
        r.paid_on AS date, r.amount_minor AS amountMinor
      FROM loans l JOIN loan_repayments r ON ${tenantSql(scope, "r")} AND r.loan_id = l.id
        AND r.paid_on >= ${from} AND r.paid_on <= ${to}
      WHERE ${tenantSql(scope, "l")} AND l.customer_id IN (SELECT value FROM json_each(${json}))`,
  ]);
  if (statements.length === 0) return [];
  const results = await scope.db.batchSql<LoanEvent>(statements);
  return results.flatMap((r) => r.results);
}
