-- Flow classification (issue 18, docs/methodology/flows.md). transactions.flow is the flow class,
-- written by ingest (set-based per page) and by the backfill job; NULL until either reached the row.
ALTER TABLE transactions ADD COLUMN flow TEXT;

-- flow_kind learns the flow: a credit that is not earned money (own transfer, loan disbursement,
-- refund) is 5, a debit to an own account 6; the analytics sum kind 1 as revenue. The list is
-- NON_REVENUE_CREDIT_FLOWS in src/db/shard/transaction-flows.ts.
DROP INDEX IF EXISTS transactions_flow_idx;
ALTER TABLE transactions DROP COLUMN flow_kind;
ALTER TABLE transactions ADD COLUMN flow_kind INTEGER GENERATED ALWAYS AS (
  CASE
    WHEN status = 'completed' OR status NOT IN ('failed', 'declined', 'rejected', 'returned', 'reversed', 'bounced', 'cancelled')
      THEN CASE
        WHEN type = 'credit' THEN CASE WHEN flow IN ('own_transfer', 'loan_disbursement', 'refund') THEN 5 ELSE 1 END
        WHEN flow = 'own_transfer' THEN 6
        WHEN balance_after_minor < 0 THEN 3
        ELSE 2 END
    ELSE CASE WHEN type = 'debit' THEN 4 ELSE 0 END
  END
) VIRTUAL;
CREATE INDEX transactions_flow_idx
  ON transactions (tenant_id, customer_id, transaction_date, type, status, amount_minor, flow_kind);

-- GET /v1/transactions?flow= (newest first), and the backfill's probe for unclassified rows.
CREATE INDEX transactions_flow_list_idx ON transactions (tenant_id, flow, transaction_date DESC, id DESC);

-- Writing a flow is not new activity: the monitoring trigger fires on every other column only.
DROP TRIGGER IF EXISTS transactions_monitoring_au;
CREATE TRIGGER transactions_monitoring_au AFTER UPDATE OF
  customer_id, account_id, agent_id, external_id, external_source, type, category, amount_minor, currency,
  description, status, transaction_date, merchant_name, balance_after_minor, channel, counterparty_name,
  counterparty_account, counterparty_country
ON transactions BEGIN
  INSERT INTO monitoring_pending (tenant_id, entity_type, entity_id, first_seen_at, last_seen_at)
  SELECT new.tenant_id, e.entity_type, e.entity_id,
    strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  FROM (
    SELECT 'customer' AS entity_type, new.customer_id AS entity_id
    UNION ALL SELECT 'account', new.account_id
    UNION ALL SELECT 'agent', new.agent_id
    UNION ALL SELECT 'merchant', new.merchant_name
    UNION ALL SELECT 'counterparty', coalesce(new.counterparty_account, new.counterparty_name)
  ) AS e
  WHERE e.entity_id IS NOT NULL AND e.entity_id <> ''
  ON CONFLICT (tenant_id, entity_type, entity_id) DO UPDATE SET
    last_seen_at = excluded.last_seen_at, generation = generation + 1, failed_at = NULL, attempts = 0;
END;

-- The tenant's category -> flow mapping (GET/PUT /v1/settings/flow-mapping); category normalised.
CREATE TABLE flow_mappings (
  tenant_id TEXT NOT NULL,
  category TEXT NOT NULL,
  flow TEXT NOT NULL,
  PRIMARY KEY (tenant_id, category)
);

-- The tenant's latest backfill: a key range cursor over (transaction_date, id), and its progress.
CREATE TABLE flow_backfills (
  tenant_id TEXT PRIMARY KEY NOT NULL,
  id TEXT NOT NULL,
  reason TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'completed')),
  after_date TEXT,
  after_id TEXT,
  scanned INTEGER NOT NULL DEFAULT 0,
  changed INTEGER NOT NULL DEFAULT 0,
  total INTEGER NOT NULL,
  started_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  completed_at TEXT
);
