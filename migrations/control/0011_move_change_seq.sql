-- A tenant move's position in its source shard's change log (shard migration 0044,
-- docs/decisions/tenant-moves.md "A short fence"): during copy and catch_up, the log's last
-- sequence when the current pass began; in the fenced step, the last change compared.
ALTER TABLE tenant_moves ADD COLUMN change_seq INTEGER NOT NULL DEFAULT 0;
