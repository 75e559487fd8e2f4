/** Who acted: an operator credential, a tenant API key, or the platform itself (jobs, cron). */
export const ACTOR_TYPES = ["operator", "api_key", "system"] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

export interface Actor {
  type: ActorType;
  /** Operator token id ("bootstrap" for ADMIN_TOKEN), API key id, or the job's name. */
  id: string;
}

/** Every audited action; the list is the OpenAPI enum of the `action` filter. */
export const AUDIT_ACTIONS = [
  "tenant.created",
  "tenant.settings_updated",
  "tenant.move_started",
  "tenant.moved",
  "tenant.move_cancelled",
  "tenant.export_requested",
  "tenant.export_downloaded",
  "tenant.object_recount_started",
  "tenant.deleted",
  "api_key.created",
  "api_key.rotated",
  "api_key.revoked",
  "api_key.rate_limit_set",
  "connector.configured",
  "secrets.resealed",
  "shard.updated",
  "operator_token.created",
  "operator_token.revoked",
  "operator_token.revoked_by_cascade",
  "aml.thresholds_updated",
  "webhook_subscription.created",
  "webhook_subscription.updated",
  "webhook_subscription.deleted",
  "webhook_secret.rotated",
  "list.created",
  "list.updated",
  "list.archived",
  "case.rule_snoozed",
  "rule_set.draft_saved",
  "rule_set.draft_deleted",
  "rule_set.published",
  "rule_set.rolled_back",
  "monitoring.dead_letters_retried",
  "monitoring.settings_updated",
  "monitoring.run_started",
  "monitoring.alert_withdrawn",
  "goaml.profile_updated",
  "goaml.subject_updated",
  "goaml.report_generated",
  "goaml.report_downloaded",
  "goaml.report_status_changed",
  "goaml.ctr_generated",
  "case.linked",
  "case.unlinked",
  "flow_mapping.updated",
  "customer.erasure_requested",
  "customer.erased",
  "case_file.downloaded",
  "sanctions_list.version_loaded",
  "sanctions.settings_updated",
  "sanctions_case.decided",
  "user.created",
  "user.updated",
  "user.key_created",
  "case_queue.created",
  "case_queue.updated",
  "case_queue.deleted",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What a service says about its change; actor, request id and time come from the context. */
export interface AuditChange {
  action: AuditAction;
  target: { type: string; id: string };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export interface AuditEntry {
  id: string;
  actor: Actor;
  action: string;
  target: { type: string; id: string };
  tenantId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  requestId: string;
  createdAt: string;
}
