import type { DeliveryMessage, JobMessage, OutboxDispatchMessage } from "./jobs/messages";

/** Bindings and vars of the Worker, as declared in wrangler.toml. */
export interface Env {
  CONTROL_DB: D1Database;
  /**
   * Tenant data, one D1 database per shard: every binding named SHARD_<n> is a shard, found
   * at run time (src/db/client.ts shardNumbers); none is named in code.
   */
  [shard: `SHARD_${number}`]: D1Database;
  FRAUD_CASE: DurableObjectNamespace;
  /** credit-ops-webhooks: one message per delivery attempt (src/jobs/messages.ts). */
  WEBHOOK_QUEUE: Queue<DeliveryMessage>;
  /** credit-ops-jobs: background jobs (src/jobs/messages.ts), at most a few per tenant at once. */
  JOBS_QUEUE: Queue<JobMessage>;
  /** credit-ops-outbox: the webhook fan-out (outbox.dispatch), apart from heavy jobs. */
  OUTBOX_QUEUE: Queue<OutboxDispatchMessage>;
  FILES: R2Bucket;
  ASSETS: Fetcher;
  /** Per-API-key request budget: one KeyRateLimiter object per key; absent means unlimited. */
  KEY_RATE_LIMITER?: DurableObjectNamespace;
  /** Per-client-address budget before authentication, on /v1 and /admin (wrangler.toml [[ratelimits]]). */
  IP_RATE_LIMITER?: RateLimit;
  /** Operator token for /admin; a Worker secret (locally in .dev.vars). */
  ADMIN_TOKEN?: string;
  /**
   * Key(s) that seal stored webhook secrets and connector passwords (src/lib/sealed.ts): base64
   * of 32 random bytes, comma-separated during a rotation. A Worker secret (locally .dev.vars).
   */
  SECRETS_KEY?: string;
  /** "development" only under `npm start`; deployments leave it "production". */
  ENVIRONMENT: string;
  /** "csk_live_" deployed, "csk_test_" locally. */
  KEY_PREFIX: string;
  /** Webhook retry delays in seconds ("60,300,1800,7200,21600" when unset); local proofs shrink it. */
  WEBHOOK_RETRY_SCHEDULE?: string;
  /** Tenant moves (docs/decisions/tenant-moves.md): the write fence's deadline in seconds (60 when unset). */
  TENANT_MOVE_FENCE_SECONDS?: string;
  /** Seconds a move announces its fence ahead, and waits after the switch (6 when unset: the tenant row is cached 5 s). */
  TENANT_MOVE_SETTLE_SECONDS?: string;
  /** Seconds one move message works before it continues in the next (20 when unset; 1..60). */
  TENANT_MOVE_MESSAGE_SECONDS?: string;
  /** Rows per compared page of a move (500 when unset). */
  TENANT_MOVE_PAGE_ROWS?: string;
  /** Seconds between two network scans started by arrivals (30 when unset; tests set 0). */
  NETWORK_SCAN_DEBOUNCE_SECONDS?: string;
  /** Arrival screening waits this long after an entity's last arrival (default 2; tests 0). */
  MONITORING_QUIET_SECONDS?: string;
  /** Webhook circuit-breaker cool-down in seconds (300 when unset); local proofs shrink it. */
  WEBHOOK_BREAKER_COOLDOWN_SECONDS?: string;
  /** Milliseconds a request may take before it answers 503 (30000 when unset): src/http/deadline.ts. */
  REQUEST_DEADLINE_MS?: string;
  /** Milliseconds an Idempotency-Key claim lives without renewal (30000 when unset): tests shrink it. */
  IDEMPOTENCY_LEASE_MS?: string;
}

export const isDevelopment = (env: Pick<Env, "ENVIRONMENT">): boolean => env.ENVIRONMENT === "development";

/** Outbound http to localhost (webhook receivers, the Fineract fake) only in development and tests. */
export const allowsLoopbackHttp = (env: Pick<Env, "ENVIRONMENT">): boolean =>
  env.ENVIRONMENT === "development" || env.ENVIRONMENT === "test";
