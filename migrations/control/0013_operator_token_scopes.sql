-- Operator tokens that end (docs/decisions/audit-log.md#operator-credentials): scopes, an expiry,
-- and the last time each was used.

-- Tokens made before scopes existed could do everything: they keep every operator scope.
ALTER TABLE operator_tokens ADD COLUMN scopes TEXT NOT NULL DEFAULT '["tenants:read","tenants:write","keys:read","keys:write","shards:read","shards:write","moves:read","moves:write","exports:read","exports:write","audit:read","operators:read","operators:write"]';
-- Always set by the service (default 90 days); the tokens made before it get 90 days from now.
ALTER TABLE operator_tokens ADD COLUMN expires_at TEXT;
UPDATE operator_tokens SET expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+90 days') WHERE expires_at IS NULL;
-- Written at most once a minute per token, on authentication.
ALTER TABLE operator_tokens ADD COLUMN last_used_at TEXT;
-- Revocation walks the created_by chain down to every descendant.
CREATE INDEX operator_tokens_created_by_idx ON operator_tokens (created_by);
