-- What an operator's keyed create made (an API key) and its secret, sealed, recorded in the
-- create's own batch (docs/decisions/faults.md#a-kill-while-a-key-is-claimed): the retry after a
-- lost answer answers that key with its secret instead of creating a second one. The secret is
-- cleared when the answer is stored; the row goes after 24 h.
ALTER TABLE operator_idempotency_keys ADD COLUMN created_id TEXT;
ALTER TABLE operator_idempotency_keys ADD COLUMN created_secret TEXT;
