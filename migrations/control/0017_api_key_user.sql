-- A key bound to a named user of its tenant (issue 37, docs/decisions/case-work.md#named-analysts):
-- requests with it act as that user, with the scopes of the user's roles. NULL: an integration key.
ALTER TABLE api_keys ADD COLUMN user_id TEXT;
