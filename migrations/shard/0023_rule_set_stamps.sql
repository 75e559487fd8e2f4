-- Issue 14 (wiring): the rule-set version that produced a case. Fraud cases opened from an
-- evaluation and AML cases opened by one record {kind, version, hash} of the live rule set
-- (docs/methodology/rules.md#how-a-change-reaches-evaluation). Null: opened before rule sets,
-- or a fraud case created through POST /v1/fraud/cases (its alert data comes from the client).
ALTER TABLE fraud_cases ADD COLUMN rule_set_version INTEGER;
ALTER TABLE fraud_cases ADD COLUMN rule_set_hash TEXT;
ALTER TABLE aml_cases ADD COLUMN rule_set_version INTEGER;
ALTER TABLE aml_cases ADD COLUMN rule_set_hash TEXT;
