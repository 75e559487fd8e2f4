-- The creation date a source system gives (ingest `createdAt`) is kept here, apart from
-- created_at, which is now always the time this service first recorded the row. Nothing
-- scores on source_created_at (docs/decisions/input-hardening.md).
ALTER TABLE customers ADD COLUMN source_created_at TEXT;
ALTER TABLE accounts ADD COLUMN source_created_at TEXT;
ALTER TABLE agents ADD COLUMN source_created_at TEXT;
