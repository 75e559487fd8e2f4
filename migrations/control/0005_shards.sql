-- Shard registry (issue 20, docs/operations.md#shards). The shards themselves are the
-- SHARD_<n> D1 bindings found at run time; this table holds only what the operator decided
-- about them. A bound shard without a row is open. Closed: no new tenant is placed there,
-- neither by load nor by name; the tenants already on it keep working.
CREATE TABLE shards (
  shard INTEGER PRIMARY KEY NOT NULL CHECK (shard BETWEEN 0 AND 999),
  state TEXT NOT NULL CHECK (state IN ('open', 'closed')),
  notes TEXT NOT NULL DEFAULT '' CHECK (length(notes) <= 500),
  updated_at TEXT NOT NULL,
  updated_by TEXT NOT NULL
);
