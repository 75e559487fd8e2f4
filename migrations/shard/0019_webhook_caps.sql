-- Issue 11, finding 5: receiver bodies are no longer kept. Each attempt records the SHA-256
-- and length of the body's first 64 KiB, and an excerpt only for 2xx answers (256 characters,
-- sanitised in code).
ALTER TABLE webhook_delivery_attempts ADD COLUMN response_sha256 TEXT;
ALTER TABLE webhook_delivery_attempts ADD COLUMN response_bytes INTEGER;

-- Scrub what earlier attempts stored (up to 4 KB of any answer). The table is append-only by
-- trigger; the trigger is lifted for this one correction and put back unchanged.
DROP TRIGGER webhook_delivery_attempts_no_update;
UPDATE webhook_delivery_attempts SET response_excerpt = NULL
  WHERE response_excerpt IS NOT NULL AND (response_status IS NULL OR response_status NOT BETWEEN 200 AND 299);
UPDATE webhook_delivery_attempts SET response_excerpt = substr(response_excerpt, 1, 256)
  WHERE length(response_excerpt) > 256;
CREATE TRIGGER webhook_delivery_attempts_no_update BEFORE UPDATE ON webhook_delivery_attempts BEGIN
  SELECT RAISE(ABORT, 'webhook delivery attempts are append-only');
END;

