import { systemShardBinding } from "../../../db/system-db";
import type { Env } from "../../../env";

/**
 * Open fraud cases of one shard (all tenants) whose due date passed with no breach recorded for
 * it, earliest first. The WHERE repeats the partial index fraud_case_heads_sla_idx (0028) term
 * for term, so SQLite reads only that index: recorded breaches and closed cases are not in it.
 */
export async function dueFraudCases(env: Env, shard: number, at: string, limit: number) {
  const { results } = await systemShardBinding(env, shard)
    .prepare(
      `SELECT tenant_id AS tenantId, case_id AS caseId, due_at AS dueAt FROM fraud_case_heads
       WHERE due_at IS NOT NULL AND sla_breached_due_at IS NOT due_at AND current_status NOT LIKE 'closed_%'
         AND due_at <= ?1 ORDER BY due_at LIMIT ?2`,
    )
    .bind(at, limit)
    .all<{ tenantId: string; caseId: string; dueAt: string }>();
  return results;
}
