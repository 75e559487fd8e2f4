import { type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { tenantSql } from "../../../db/tenant-tables";
import type { EntityType } from "../domain/types";

const KEY: Record<EntityType, SQL> = {
  customer: sql.raw("t.customer_id"),
  account: sql.raw("t.account_id"),
  agent: sql.raw("t.agent_id"),
  merchant: sql.raw("t.merchant_name"),
};

/** The entity's own record (creation time for new_entity_high_activity), joined per page. */
function createdJoin(scope: TenantScope, type: EntityType): { join: SQL; created: SQL } {
  switch (type) {
    case "customer":
      return {
        join: sql`LEFT JOIN customers c ON c.id = e.id AND ${tenantSql(scope, "c")}`,
        created: sql`c.created_at`,
      };
    case "account":
      return {
        join: sql`LEFT JOIN accounts c ON c.id = e.id AND ${tenantSql(scope, "c")}`,
        created: sql`c.created_at`,
      };
    case "agent":
      return {
        join: sql`LEFT JOIN agents c ON c.agent_id = e.id AND ${tenantSql(scope, "c")}`,
        created: sql`coalesce(c.activated_at, c.created_at)`,
      };
    case "merchant":
      return { join: sql``, created: sql`NULL` };
  }
}

/**
 * One page (by id) of the entities with a transaction in [from, to], with their creation time:
 * one statement, the same entities the backtest's other units count.
 */
export function activeEntitiesPage(
  scope: TenantScope,
  q: { entityType: EntityType; from: string; to: string; after: string | undefined; limit: number },
) {
  const key = KEY[q.entityType];
  const { join, created } = createdJoin(scope, q.entityType);
  const after = q.after === undefined ? sql`` : sql`AND ${key} > ${q.after}`;
  return scope.db.all<{ id: string; createdAt: string | null }>(sql`
    SELECT e.id AS id, ${created} AS createdAt FROM (
      SELECT DISTINCT ${key} AS id FROM transactions t
      WHERE ${tenantSql(scope, "t")} AND t.transaction_date >= ${q.from}
        AND t.transaction_date <= ${q.to} AND ${key} IS NOT NULL ${after}
      ORDER BY 1 LIMIT ${q.limit}
    ) e ${join}
    ORDER BY e.id`);
}
