-- Control plane: tenants, their API keys and connector configuration.
CREATE TABLE tenants (
  id TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  shard INTEGER NOT NULL,
  features TEXT NOT NULL DEFAULT '{}',
  settings TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX tenants_created_idx ON tenants (created_at DESC, id DESC);
CREATE INDEX tenants_shard_idx ON tenants (shard);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL REFERENCES tenants (id),
  name TEXT NOT NULL,
  -- Display prefix (e.g. csk_test_AbC12345): lookup key and what operators see.
  prefix TEXT NOT NULL,
  -- SHA-256 hex of the whole key; the key itself is never stored.
  key_hash TEXT NOT NULL,
  scopes TEXT NOT NULL,
  expires_at TEXT,
  revoked_at TEXT,
  rotated_to TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX api_keys_prefix_idx ON api_keys (prefix);
CREATE INDEX api_keys_tenant_idx ON api_keys (tenant_id, created_at DESC, id DESC);

CREATE TABLE connectors (
  tenant_id TEXT NOT NULL REFERENCES tenants (id),
  type TEXT NOT NULL,
  provider TEXT NOT NULL,
  config TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (tenant_id, type)
);
