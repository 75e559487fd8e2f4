import { isNull } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { OperatorScope } from "../lib/scopes";
import type { CaseSlaSetting } from "../modules/cases/domain/work";

/** Control database (CONTROL_DB): mirrors migrations/control. */
export const tenants = sqliteTable(
  "tenants",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    shard: integer("shard").notNull(),
    features: text("features", { mode: "json" }).$type<TenantFeatures>().notNull(),
    settings: text("settings", { mode: "json" }).$type<TenantSettings>().notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** A move's write fence (control migration 0006): writes answer 503 from `from` until `until`. */
    writeFencedFrom: text("write_fenced_from"),
    writeFencedUntil: text("write_fenced_until"),
  },
  (t) => [index("tenants_created_idx").on(t.createdAt, t.id), index("tenants_shard_idx").on(t.shard)],
);

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    scopes: text("scopes", { mode: "json" }).$type<string[]>().notNull(),
    expiresAt: text("expires_at"),
    revokedAt: text("revoked_at"),
    rotatedTo: text("rotated_to"),
    createdAt: text("created_at").notNull(),
    /** Operator override of the tenant's per-key budget (control migration 0004); null: the tenant's. */
    rateLimitPerMinute: integer("rate_limit_per_minute"),
    /** The tenant user the key acts as (control migration 0017); null: an integration key. */
    userId: text("user_id"),
  },
  (t) => [
    index("api_keys_prefix_idx").on(t.prefix),
    index("api_keys_tenant_idx").on(t.tenantId, t.createdAt),
  ],
);

export const connectors = sqliteTable(
  "connectors",
  {
    tenantId: text("tenant_id").notNull(),
    type: text("type").notNull(),
    provider: text("provider").notNull(),
    config: text("config", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.type] })],
);

export const operatorTokens = sqliteTable(
  "operator_tokens",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
    revokedAt: text("revoked_at"),
    /** Operator scopes it holds (migrations/control/0013: older tokens hold every one). */
    scopes: text("scopes", { mode: "json" }).$type<OperatorScope[]>().notNull(),
    /** Set on every row (the service, or 0013 for older tokens); refused from this time on. */
    expiresAt: text("expires_at").notNull(),
    /** Written on authentication, at most once a minute. */
    lastUsedAt: text("last_used_at"),
  },
  (t) => [
    index("operator_tokens_prefix_idx").on(t.prefix),
    index("operator_tokens_created_idx").on(t.createdAt, t.id),
    index("operator_tokens_created_by_idx").on(t.createdBy),
  ],
);

/** Mirror of each tenant's settings.allowedOrigins, for the keyless CORS preflight (migrations/control/0003). */
export const tenantOrigins = sqliteTable(
  "tenant_origins",
  { origin: text("origin").notNull(), tenantId: text("tenant_id").notNull() },
  (t) => [primaryKey({ columns: [t.origin, t.tenantId] }), index("tenant_origins_tenant_idx").on(t.tenantId)],
);

/** Idempotency keys of operator POSTs (/admin), scoped to the operator credential. */
export const operatorIdempotencyKeys = sqliteTable(
  "operator_idempotency_keys",
  {
    operatorId: text("operator_id").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    state: text("state", { enum: ["in_flight", "done"] }).notNull(),
    status: integer("status"),
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    body: text("body"),
    createdAt: text("created_at").notNull(),
    lockedUntil: text("locked_until").notNull(),
    expiresAt: text("expires_at").notNull(),
    /** What the keyed request created and the secret it showed once, sealed (control 0020). */
    createdId: text("created_id"),
    createdSecret: text("created_secret"),
  },
  (t) => [
    primaryKey({ columns: [t.operatorId, t.key] }),
    index("operator_idempotency_keys_expiry_idx").on(t.expiresAt),
  ],
);

/**
 * Operator actions; append-only (triggers in migrations/control/0002_audit_operators.sql), one
 * chain (0014_audit_chain.sql: seq, and chain_hash/chain_key set once when sealed).
 */
