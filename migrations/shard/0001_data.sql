-- Tenant data. Every table carries tenant_id and every index leads with it, so each
-- tenant-scoped filter and ordering is an index range scan.
CREATE TABLE customers (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  external_id TEXT NOT NULL,
  external_source TEXT NOT NULL,
  type TEXT NOT NULL DEFAULT 'business',
  name TEXT NOT NULL,
  email TEXT,
  phone TEXT,
  status TEXT NOT NULL DEFAULT 'active',
  vertical TEXT,
  risk_level TEXT,
  risk_score TEXT,
  tags TEXT NOT NULL DEFAULT '[]',
  business_info TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX customers_external_uq ON customers (tenant_id, external_source, external_id);
CREATE INDEX customers_list_idx ON customers (tenant_id, created_at DESC, id DESC);
CREATE INDEX customers_status_idx ON customers (tenant_id, status, created_at DESC, id DESC);
CREATE INDEX customers_email_idx ON customers (tenant_id, email);

-- Substring search on name and email: a trigram full-text index kept in step by triggers.
CREATE VIRTUAL TABLE customers_search USING fts5 (
  name, email, content = 'customers', content_rowid = 'rowid', tokenize = 'trigram'
);
CREATE TRIGGER customers_search_ai AFTER INSERT ON customers BEGIN
  INSERT INTO customers_search (rowid, name, email) VALUES (new.rowid, new.name, coalesce(new.email, ''));
END;
CREATE TRIGGER customers_search_ad AFTER DELETE ON customers BEGIN
  INSERT INTO customers_search (customers_search, rowid, name, email) VALUES ('delete', old.rowid, old.name, coalesce(old.email, ''));
END;
CREATE TRIGGER customers_search_au AFTER UPDATE OF name, email ON customers BEGIN
  INSERT INTO customers_search (customers_search, rowid, name, email) VALUES ('delete', old.rowid, old.name, coalesce(old.email, ''));
  INSERT INTO customers_search (rowid, name, email) VALUES (new.rowid, new.name, coalesce(new.email, ''));
END;

CREATE TABLE accounts (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  customer_id TEXT NOT NULL REFERENCES customers (id),
  external_id TEXT NOT NULL,
  external_source TEXT NOT NULL,
  type TEXT NOT NULL DEFAULT 'current',
  name TEXT,
  status TEXT NOT NULL DEFAULT 'active',
  currency TEXT NOT NULL,
  current_balance_minor INTEGER NOT NULL DEFAULT 0,
  available_balance_minor INTEGER,
  credit_limit_minor INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX accounts_external_uq ON accounts (tenant_id, external_source, external_id);
CREATE INDEX accounts_list_idx ON accounts (tenant_id, created_at DESC, id DESC);
CREATE INDEX accounts_customer_idx ON accounts (tenant_id, customer_id, created_at DESC, id DESC);

CREATE TABLE transactions (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  account_id TEXT NOT NULL,
  -- The tenant's own agent identifier when an agent handled the transaction.
  agent_id TEXT,
  external_id TEXT NOT NULL,
  external_source TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('credit', 'debit')),
  category TEXT,
  amount_minor INTEGER NOT NULL,
  currency TEXT NOT NULL,
  description TEXT,
  status TEXT NOT NULL DEFAULT 'completed',
  transaction_date TEXT NOT NULL,
  merchant_name TEXT,
  balance_after_minor INTEGER,
  channel TEXT,
  counterparty_name TEXT,
  counterparty_account TEXT,
  counterparty_country TEXT,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX transactions_external_uq ON transactions (tenant_id, external_source, external_id);
CREATE INDEX transactions_list_idx ON transactions (tenant_id, transaction_date DESC, id DESC);
CREATE INDEX transactions_customer_idx ON transactions (tenant_id, customer_id, transaction_date DESC, id DESC);
CREATE INDEX transactions_account_idx ON transactions (tenant_id, account_id, transaction_date DESC, id DESC);
CREATE INDEX transactions_type_idx ON transactions (tenant_id, type, transaction_date DESC, id DESC);
CREATE INDEX transactions_agent_idx ON transactions (tenant_id, agent_id, transaction_date DESC) WHERE agent_id IS NOT NULL;

CREATE TABLE agents (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  agent_id TEXT NOT NULL,
  external_id TEXT NOT NULL,
  external_source TEXT NOT NULL,
  agent_code TEXT NOT NULL,
  agent_name TEXT,
  agent_type TEXT NOT NULL DEFAULT 'individual',
  agent_tier TEXT NOT NULL,
  agent_status TEXT NOT NULL,
  float_balance_minor INTEGER NOT NULL DEFAULT 0,
  float_limit_minor INTEGER NOT NULL DEFAULT 0,
  currency TEXT NOT NULL DEFAULT 'GHS',
  region TEXT,
  serves_regions TEXT NOT NULL DEFAULT '[]',
  activated_at TEXT,
  last_transaction_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX agents_agent_id_uq ON agents (tenant_id, agent_id);
CREATE UNIQUE INDEX agents_external_uq ON agents (tenant_id, external_source, external_id);
CREATE INDEX agents_list_idx ON agents (tenant_id, created_at DESC, id DESC);
CREATE INDEX agents_tier_idx ON agents (tenant_id, agent_tier, created_at DESC, id DESC);
CREATE INDEX agents_region_idx ON agents (tenant_id, region, created_at DESC, id DESC);
CREATE INDEX agents_status_idx ON agents (tenant_id, agent_status, created_at DESC, id DESC);

-- Durable outbox: capabilities record events here in the same batch as the change that
-- caused them; the webhooks module fans them out to subscriptions.
CREATE TABLE events (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  created_at TEXT NOT NULL,
  dispatched_at TEXT
);
CREATE INDEX events_tenant_idx ON events (tenant_id, created_at DESC, id DESC);
CREATE INDEX events_pending_idx ON events (created_at) WHERE dispatched_at IS NULL;
