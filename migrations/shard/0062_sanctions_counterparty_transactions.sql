-- Counterparty screening (docs/methodology/sanctions.md#where-it-runs): a case about a transfer's
-- counterparty names the transactions that matched, most recent first (at most 50: the case is
-- about the name, the transactions are its evidence). Customers' cases keep an empty list.
ALTER TABLE sanctions_cases ADD COLUMN transaction_ids TEXT NOT NULL DEFAULT '[]';
