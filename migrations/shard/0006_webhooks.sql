-- Webhooks: subscriptions, one delivery per (subscription, event), every attempt recorded.

CREATE TABLE webhook_subscriptions (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  url TEXT NOT NULL,
  description TEXT,
  -- JSON array of event types, or ["*"].
  event_types TEXT NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 1,
  disabled_reason TEXT,
  secret TEXT NOT NULL,
  -- The secret before the last rotation, valid until previous_secret_expires_at.
  previous_secret TEXT,
  previous_secret_expires_at TEXT,
  -- Circuit breaker: open while breaker_open_until is set; a probe holds breaker_probe_until.
  consecutive_failures INTEGER NOT NULL DEFAULT 0,
  breaker_open_until TEXT,
  breaker_probe_until TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE INDEX webhook_subscriptions_list_idx ON webhook_subscriptions (tenant_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;

CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  subscription_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  event_created_at TEXT NOT NULL,
  -- The exact request body: every attempt (and a replay) sends and signs these bytes.
  payload TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'retrying', 'succeeded', 'dead')),
  attempt_count INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,
  -- Held by the consumer making an attempt, so duplicate queue messages never double-send.
  lease_until TEXT,
  last_attempt_at TEXT,
  last_response_status INTEGER,
  last_error TEXT,
  replay_of TEXT,
  is_test INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- Fan-out is idempotent: one original delivery per (subscription, event); replays are extra rows.
CREATE UNIQUE INDEX webhook_deliveries_event_uq ON webhook_deliveries (tenant_id, subscription_id, event_id) WHERE replay_of IS NULL;
CREATE INDEX webhook_deliveries_list_idx ON webhook_deliveries (tenant_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_sub_idx ON webhook_deliveries (tenant_id, subscription_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_status_idx ON webhook_deliveries (tenant_id, status, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_type_idx ON webhook_deliveries (tenant_id, event_type, created_at DESC, id DESC);
-- The safety-net sweep over every tenant of a shard: deliveries still to be made.
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'retrying');

-- Append-only: one row per attempt (time, response status, duration, error, excerpt).
CREATE TABLE webhook_delivery_attempts (
  id TEXT PRIMARY KEY NOT NULL,
  tenant_id TEXT NOT NULL,
  delivery_id TEXT NOT NULL,
  attempt_number INTEGER NOT NULL,
  attempted_at TEXT NOT NULL,
  response_status INTEGER,
  duration_ms INTEGER NOT NULL,
  error TEXT,
  response_excerpt TEXT
);
CREATE UNIQUE INDEX webhook_delivery_attempts_uq ON webhook_delivery_attempts (tenant_id, delivery_id, attempt_number);
CREATE TRIGGER webhook_delivery_attempts_no_update BEFORE UPDATE ON webhook_delivery_attempts BEGIN
  SELECT RAISE(ABORT, 'webhook delivery attempts are append-only');
END;
CREATE TRIGGER webhook_delivery_attempts_no_delete BEFORE DELETE ON webhook_delivery_attempts BEGIN
  SELECT RAISE(ABORT, 'webhook delivery attempts are append-only');
END;

-- Outbox reads per tenant: undispatched events in order.
CREATE INDEX events_tenant_pending_idx ON events (tenant_id, created_at, id) WHERE dispatched_at IS NULL;
