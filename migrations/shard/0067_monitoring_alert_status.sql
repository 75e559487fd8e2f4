-- An alert's status (docs/methodology/monitoring.md#late-history): `open` as raised, or
-- `withdrawn` when history that arrived later, dated before its episode, showed its rules no
-- longer fire when judged again as of its own dates. The row stays; the withdrawal (when, why,
-- what was judged) is kept in its detail under `withdrawal`.
ALTER TABLE monitoring_alerts ADD COLUMN status TEXT NOT NULL DEFAULT 'open';
