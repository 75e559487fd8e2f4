/**
 * The data module's read model: its tables for other modules' set-based reads (BHI, SME, agent
 * health, insights, next-best actions, fraud and AML aggregate transactions in SQL, which no
 * per-row service call could match). Read only: the data module alone writes them (upserts in
 * ./upsert/repo.ts, reached through ./service.ts); src/db/table-ownership.test.ts refuses a
 * write elsewhere.
 */
import { Placeholder, type SQL, sql } from "drizzle-orm";
import { CASH_SERVICE, FLOAT_CATEGORIES } from "./domain/agent-float";

export type { AccountRow, AgentRow, CustomerRow, TransactionRow } from "../../db/shard/data";
export { accounts, agents, customers, dataRowCounts, transactions } from "../../db/shard/data";
export {
  FAILED_STATUS_LIST,
  FAILED_STATUSES,
  FLOW_KIND,
  MOVED_MONEY,
  NON_REVENUE_CREDIT_FLOWS,
  NON_REVENUE_FLOW_LIST,
} from "../../db/shard/transaction-flows";

/**
 * How the AML statements (and the rows screening shares with them) read two columns of a
 * transaction `t`: whether its channel is cash (SQLite's lower() folds ASCII only) and its
 * counterparty country in upper case. Text for sql.raw, so each reader writes them the same way.
 */
export const TX_IS_CASH = "lower(coalesce(t.channel, '')) = 'cash'";
export const TX_COUNTRY = "upper(t.counterparty_country)";
/** An agent's float leg (data/domain/agent-float.ts, isAgentFloatLeg), as SQL over `t`. */
export const TX_IS_AGENT_FLOAT = `(lower(trim(coalesce(t.category, ''))) IN (${FLOAT_CATEGORIES.map((c) => `'${c}'`).join(", ")})
  OR (t.type = 'debit' AND lower(trim(coalesce(t.category, ''))) = '${CASH_SERVICE.debit}')
  OR (t.type = 'credit' AND lower(trim(coalesce(t.category, ''))) = '${CASH_SERVICE.credit}'))`;

/**
 * A transaction that is not stored (pre-transaction screening): the columns set-based reads
 * use, under their SQL names. Absent optional columns are null.
 */
export interface ProposedTransactionRow {
  tenant_id: string;
  id: string;
  customer_id: string;
  /** null when only the customer is named (the row is never stored). */
  account_id: string | null;
  agent_id: string | null;
  type: "credit" | "debit";
  category: string | null;
  amount_minor: number;
  description: string | null;
  status: string;
  transaction_date: string;
  merchant_name: string | null;
  channel: string | null;
  counterparty_name: string | null;
  counterparty_account: string | null;
  counterparty_country: string | null;
}

const SOURCE_COLUMNS = [
  "tenant_id",
  "id",
  "customer_id",
  "account_id",
  "agent_id",
  "type",
  "category",
  "amount_minor",
  "description",
  "status",
  "transaction_date",
  "merchant_name",
  "channel",
  "counterparty_name",
  "counterparty_account",
  "counterparty_country",
] as const satisfies ReadonlyArray<keyof ProposedTransactionRow>;

/**
 * The row source of a set-based read over transactions: the table, or (with a proposed row)
 * the table UNION ALL that one row, bound as a single JSON parameter. Used as `FROM <source> t`
 * with the tenant predicate on `t` outside: SQLite pushes the outer WHERE into the compound's
 * table branch, so the same indexes serve and no window is read into JavaScript. The row's own
 * tenant_id is the caller's, so the outer predicate keeps it.
 */
export function transactionsSource(proposed?: ProposedRow | null): SQL {
  if (!proposed) return sql.raw("transactions");
  const table = SOURCE_COLUMNS.join(", ");
  return sql`(SELECT ${sql.raw(table)} FROM transactions UNION ALL ${proposedRowSelect(proposed)})`;
}

/**
 * The proposed row alone as a row source (same columns): for a correlated subquery, which SQLite
 * cannot push into the UNION ALL of transactionsSource, so it reads the table and this apart.
 */
export const proposedRowSource = (proposed: ProposedRow): SQL => sql`(${proposedRowSelect(proposed)})`;

/**
 * The proposed row, or (a statement template's, src/db/statement-template.ts) the placeholder
 * its parameter is filled from: the value proposedRowsJson gives.
 */
type ProposedRow = ProposedTransactionRow | Placeholder;

/** The one parameter a proposed row is bound as. */
export const proposedRowsJson = (proposed: ProposedTransactionRow): string => JSON.stringify([proposed]);

function proposedRowSelect(proposed: ProposedRow): SQL {
  const bound = SOURCE_COLUMNS.map((c) => `json_extract(p.value, '$.${c}') AS ${c}`).join(", ");
  const rows = proposed instanceof Placeholder ? proposed : proposedRowsJson(proposed);
  return sql`SELECT ${sql.raw(bound)} FROM json_each(${rows}) p`;
}
