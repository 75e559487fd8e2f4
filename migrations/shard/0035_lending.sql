-- Lending book (issue 18, docs/methodology/lending.md): loans, their repayment schedules and
-- repayments. Money in integer minor units, dates as YYYY-MM-DD (a schedule is in calendar days).
CREATE TABLE loans (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  external_source TEXT NOT NULL,
  external_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  account_id TEXT,
  product TEXT NOT NULL,
  principal_minor INTEGER NOT NULL,
  interest_rate TEXT NOT NULL,
  term_count INTEGER NOT NULL,
  term_unit TEXT NOT NULL CHECK (term_unit IN ('days', 'weeks', 'months')),
  disbursement_date TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'active', 'closed', 'written_off')),
  branch TEXT,
  officer TEXT,
  currency TEXT NOT NULL,
  -- Derived from the schedule and every repayment (rewritten by each ingest of the loan or its
  -- repayments): what PAR and the list filters aggregate without reading installments.
  outstanding_principal_minor INTEGER NOT NULL,
  outstanding_total_minor INTEGER NOT NULL,
  oldest_unpaid_due_date TEXT,
  -- The arrears state last announced by an event (loan.* transitions are detected against it).
  state_bucket TEXT NOT NULL DEFAULT 'current',
  state_repaid INTEGER NOT NULL DEFAULT 0,
  state_on TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX loans_external_idx ON loans (tenant_id, external_source, external_id);
CREATE INDEX loans_customer_idx ON loans (tenant_id, customer_id, created_at);
CREATE INDEX loans_list_idx ON loans (tenant_id, created_at, id);
CREATE INDEX loans_par_idx ON loans (tenant_id, currency, status, oldest_unpaid_due_date);

-- One row per scheduled installment; paid columns are the allocation of all repayments.
CREATE TABLE loan_installments (
  tenant_id TEXT NOT NULL,
  loan_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  due_date TEXT NOT NULL,
  principal_due_minor INTEGER NOT NULL,
  interest_due_minor INTEGER NOT NULL,
  fee_due_minor INTEGER NOT NULL,
  principal_paid_minor INTEGER NOT NULL DEFAULT 0,
  interest_paid_minor INTEGER NOT NULL DEFAULT 0,
  fee_paid_minor INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, loan_id, seq)
);

-- allocation: JSON [{seq, principal, interest, fee}] (minor units), the installments it paid.
CREATE TABLE loan_repayments (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  loan_id TEXT NOT NULL,
  external_source TEXT NOT NULL,
  external_id TEXT NOT NULL,
  amount_minor INTEGER NOT NULL,
  currency TEXT NOT NULL,
  paid_on TEXT NOT NULL,
  installment_seq INTEGER,
  allocation TEXT NOT NULL DEFAULT '[]',
  unallocated_minor INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX loan_repayments_external_idx ON loan_repayments (tenant_id, external_source, external_id);
CREATE INDEX loan_repayments_loan_idx ON loan_repayments (tenant_id, loan_id, paid_on);

-- Month-end picture of every loan with outstanding principal: PAR history and roll rates.
CREATE TABLE lending_snapshots (
  tenant_id TEXT NOT NULL,
  month_end TEXT NOT NULL,
  loan_id TEXT NOT NULL,
  currency TEXT NOT NULL,
  dpd INTEGER NOT NULL,
  bucket TEXT NOT NULL,
  outstanding_principal_minor INTEGER NOT NULL,
  branch TEXT,
  product TEXT NOT NULL,
  officer TEXT,
  segment TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, month_end, loan_id)
);