/** The anchored head of each audit log (control 0016): the last sealed place and its hash. */
export const auditChainHeads = sqliteTable("audit_chain_heads", {
  log: text("log").primaryKey(),
  seq: integer("seq").notNull(),
  hash: text("hash").notNull(),
  anchor: text("anchor").notNull(),
  anchorKey: text("anchor_key").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    actorType: text("actor_type", { enum: ["operator", "api_key", "system"] }).notNull(),
    actorId: text("actor_id").notNull(),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    tenantId: text("tenant_id"),
    before: text("before", { mode: "json" }).$type<Record<string, unknown>>(),
    after: text("after", { mode: "json" }).$type<Record<string, unknown>>(),
    requestId: text("request_id").notNull(),
    createdAt: text("created_at").notNull(),
    seq: integer("seq"),
    chainHash: text("chain_hash"),
    chainKey: text("chain_key"),
  },
  (t) => [
    index("audit_log_tenant_idx").on(t.tenantId, t.id),
    index("audit_log_action_idx").on(t.action, t.id),
    uniqueIndex("audit_log_seq_idx").on(t.seq),
    index("audit_log_unsealed_idx").on(t.seq).where(isNull(t.chainHash)),
  ],
);

/** Online moves of a tenant between shards (control migration 0006, docs/decisions/tenant-moves.md). */
export const tenantMoves = sqliteTable(
  "tenant_moves",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    sourceShard: integer("source_shard").notNull(),
    targetShard: integer("target_shard").notNull(),
    state: text("state", { enum: ["running", "succeeded", "failed"] }).notNull(),
    step: text("step", {
      enum: ["copy", "catch_up", "fence", "final_sync", "switch", "cleanup", "done", "rollback"],
    }).notNull(),
    seq: integer("seq").notNull(),
    tableIndex: integer("table_index").notNull(),
    cursor: text("cursor"),
    round: integer("round").notNull(),
    roundChanges: integer("round_changes").notNull(),
    progress: text("progress", { mode: "json" }).$type<Record<string, TableMoveProgress>>().notNull(),
    resumeAt: text("resume_at"),
    fenceStartedAt: text("fence_started_at"),
    fenceEndedAt: text("fence_ended_at"),
    switchedAt: text("switched_at"),
    finishedAt: text("finished_at"),
    error: text("error"),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    /** Consecutive failed attempts of the current unit (control migration 0010); every save resets it. */
    failures: integer("failures").notNull().default(0),
    /**
     * The source shard's change log (control migration 0011): before the fence, its last sequence
     * when the current pass began; in the fenced step, the last change compared.
     */
    changeSeq: integer("change_seq").notNull().default(0),
  },
  (t) => [index("tenant_moves_tenant_idx").on(t.tenantId, t.createdAt)],
);

/** One table of a move: what the last pass read on each side and what it changed on the target. */
export interface TableMoveProgress {
  sourceRows: number;
  targetRows: number;
  /** The set hash of the rows the pass read (src/db/row-set-hash.ts); equal on both sides when the contents are. */
  sourceHash: string;
  targetHash: string;
  /** Rows the move wrote or deleted on the target over all passes. */
  written: number;
  deleted: number;
  /** Rows removed from the old shard by the cleanup. */
  removed: number;
  /** Rows of a failed move's partial copy deleted from the target by the rollback. */
  discarded?: number;
}

/** A table the move has not touched yet. */
export const UNTOUCHED_TABLE: TableMoveProgress = {
  sourceRows: 0,
  targetRows: 0,
  sourceHash: "",
  targetHash: "",
  written: 0,
  deleted: 0,
  removed: 0,
  discarded: 0,
};

export interface TenantFeatures {
  agentNetwork?: boolean;
}

/** Continuous monitoring settings; an object so the schedule can sit beside onArrival. */
export interface MonitoringSettings {
  /** Screen the entities of arriving transactions (default true). */
  onArrival?: boolean;
  /** Subject risk score (0..100) from which a screening raises alerts (docs/methodology/risk-score.md). */
  alertScore?: number;
  /** Scheduled portfolio runs; absent fields take the defaults (daily at 02:00 in the tenant's zone). */
  schedule?: {
    frequency?: "off" | "hourly" | "daily";
    hour?: number;
    /** IANA zone of the hour; absent or null: the tenant's timeZone, else UTC. */
    timeZone?: string | null;
  };
  [key: string]: unknown;
}

