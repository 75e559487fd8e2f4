-- What a keyed create made, recorded in the create's own batch (docs/decisions/faults.md#a-kill-while-a-key-is-claimed):
-- when the process dies after that batch and before the answer is stored, the retry that takes
-- the claim over finds the object by this id and answers it instead of creating a second one.
ALTER TABLE idempotency_keys ADD COLUMN created_id TEXT;
