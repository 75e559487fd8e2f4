-- Case logs: which API key acted, and a keyed anchor of each case's head (issue 11).
-- actor_key_id: the id of the API key that authenticated the request that wrote the entry
-- (null when no key was involved: cron, queue, workflow). It is part of the hashed content.
ALTER TABLE fraud_case_events ADD COLUMN actor_key_id TEXT;
ALTER TABLE aml_case_history ADD COLUMN actor_key_id TEXT;

-- head_anchor: HMAC-SHA-256 (hex) over (kind, tenant, case, last sequence, head hash) under a
-- key derived from SECRETS_KEY (src/lib/case-anchor.ts); head_anchor_key_id names that key.
-- Written in the same batch as the head moves. Null on cases written before this migration.
ALTER TABLE fraud_case_heads ADD COLUMN head_anchor TEXT;
ALTER TABLE fraud_case_heads ADD COLUMN head_anchor_key_id TEXT;
ALTER TABLE aml_cases ADD COLUMN head_anchor TEXT;
ALTER TABLE aml_cases ADD COLUMN head_anchor_key_id TEXT;