export interface TenantSettings {
  riskAlertThreshold?: number;
  currency?: string;
  /** Webhook subscriptions the tenant may hold (default 20; operator-set, 1..200). */
  maxWebhookSubscriptions?: number;
  /** Rule sets: publishing needs a key that did not edit the draft (operator-set; default false). */
  rulesRequireSecondApprover?: boolean;
  /** IANA time zone for hour-of-day rules (operator-set; default UTC). */
  timeZone?: string;
  /** Continuous monitoring (docs/methodology/monitoring.md); `onArrival` absent: true. */
  monitoring?: MonitoringSettings;
  /** Case due dates in hours per kind and level (docs/decisions/case-work.md); defaults in modules/cases/domain/work. */
  caseSla?: CaseSlaSetting;
  /** Maker-checker close: a second actor confirms a requested close (default false). */
  caseCloseRequiresSecondActor?: boolean;
  /** Days of p90 demand a suggested agent float rebalancing covers (default 3; 0.5..7). */
  agentFloatCoverDays?: number;
  /** Browser origins allowed to call /v1 with this tenant's keys (operator-set; exact origins). */
  allowedOrigins?: string[];
  /** Requests a minute each of the tenant's API keys may send (operator-set; default 1,200). */
  rateLimitPerMinute?: number;
  /** Jobs of the tenant that may run at once on the jobs queue (operator-set; default 2). */
  jobConcurrency?: number;
  /** Estimated bytes of customers, accounts, transactions and agents the tenant may hold (operator-set). */
  storageQuotaBytes?: number;
  [key: string]: unknown;
}

export type TenantRow = typeof tenants.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ConnectorRow = typeof connectors.$inferSelect;
/** A connector's settings as the admin connectors service stores them and the ingest sync reads them (password unsealed). */
export type ConnectorConfig =
  | { provider: "export" }
  | { provider: "fineract"; baseUrl: string; tenantIdentifier: string; username: string; password: string };
export type OperatorTokenRow = typeof operatorTokens.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;

/** The operator's state of each shard (migrations/control/0005); a bound shard without a row is open. */
export const shardRegistry = sqliteTable("shards", {
  shard: integer("shard").primaryKey(),
  state: text("state", { enum: ["open", "closed"] }).notNull(),
  notes: text("notes").notNull(),
  updatedAt: text("updated_at").notNull(),
  updatedBy: text("updated_by").notNull(),
});
export type ShardRegistryRow = typeof shardRegistry.$inferSelect;

/** Jobs running per tenant (migrations/control/0008; src/jobs/slots.ts). */
export const jobSlots = sqliteTable(
  "job_slots",
  {
    tenantId: text("tenant_id").notNull(),
    slotId: text("slot_id").notNull(),
    jobType: text("job_type").notNull(),
    acquiredAt: text("acquired_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.slotId] })],
);

/** The job a repeatable request last started, by dedupe key (migrations/control/0008; src/jobs/dedupe.ts). */
export const jobDedupe = sqliteTable(
  "job_dedupe",
  {
    tenantId: text("tenant_id").notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    jobId: text("job_id").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.dedupeKey] }),
    index("job_dedupe_created_idx").on(t.createdAt),
  ],
);
export type TenantMoveRow = typeof tenantMoves.$inferSelect;

/** Exports of a tenant's data to R2 (migrations/control/0007); progress of a queue job. */
export const tenantExports = sqliteTable(
  "tenant_exports",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    shard: integer("shard").notNull(),
    status: text("status", { enum: ["running", "completed"] }).notNull(),
    phase: text("phase", { enum: ["control", "tables", "objects", "manifest", "done"] }).notNull(),
    step: integer("step").notNull().default(0),
    tableIndex: integer("table_index").notNull().default(0),
    cursor: text("cursor"),
    parts: integer("parts").notNull().default(0),
    rowsExported: integer("rows_exported").notNull().default(0),
    objectsExported: integer("objects_exported").notNull().default(0),
    requestedBy: text("requested_by").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    completedAt: text("completed_at"),
  },
  (t) => [index("tenant_exports_tenant_idx").on(t.tenantId, t.createdAt)],
);

/** What a deleted tenant leaves (migrations/control/0007); never deleted. */
export const tenantTombstones = sqliteTable("tenant_tombstones", {
  tenantId: text("tenant_id").primaryKey(),
  nameSha256: text("name_sha256").notNull(),
  shard: integer("shard").notNull(),
  status: text("status", { enum: ["deleting", "deleted"] }).notNull(),
  phase: text("phase", { enum: ["objects", "durable_objects", "tables", "verify", "done"] }).notNull(),
  step: integer("step").notNull().default(0),
  tableIndex: integer("table_index").notNull().default(0),
  cursor: text("cursor"),
  counts: text("counts", { mode: "json" }).$type<Record<string, number>>().notNull(),
  deletedBy: text("deleted_by").notNull(),
  deletedAt: text("deleted_at").notNull(),
  completedAt: text("completed_at"),
  /** The deletion's last turn (migrations/control/0009); null on older rows. */
  updatedAt: text("updated_at"),
});

