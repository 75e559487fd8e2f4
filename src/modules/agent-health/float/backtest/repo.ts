import { sql } from "drizzle-orm";
import type { TenantScope } from "../../../../db/client";
import { tenantSql } from "../../../../db/tenant-tables";

/** The next `limit` agent ids after `afterId` (a backtest slice), in id order. */
export async function agentIdsAfter(scope: TenantScope, afterId: string | null, limit: number) {
  const rows = await scope.db.all<{ agent_id: string }>(sql`
    SELECT agent_id FROM agents WHERE ${tenantSql(scope)}${afterId === null ? sql`` : sql` AND agent_id > ${afterId}`}
    ORDER BY agent_id LIMIT ${limit}`);
  return rows.map((r) => r.agent_id);
}

export async function countAgents(scope: TenantScope) {
  const rows = await scope.db.all<{ n: number }>(
    sql`SELECT COUNT(*) AS n FROM agents WHERE ${tenantSql(scope)}`,
  );
  return rows[0]?.n ?? 0;
}
