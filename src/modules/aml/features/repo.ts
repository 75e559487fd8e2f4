import { type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { tenantSql } from "../../../db/tenant-tables";
import { ALL_FAMILIES, type Family, type FeatureRow, featuresFromRows } from "../domain/feature-rows";
import type { EntityFeatures } from "../domain/features";
import { ENTITY_KEY, FAMILIES, type FeatureQuery, int } from "./families/repo";

export type { Family } from "../domain/feature-rows";
export type { FeatureQuery, KeyRange } from "./families/repo";

/**
 * Set-based features: the five rule families' SELECTs (families/repo.ts) in one statement, grouped
 * by entity, so one statement serves one entity (evaluate: `entityId`), a page of them (monitoring:
 * `entityIds`) or every entity of the tenant (backtest). Each family answers its columns as one
 * JSON object per entity; the compound SELECT keeps each family's own plan.
 */

/** Thresholds each family reads (the others only enter the decision in domain/). */
export const FAMILY_THRESHOLDS: Record<Family, string[]> = {
  aggregates: ["largeCashAmount", "roundAmountUnit", "crossBorderAmount", "profileWindowDays"],
  structuring: ["largeCashAmount", "structuringBandPercent", "structuringWindowDays"],
  velocity: ["velocityWindowHours"],
  rapid: ["rapidMovementMinAmount", "rapidMovementDays"],
  dormancy: [],
};

function featureStatement(scope: TenantScope, q: FeatureQuery, families: Family[]): SQL {
  const parts = families.map((family) => {
    const { select, columns } = FAMILIES[family];
    const object = sql.raw(columns.map((c) => `'${c}', f.${c}`).join(", "));
    return sql`SELECT ${sql.raw(`'${family}'`)} AS family, f.entity_id AS entity_id, json_object(${object}) AS data
      FROM (${select(scope, q)}) f`;
  });
  return sql.join(parts, sql` UNION ALL `);
}

type FeatureStatementRow = { family: Family; entity_id: string; data: string };

const decodeFeatures = (rows: FeatureStatementRow[], rerun?: Parameters<typeof featuresFromRows>[1]) =>
  featuresFromRows(
    rows.map((r) => ({ family: r.family, entityId: r.entity_id, data: JSON.parse(r.data) }) as FeatureRow),
    rerun,
  );

/**
 * Features of every entity matched by the query (one entity when `entityId` is set). With
 * `rerun`, only the given families are re-queried and laid over copies of the base features
 * (a backtest's trial thresholds usually change one or two families, not all five).
 */
export async function loadFeatures(
  scope: TenantScope,
  q: FeatureQuery,
  rerun?: { base: Map<string, EntityFeatures>; families: Family[] },
): Promise<Map<string, EntityFeatures>> {
  const families = ALL_FAMILIES.filter((f) => !rerun || rerun.families.includes(f));
  if (families.length === 0) return featuresFromRows([], rerun);
  return decodeFeatures(await scope.db.all<FeatureStatementRow>(featureStatement(scope, q, families)), rerun);
}

/** Entities of a type with activity in the window (decides between a sync and a queued backtest). */
export async function countEntities(
  scope: TenantScope,
  q: Pick<FeatureQuery, "entityType" | "windowStart" | "windowEnd">,
): Promise<number> {
  const key = ENTITY_KEY[q.entityType];
  const [row] = await scope.db.all<{ n: number }>(sql`
    SELECT count(DISTINCT ${key}) AS n FROM transactions t
    WHERE ${tenantSql(scope, "t")} AND t.transaction_date >= ${q.windowStart}
      AND t.transaction_date <= ${q.windowEnd} AND ${key} IS NOT NULL`);
  return row?.n ?? 0;
}

/**
 * The next page of entities active in the window, in key order after `after`: how many (at most
 * `size`) and the last key. One statement reading only keys, so a backtest can bound each unit
 * of work to a key range of at most `size` entities instead of scanning the rest every page.
 */
export async function entityPage(
  scope: TenantScope,
  q: Pick<FeatureQuery, "entityType" | "windowStart" | "windowEnd"> & { after?: string; size: number },
): Promise<{ count: number; last: string | null; more: boolean }> {
  const key = ENTITY_KEY[q.entityType];
  const size = Math.max(1, Math.floor(q.size));
  // One key past the page says whether another page follows (no empty last probe).
  const [row] = await scope.db.all<{ n: number; last: string | null }>(sql`
    SELECT count(*) AS n, max(CASE WHEN r <= ${int(size)} THEN e END) AS last FROM (
      SELECT e, row_number() OVER (ORDER BY e) AS r FROM (
        SELECT DISTINCT ${key} AS e FROM transactions t
        WHERE ${tenantSql(scope, "t")} AND t.transaction_date >= ${q.windowStart}
          AND t.transaction_date <= ${q.windowEnd} AND ${key} IS NOT NULL
          ${q.after === undefined ? sql`` : sql`AND ${key} > ${q.after}`}
        ORDER BY 1 LIMIT ${int(size + 1)}))`);
  const n = row?.n ?? 0;
  return { count: Math.min(n, size), last: row?.last ?? null, more: n > size };
}
