import { type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { tenantSql } from "../../../db/tenant-tables";
import { FAILED_STATUSES } from "../../data/read-model";
import type { CompiledQuery, Fragment, ListSource } from "../domain/custom/compile";

/**
 * Runs compiled custom-rule SQL (rules/domain/custom/compile.ts) against the tenant's shard.
 * Text fragments are compiler output built from constants only; values are bound; the tenant
 * predicate comes from tenantSql. Several statements (a very large rule set) run in one
 * db.batch: one round trip, one consistent snapshot.
 */
export const failedStatuses: readonly string[] = FAILED_STATUSES;

/**
 * The lists module's entry table as the compiler reads it (docs/methodology/rules.md#lists):
 * one row per entry with the tenant, the list id and the normalized value.
 */
export const LIST_TABLE: ListSource = {
  table: { name: "list_entries", listColumn: "list_id", valueColumn: "value" },
};

function render(scope: TenantScope, fragments: Fragment[]): SQL {
  const parts = fragments.map((f) =>
    typeof f === "string" ? sql.raw(f) : "tenant" in f ? tenantSql(scope, f.tenant) : sql`${f.param}`,
  );
  return sql.join(parts, sql.raw(""));
}

export type Row = Record<string, unknown> & { entity_id: string };

/** Rows by entity id, the columns of every statement merged. */
export async function runCompiled(scope: TenantScope, query: CompiledQuery): Promise<Map<string, Row>> {
  const statements = query.statements.map((s) => render(scope, s));
  const results =
    statements.length === 1
      ? [await scope.db.all<Row>(statements[0]!)]
      : (await scope.db.batchSql<Row>(statements)).map((r) => r.results);
  const out = new Map<string, Row>();
  for (const rows of results)
    for (const row of rows) out.set(String(row.entity_id), { ...out.get(String(row.entity_id)), ...row });
  return out;
}
