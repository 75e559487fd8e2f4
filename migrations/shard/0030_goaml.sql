-- goAML filings (issue 16, docs/decisions/goaml.md): the tenant's FIU profile, the reports it
-- generated (STR from an AML case, CTR per local day; the XML itself is in R2), each report's
-- status history (draft -> submitted -> accepted | rejected), and the daily CTR runs.

-- One row per tenant; absent = the Ghana default profile with no reporting entity.
CREATE TABLE goaml_profiles (
  tenant_id TEXT PRIMARY KEY NOT NULL,
  profile TEXT NOT NULL,
  reporting_entity TEXT,
  updated_at TEXT NOT NULL
);

CREATE TABLE goaml_reports (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('str', 'ctr')),
  case_id TEXT,
  report_day TEXT,
  status TEXT NOT NULL CHECK (status IN ('draft', 'submitted', 'accepted', 'rejected')),
  report_code TEXT NOT NULL,
  object_key TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  transaction_count INTEGER NOT NULL,
  fiu_ref_number TEXT,
  resubmission_of TEXT,
  prev_rejected_ref_number TEXT,
  created_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK ((kind = 'str') = (case_id IS NOT NULL)),
  CHECK ((kind = 'ctr') = (report_day IS NOT NULL))
);
CREATE INDEX goaml_reports_case_idx ON goaml_reports (tenant_id, case_id, created_at, id);
CREATE INDEX goaml_reports_kind_idx ON goaml_reports (tenant_id, kind, created_at, id);
-- One first CTR per local day (a resubmission of a rejected one is another row).
CREATE UNIQUE INDEX goaml_reports_ctr_day_uq ON goaml_reports (tenant_id, report_day)
  WHERE kind = 'ctr' AND resubmission_of IS NULL;
-- A rejected report is replaced once.
CREATE UNIQUE INDEX goaml_reports_resubmission_uq ON goaml_reports (tenant_id, resubmission_of)
  WHERE resubmission_of IS NOT NULL;

-- Append-only. The lifecycle is linear, so each status is left at most once: the unique index
-- makes a concurrent second move from the same status fail (and its whole batch with it).
CREATE TABLE goaml_report_history (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  report_id TEXT NOT NULL REFERENCES goaml_reports (id),
  from_status TEXT,
  to_status TEXT NOT NULL,
  fiu_ref_number TEXT,
  note TEXT,
  actor_type TEXT NOT NULL,
  actor_id TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX goaml_report_history_from_uq ON goaml_report_history (tenant_id, report_id, from_status);
CREATE INDEX goaml_report_history_report_idx ON goaml_report_history (tenant_id, report_id, created_at);
CREATE TRIGGER goaml_report_history_no_update BEFORE UPDATE ON goaml_report_history
BEGIN SELECT RAISE(ABORT, 'goaml_report_history is append-only'); END;
CREATE TRIGGER goaml_report_history_no_delete BEFORE DELETE ON goaml_report_history
BEGIN SELECT RAISE(ABORT, 'goaml_report_history is append-only'); END;

-- The daily CTR run, recorded even when nothing qualified: once per local day. `refused` keeps
-- the validator's issues (missing KYC facts, say) and may be run again once they are fixed.
CREATE TABLE goaml_ctr_runs (
  tenant_id TEXT NOT NULL,
  day TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('filed', 'empty', 'refused')),
  ran_at TEXT NOT NULL,
  qualifying_count INTEGER NOT NULL,
  report_id TEXT,
  issues TEXT,
  PRIMARY KEY (tenant_id, day)
);

-- KYC facts of a customer as the institution's KYC file holds them (our customer rows have no
-- identity documents), entered by an analyst and used by the STRs and CTRs that report them.
CREATE TABLE goaml_subjects (
  tenant_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  subject TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, customer_id)
);
