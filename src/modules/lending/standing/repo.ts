import { sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { tenantSql } from "../../../db/tenant-tables";

export interface StandingRow {
  customerId: string;
  status: string;
  oldestUnpaidDueDate: string | null;
  lateInstallments: number;
}

/**
 * The loans of up to 100 customers in one statement (ids as one JSON parameter, through
 * loans_customer_idx), each with its count of installments due in [from, on) that are unpaid
 * or received money from a repayment dated after their due date (the stored allocation says
 * which repayment paid which installment).
 */
export function standingRows(scope: TenantScope, customerIds: readonly string[], from: string, on: string) {
  if (customerIds.length === 0) return Promise.resolve([] as StandingRow[]);
  return scope.db.all<StandingRow>(sql`SELECT l.customer_id AS customerId, l.status AS status,
      l.oldest_unpaid_due_date AS oldestUnpaidDueDate,
      (SELECT COUNT(*) FROM loan_installments i
        WHERE ${tenantSql(scope, "i")} AND i.loan_id = l.id AND i.due_date >= ${from} AND i.due_date < ${on}
          AND (i.principal_paid_minor + i.interest_paid_minor + i.fee_paid_minor
                 < i.principal_due_minor + i.interest_due_minor + i.fee_due_minor
            OR EXISTS (SELECT 1 FROM loan_repayments r, json_each(r.allocation) a
              WHERE ${tenantSql(scope, "r")} AND r.loan_id = l.id AND r.paid_on > i.due_date
                AND json_extract(a.value, '$.seq') = i.seq))) AS lateInstallments
    FROM loans l
    WHERE ${tenantSql(scope, "l")} AND l.customer_id IN (SELECT value FROM json_each(${JSON.stringify(customerIds)}))
      AND l.status <> 'pending'`);
}
