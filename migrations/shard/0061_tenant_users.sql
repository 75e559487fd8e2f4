-- Named users of a tenant (issue 37, docs/decisions/case-work.md#named-analysts): the analysts,
-- leads, admins and read-only staff who work cases. Keys bound to a user live in the control
-- database (api_keys.user_id); the user's roles and disabled flag are read here on each request.
CREATE TABLE tenant_users (
  id TEXT PRIMARY KEY,
  tenant_id TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  roles TEXT NOT NULL,
  disabled INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX tenant_users_email_idx ON tenant_users (tenant_id, email);
CREATE INDEX tenant_users_list_idx ON tenant_users (tenant_id, created_at, id);