export type TenantExportRow = typeof tenantExports.$inferSelect;
export type TenantTombstoneRow = typeof tenantTombstones.$inferSelect;

/** Resumes of stalled long-running jobs by the minute cron (migrations/control/0009; src/jobs/resumes.ts). */
export const jobResumes = sqliteTable(
  "job_resumes",
  {
    kind: text("kind").notNull(),
    jobId: text("job_id").notNull(),
    tenantId: text("tenant_id").notNull(),
    resumes: integer("resumes").notNull(),
    lastStep: text("last_step").notNull(),
    lastResumedAt: text("last_resumed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.jobId] })],
);

/** R2 bytes per tenant and kind of object, kept on every put and delete (migrations/control/0009). */
export const tenantObjectUsage = sqliteTable(
  "tenant_object_usage",
  {
    tenantId: text("tenant_id").notNull(),
    kind: text("kind").notNull(),
    objects: integer("objects").notNull(),
    bytes: integer("bytes").notNull(),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind] })],
);

/** Objects and bytes of one kind, as a recount lists them. */
export interface ObjectFigures {
  objects: number;
  bytes: number;
}

/** Recounts of a tenant's R2 objects by listing its prefix (migrations/control/0010, 0012). */
export const tenantObjectRecounts = sqliteTable(
  "tenant_object_recounts",
  {
    id: text("id").primaryKey(),
    tenantId: text("tenant_id").notNull(),
    status: text("status", { enum: ["running", "succeeded", "failed"] }).notNull(),
    step: integer("step").notNull(),
    cursor: text("cursor"),
    pages: integer("pages").notNull(),
    counted: text("counted", { mode: "json" }).$type<Record<string, ObjectFigures>>().notNull(),
    totalsBefore: text("totals_before", { mode: "json" }).$type<Record<string, ObjectFigures>>(),
    appliedBy: text("applied_by"),
    createdBy: text("created_by").notNull(),
    createdAt: text("created_at").notNull(),
    updatedAt: text("updated_at").notNull(),
    finishedAt: text("finished_at"),
    /** Consecutive failed attempts of the current turn (control migration 0012). */
    failures: integer("failures").notNull().default(0),
    error: text("error"),
  },
  (t) => [index("tenant_object_recounts_tenant_idx").on(t.tenantId, t.createdAt)],
);
export type TenantObjectRecountRow = typeof tenantObjectRecounts.$inferSelect;

/** Measured row counts of the tables no trigger counts (migrations/control/0009). */
export const tenantRowUsage = sqliteTable("tenant_row_usage", {
  tenantId: text("tenant_id").primaryKey(),
  counts: text("counts", { mode: "json" }).$type<Record<string, number>>().notNull(),
  measuredAt: text("measured_at").notNull(),
});

/** Sanctions and PEP lists (control migration 0015; docs/methodology/sanctions.md#lists). */
export const sanctionsLists = sqliteTable("sanctions_lists", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  format: text("format").notNull(),
  currentVersion: integer("current_version"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export const sanctionsListVersions = sqliteTable(
  "sanctions_list_versions",
  {
    listId: text("list_id").notNull(),
    version: integer("version").notNull(),
    publishedAt: text("published_at").notNull(),
    sha256: text("sha256").notNull(),
    entryCount: integer("entry_count").notNull(),
    added: integer("added").notNull(),
    changed: integer("changed").notNull(),
    removed: integer("removed").notNull(),
    loadedAt: text("loaded_at").notNull(),
    loadedBy: text("loaded_by").notNull(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.version] })],
);

export const sanctionsEntries = sqliteTable(
  "sanctions_entries",
  {
    listId: text("list_id").notNull(),
    ref: text("ref").notNull(),
    entryHash: text("entry_hash").notNull(),
    data: text("data").notNull(),
    version: integer("version").notNull(),
    removedIn: integer("removed_in"),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.ref] }),
    index("sanctions_entries_live_idx").on(t.listId, t.removedIn),
  ],
);

export const sanctionsEntryChanges = sqliteTable(
  "sanctions_entry_changes",
  {
    listId: text("list_id").notNull(),
    version: integer("version").notNull(),
    ref: text("ref").notNull(),
    change: text("change", { enum: ["added", "changed", "removed"] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.version, t.ref] })],
);
