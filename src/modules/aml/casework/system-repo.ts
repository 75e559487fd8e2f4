import { systemShardBinding } from "../../../db/system-db";
import type { Env } from "../../../env";

/**
 * Open AML cases of one shard (all tenants) whose due date passed with no breach recorded for
 * it, earliest first. The WHERE repeats the partial index aml_cases_sla_idx (0028) term for term.
 */
export async function dueAmlCases(env: Env, shard: number, at: string, limit: number) {
  const { results } = await systemShardBinding(env, shard)
    .prepare(
      `SELECT tenant_id AS tenantId, id AS caseId, due_at AS dueAt FROM aml_cases
       WHERE due_at IS NOT NULL AND sla_breached_due_at IS NOT due_at
         AND status NOT IN ('closed_false_positive', 'closed_no_action', 'closed_reported')
         AND due_at <= ?1 ORDER BY due_at LIMIT ?2`,
    )
    .bind(at, limit)
    .all<{ tenantId: string; caseId: string; dueAt: string }>();
  return results;
}
