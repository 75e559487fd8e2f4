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

-- Tenant moves: the change log (0044), as moveLogTriggers writes them.
CREATE TRIGGER "move_log_tenant_users_insert" AFTER INSERT ON "tenant_users" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'tenant_users', json_array(NEW."id")); END;

CREATE TRIGGER "move_log_tenant_users_update" AFTER UPDATE ON "tenant_users" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = NEW.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (NEW.tenant_id, 'tenant_users', json_array(NEW."id")); INSERT INTO move_changes (tenant_id, table_name, row_key) SELECT OLD.tenant_id, 'tenant_users', json_array(OLD."id") WHERE json_array(OLD."id") <> json_array(NEW."id"); END;

CREATE TRIGGER "move_log_tenant_users_delete" AFTER DELETE ON "tenant_users" WHEN EXISTS (SELECT 1 FROM move_watches WHERE tenant_id = OLD.tenant_id) BEGIN INSERT INTO move_changes (tenant_id, table_name, row_key) VALUES (OLD.tenant_id, 'tenant_users', json_array(OLD."id")); END;
