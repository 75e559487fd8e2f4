-- Issue 16, case work (docs/decisions/case-work.md): the projected assignee, due dates (SLA and
-- the AML STR clock), the due date whose breach was recorded, tags, the outcome label and a
-- close waiting for a second actor, on both case projections. Every change arrives as an entry
-- of the case's hash-chained log in the same batch as the projection update.

ALTER TABLE fraud_case_heads ADD COLUMN assignee_id TEXT;
ALTER TABLE fraud_case_heads ADD COLUMN assignee_name TEXT;
ALTER TABLE fraud_case_heads ADD COLUMN due_at TEXT;
ALTER TABLE fraud_case_heads ADD COLUMN sla_breached_due_at TEXT;
ALTER TABLE fraud_case_heads ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';
ALTER TABLE fraud_case_heads ADD COLUMN outcome TEXT;
ALTER TABLE fraud_case_heads ADD COLUMN close_request TEXT;
-- List filters, tenant first: assignedTo / unassigned (assignee_id IS NULL), overdue (due_at range).
CREATE INDEX fraud_case_heads_assignee_idx ON fraud_case_heads (tenant_id, assignee_id, created_at DESC, case_id DESC);
CREATE INDEX fraud_case_heads_due_idx ON fraud_case_heads (tenant_id, due_at);
-- The breach sweep (every minute, all tenants of a shard): only open cases whose due date has
-- no recorded breach are in it, so a run reads the next few by due date and nothing else.
CREATE INDEX fraud_case_heads_sla_idx ON fraud_case_heads (due_at)
  WHERE due_at IS NOT NULL AND sla_breached_due_at IS NOT due_at AND current_status NOT LIKE 'closed_%';
CREATE TABLE fraud_case_tags (
  tenant_id TEXT NOT NULL,
  tag TEXT NOT NULL,
  case_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, tag, case_id)
) WITHOUT ROWID;

ALTER TABLE aml_cases ADD COLUMN assignee_id TEXT;
ALTER TABLE aml_cases ADD COLUMN assignee_name TEXT;
ALTER TABLE aml_cases ADD COLUMN due_at TEXT;
ALTER TABLE aml_cases ADD COLUMN str_due_at TEXT;
ALTER TABLE aml_cases ADD COLUMN sla_breached_due_at TEXT;
ALTER TABLE aml_cases ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';
ALTER TABLE aml_cases ADD COLUMN outcome TEXT;
ALTER TABLE aml_cases ADD COLUMN close_request TEXT;
CREATE INDEX aml_cases_assignee_idx ON aml_cases (tenant_id, assignee_id, created_at DESC, id DESC);
CREATE INDEX aml_cases_due_idx ON aml_cases (tenant_id, due_at);
CREATE INDEX aml_cases_sla_idx ON aml_cases (due_at)
  WHERE due_at IS NOT NULL AND sla_breached_due_at IS NOT due_at
    AND status NOT IN ('closed_false_positive', 'closed_no_action', 'closed_reported');
CREATE TABLE aml_case_tags (
  tenant_id TEXT NOT NULL,
  tag TEXT NOT NULL,
  case_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, tag, case_id)
) WITHOUT ROWID;
-- Structured facts of an entry (assignee, tag, outcome, due date), hashed when present.
ALTER TABLE aml_case_history ADD COLUMN details TEXT;
