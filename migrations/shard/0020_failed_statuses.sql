-- One list of statuses whose money did not move, for every module (src/db/shard/transaction-flows.ts):
-- 'rejected' joins it (AML already ignored it, the flows did not), and statuses are compared in
-- lower case, which ingest now stores. transactions.flow_kind is recomputed from the new list.
UPDATE transactions SET status = lower(status) WHERE status <> lower(status);

DROP INDEX IF EXISTS transactions_flow_idx;
ALTER TABLE transactions DROP COLUMN flow_kind;
ALTER TABLE transactions ADD COLUMN flow_kind INTEGER GENERATED ALWAYS AS (
  CASE
    WHEN status = 'completed' OR status NOT IN ('failed', 'declined', 'rejected', 'returned', 'reversed', 'bounced', 'cancelled')
      THEN CASE WHEN type = 'credit' THEN 1 WHEN balance_after_minor < 0 THEN 3 ELSE 2 END
    ELSE CASE WHEN type = 'debit' THEN 4 ELSE 0 END
  END
) VIRTUAL;
CREATE INDEX transactions_flow_idx
  ON transactions (tenant_id, customer_id, transaction_date, type, status, amount_minor, flow_kind);
