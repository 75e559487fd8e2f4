import { sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { tenantSql } from "../../../db/tenant-tables";
import { MOVED_MONEY, TX_IS_CASH } from "../../data/read-model";

/**
 * What the network scan reads (docs/methodology/network.md#the-typologies): the tenant's
 * accounts, to know which counterparty accounts are its own holders', and the transactions that
 * name a counterparty account, in event-time pages. Keys only and a few columns per row.
 */

export interface AccountRow {
  id: string;
  externalId: string;
  customerId: string;
}

/** A page of the tenant's accounts in id order after `after`. */
export const accountPage = (scope: TenantScope, after: string, size: number) =>
  scope.db.all<AccountRow>(sql`
    SELECT a.id AS id, a.external_id AS externalId, a.customer_id AS customerId FROM accounts a
    WHERE ${tenantSql(scope, "a")} AND a.id > ${after} ORDER BY a.id LIMIT ${Math.floor(size)}`);

export interface LegRow {
  id: string;
  customerId: string;
  type: "credit" | "debit";
  amountMinor: number;
  at: string;
  /** Null for a cash leg that names no account. */
  counterpartyAccount: string | null;
  /** 1: the channel is cash. */
  cash: number;
}

export interface HistoryPage {
  start: string;
  end: string;
  /** Transactions under this amount are not read (a flow the scan follows is far larger). */
  minAmountMinor: number;
  /** The last row of the previous page (date, id), or null for the first; pages go back in time. */
  after: { at: string; id: string } | null;
  size: number;
}

/**
 * Transactions in [start, end] that moved money and name a counterparty account or are cash, latest first
 * (transactions_list_idx backwards), before `after`: a budget that runs out keeps the latest part.
 */
export function legPage(scope: TenantScope, q: HistoryPage) {
  const after = q.after
    ? sql`AND (t.transaction_date < ${q.after.at} OR (t.transaction_date = ${q.after.at} AND t.id < ${q.after.id}))`
    : sql``;
  return scope.db.all<LegRow>(sql`
    SELECT t.id AS id, t.customer_id AS customerId, t.type AS type, t.amount_minor AS amountMinor,
      t.transaction_date AS at, t.counterparty_account AS counterpartyAccount, ${sql.raw(TX_IS_CASH)} AS cash
    FROM transactions t
    WHERE ${tenantSql(scope, "t")} AND t.transaction_date >= ${q.start} AND t.transaction_date <= ${q.end}
      ${after} AND (t.counterparty_account IS NOT NULL OR ${sql.raw(TX_IS_CASH)})
      AND t.amount_minor >= ${q.minAmountMinor}
      AND ${MOVED_MONEY}
    ORDER BY t.transaction_date DESC, t.id DESC LIMIT ${Math.floor(q.size)}`);
}

/** The tenant's latest transaction date and its transaction count (the scan's watermark). */
export async function activity(scope: TenantScope): Promise<{ latest: string | null; transactions: number }> {
  const [row] = await scope.db.all<{ latest: string | null; n: number | null }>(sql`
    SELECT (SELECT max(t.transaction_date) FROM transactions t WHERE ${tenantSql(scope, "t")}) AS latest,
      (SELECT c.n FROM data_row_counts c WHERE ${tenantSql(scope, "c")} AND c.table_name = 'transactions') AS n`);
  return { latest: row?.latest ?? null, transactions: row?.n ?? 0 };
}

/** What the book says of a holder before `before` (domain/network-fans.ts HubHistory). */
export async function hubHistory(scope: TenantScope, customerId: string, before: string) {
  const [row] = await scope.db.all<{
    opened: string | null;
    earliest: string | null;
    lastBefore: string | null;
    tenantStart: string | null;
  }>(sql`
    SELECT
      (SELECT min(a.source_created_at) FROM accounts a WHERE ${tenantSql(scope, "a")} AND a.customer_id = ${customerId}) AS opened,
      (SELECT min(t.transaction_date) FROM transactions t WHERE ${tenantSql(scope, "t")} AND t.customer_id = ${customerId}) AS earliest,
      (SELECT max(t.transaction_date) FROM transactions t
        WHERE ${tenantSql(scope, "t")} AND t.customer_id = ${customerId} AND t.transaction_date < ${before}) AS lastBefore,
      (SELECT min(t.transaction_date) FROM transactions t WHERE ${tenantSql(scope, "t")}) AS tenantStart`);
  return row ?? { opened: null, earliest: null, lastBefore: null, tenantStart: null };
}
