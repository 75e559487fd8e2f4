import { type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { tenantSql } from "../../../db/tenant-tables";
import { FAILED_STATUSES, type ProposedTransactionRow, transactionsSource } from "../../data/read-model";
import type { CompiledQuery, Fragment, Membership } from "../domain/custom/compile";

/**
 * Runs compiled custom-rule SQL (rules/domain/custom/compile.ts) against the tenant's shard.
 * Text fragments are compiler output built from constants only; values are bound; the tenant
 * predicate comes from tenantSql. Several statements (a very large rule set) run in one
 * db.batch: one round trip, one consistent snapshot.
 */
export const failedStatuses: readonly string[] = FAILED_STATUSES;

/** Renders a list-membership test (the lists module's SQL, given by the service). */
export type MemberSql = (m: Membership) => SQL;

function render(
  scope: TenantScope,
  fragments: Fragment[],
  member: MemberSql,
  proposed: ProposedTransactionRow | null,
): SQL {
  const parts = fragments.map((f) => {
    if (typeof f === "string") return sql.raw(f);
    if ("transactions" in f) return transactionsSource(proposed);
    if ("tenant" in f) return tenantSql(scope, f.tenant);
    if ("member" in f) return member(f.member);
    return sql`${f.param}`;
  });
  return sql.join(parts, sql.raw(""));
}

export type Row = Record<string, unknown> & { entity_id: string };

/** Rows by entity id, the columns of every statement merged. */
export async function runCompiled(
  scope: TenantScope,
  query: CompiledQuery,
  member: MemberSql,
  proposed: ProposedTransactionRow | null = null,
): Promise<Map<string, Row>> {
  const statements = query.statements.map((s) => render(scope, s, member, proposed));
  const results =
    statements.length === 1
      ? [await scope.db.all<Row>(statements[0]!)]
      : (await scope.db.batchSql<Row>(statements)).map((r) => r.results);
  const out = new Map<string, Row>();
  for (const rows of results)
    for (const row of rows) out.set(String(row.entity_id), { ...out.get(String(row.entity_id)), ...row });
  return out;
}
