import { sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { tenantSql, tenantValue } from "../../../db/tenant-tables";

export interface RunRow {
  computed_at: string;
  status: "running" | "completed";
  total: number;
  processed: number;
  updated_at: string;
}

export async function latestRun(scope: TenantScope): Promise<RunRow | null> {
  const rows = await scope.db.all<RunRow>(sql`
    SELECT computed_at, status, total, processed, updated_at FROM agent_health_refresh_runs WHERE ${tenantSql(scope)}`);
  return rows[0] ?? null;
}

/** Starts (replaces) the tenant's run record, or moves its progress; a stale run's slices change nothing. */
export function saveRun(scope: TenantScope, run: Omit<RunRow, "updated_at">, at: string) {
  return scope.db.run(sql`
    INSERT INTO agent_health_refresh_runs (tenant_id, computed_at, status, total, processed, updated_at)
    VALUES (${tenantValue(scope)}, ${run.computed_at}, ${run.status}, ${run.total}, ${run.processed}, ${at})
    ON CONFLICT (tenant_id) DO UPDATE SET status = excluded.status, total = excluded.total,
      processed = excluded.processed, updated_at = excluded.updated_at, computed_at = excluded.computed_at
    WHERE agent_health_refresh_runs.computed_at <= excluded.computed_at`);
}
