-- Per-key request budget set by the operator (PUT /admin/keys/{keyId}/rate-limit); NULL: the
-- tenant's settings.rateLimitPerMinute (default 1,200). Read with the key at authentication
-- (cached with it), so the limiter needs no query of its own.
ALTER TABLE api_keys ADD COLUMN rate_limit_per_minute INTEGER CHECK (rate_limit_per_minute BETWEEN 1 AND 100000);
