-- The secret a keyed create showed once (an API key), sealed with the key's own seal context,
-- recorded with created_id (docs/decisions/faults.md#a-kill-while-a-key-is-claimed): the retry
-- after a lost answer shows it again, as the stored answer would have. Cleared when the answer is
-- stored (the answer holds it, sealed the same way); gone with the row after 24 h.
ALTER TABLE idempotency_keys ADD COLUMN created_secret TEXT;
