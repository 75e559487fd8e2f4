-- Webhook signing secrets are stored sealed (AES-256-GCM under the SECRETS_KEY Worker secret;
-- src/lib/sealed.ts), so the API's `secretPrefix` (the first 10 characters, "whsec_" and 4 more)
-- is kept beside them. Rows written before sealing keep their plaintext until the next
-- rotation, and get their prefix here.
ALTER TABLE webhook_subscriptions ADD COLUMN secret_prefix TEXT NOT NULL DEFAULT '';
UPDATE webhook_subscriptions SET secret_prefix = substr(secret, 1, 10) WHERE secret NOT LIKE 'sealed:%';
