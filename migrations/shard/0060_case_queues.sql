-- Team queues (issue 37 item 3, docs/decisions/case-work.md#team-queues): a tenant's inboxes with
-- their routing criteria and members, and which queue each routed fraud or AML case went to.
CREATE TABLE case_queues (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  name TEXT NOT NULL,
  priority INTEGER NOT NULL,
  kinds TEXT NOT NULL DEFAULT '[]',
  typologies TEXT NOT NULL DEFAULT '[]',
  min_risk_level TEXT CHECK (min_risk_level IN ('low', 'medium', 'high', 'critical')),
  members TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX case_queues_name_idx ON case_queues (tenant_id, name);
CREATE INDEX case_queues_priority_idx ON case_queues (tenant_id, priority, created_at, id);

-- One row per routed case (a case no queue matched has none). due_at and risk are the case's at
-- routing; the queue's list reads the live due date and status from the kind's projection.
CREATE TABLE case_queue_entries (
  tenant_id TEXT NOT NULL,
  case_kind TEXT NOT NULL CHECK (case_kind IN ('fraud', 'aml')),
  case_id TEXT NOT NULL,
  queue_id TEXT NOT NULL,
  due_at TEXT,
  risk INTEGER NOT NULL,
  routed_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, case_kind, case_id)
) WITHOUT ROWID;
CREATE INDEX case_queue_entries_queue_idx ON case_queue_entries (tenant_id, queue_id, due_at, risk DESC);
