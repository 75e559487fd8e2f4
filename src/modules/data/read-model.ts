/**
 * The data module's read model: its tables for other modules' set-based reads (BHI, SME, agent
 * health, insights, next-best actions, fraud and AML aggregate transactions in SQL, which no
 * per-row service call could match). Read only: the data module alone writes them (upserts in
 * ./upsert/repo.ts, reached through ./service.ts); src/db/table-ownership.test.ts refuses a
 * write elsewhere.
 */
export type { AccountRow, AgentRow, CustomerRow, TransactionRow } from "../../db/shard/data";
export { accounts, agents, customers, transactions } from "../../db/shard/data";
export {
  FAILED_STATUS_LIST,
  FAILED_STATUSES,
  FLOW_KIND,
  MOVED_MONEY,
} from "../../db/shard/transaction-flows";
