-- Event time (docs/methodology/monitoring.md#event-time): each pending entity keeps the span of
-- the transaction dates that arrived since its last screening, so the screening judges the
-- history as of when it happened (a backfill of last quarter is screened as of its own dates).
-- Rows queued before this migration have no span and are screened as of now, as before.
ALTER TABLE monitoring_pending ADD COLUMN events_from TEXT;
ALTER TABLE monitoring_pending ADD COLUMN events_to TEXT;

DROP TRIGGER transactions_monitoring_ai;
DROP TRIGGER transactions_monitoring_au;

CREATE TRIGGER transactions_monitoring_ai AFTER INSERT ON transactions
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = NEW.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN
  INSERT INTO monitoring_pending (tenant_id, entity_type, entity_id, first_seen_at, last_seen_at, events_from, events_to)
  SELECT new.tenant_id, e.entity_type, e.entity_id,
    strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
    new.transaction_date, new.transaction_date
  FROM (
    SELECT 'customer' AS entity_type, new.customer_id AS entity_id
    UNION ALL SELECT 'account', new.account_id
    UNION ALL SELECT 'agent', new.agent_id
    UNION ALL SELECT 'merchant', new.merchant_name
    UNION ALL SELECT 'counterparty', coalesce(new.counterparty_account, new.counterparty_name)
  ) AS e
  WHERE e.entity_id IS NOT NULL AND e.entity_id <> ''
  ON CONFLICT (tenant_id, entity_type, entity_id) DO UPDATE SET
    last_seen_at = excluded.last_seen_at, generation = generation + 1, failed_at = NULL, attempts = 0,
    events_from = min(coalesce(events_from, excluded.events_from), excluded.events_from),
    events_to = max(coalesce(events_to, excluded.events_to), excluded.events_to);
END;

CREATE TRIGGER transactions_monitoring_au AFTER UPDATE OF
  customer_id, account_id, agent_id, external_id, external_source, type, category, amount_minor, currency,
  description, status, transaction_date, merchant_name, balance_after_minor, channel, counterparty_name,
  counterparty_account, counterparty_country
ON transactions
WHEN NOT EXISTS (SELECT 1 FROM maintenance_permits p WHERE p.tenant_id = OLD.tenant_id AND p.kind IN ('move_in', 'purge'))
BEGIN
  INSERT INTO monitoring_pending (tenant_id, entity_type, entity_id, first_seen_at, last_seen_at, events_from, events_to)
  SELECT new.tenant_id, e.entity_type, e.entity_id,
    strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
    new.transaction_date, new.transaction_date
  FROM (
    SELECT 'customer' AS entity_type, new.customer_id AS entity_id
    UNION ALL SELECT 'account', new.account_id
    UNION ALL SELECT 'agent', new.agent_id
    UNION ALL SELECT 'merchant', new.merchant_name
    UNION ALL SELECT 'counterparty', coalesce(new.counterparty_account, new.counterparty_name)
  ) AS e
  WHERE e.entity_id IS NOT NULL AND e.entity_id <> ''
  ON CONFLICT (tenant_id, entity_type, entity_id) DO UPDATE SET
    last_seen_at = excluded.last_seen_at, generation = generation + 1, failed_at = NULL, attempts = 0,
    events_from = min(coalesce(events_from, excluded.events_from), excluded.events_from),
    events_to = max(coalesce(events_to, excluded.events_to), excluded.events_to);
END;

-- A portfolio run can be asked for a range of history (a lookback): its entities are those with
-- transactions dated in the range, judged as of the range's own dates.
ALTER TABLE monitoring_runs ADD COLUMN lookback_from TEXT;
ALTER TABLE monitoring_runs ADD COLUMN lookback_to TEXT;
