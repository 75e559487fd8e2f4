import { type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../../db/client";
import { jsonRowsInsert } from "../../../../db/json-rows";
import {
  type FraudCaseEventRow,
  type FraudCaseHeadRow,
  type FraudCaseRow,
  fraudCaseEvents,
  fraudCaseHeads,
  fraudCases,
} from "../../../../db/shard/fraud";
import { tenantSql } from "../../../../db/tenant-tables";
import { jsonArrayChunks } from "../../../../lib/json-chunks";

/** A new case's immutable row, its `created` event and its head, built in memory. */
export interface NewCaseRecords {
  row: FraudCaseRow;
  event: FraudCaseEventRow;
  /** Entries chained after `created` in the opening batch (the head is then the last's). */
  more?: FraudCaseEventRow[];
  head: FraudCaseHeadRow;
}

/** The newest non-closed case of each (entity type, entity id), in one statement per ~80 KB of pairs. */
export async function openCaseIds(
  scope: TenantScope,
  pairs: ReadonlyArray<readonly [string, string]>,
): Promise<Array<{ entityType: string; entityId: string; caseId: string }>> {
  // `+` keeps the sort off fraud_case_heads_list_idx, whose order would make the planner walk the
  // tenant's heads instead of seeking each entity on fraud_case_heads_entity_idx.
  const found = await Promise.all(
    jsonArrayChunks(pairs).map((chunk) =>
      scope.db.all<{ entityType: string; entityId: string; caseId: string }>(sql`
        SELECT h.entity_type AS entityType, h.entity_id AS entityId, h.case_id AS caseId
        FROM fraud_case_heads h
        WHERE ${tenantSql(scope, "h")} AND h.current_status NOT LIKE 'closed_%'
          AND (h.entity_type, h.entity_id) IN
            (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(${chunk}))
        ORDER BY +h.created_at DESC`),
    ),
  );
  // Newest first: the first seen per entity is the one findOpenCaseId answers.
  const seen = new Set<string>();
  return found.flat().filter((c) => {
    const key = `${c.entityType}\u0000${c.entityId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * createCaseStatements set-based, each case only if its entity has no non-closed case when the
 * batch runs (so a case opened meanwhile, e.g. by evaluate-and-create, is never doubled): the
 * rows, then the events and heads of the rows that were inserted (their fresh ids exist only then).
 */
export function openCasesStatements(scope: TenantScope, cases: readonly NewCaseRecords[]): SQL[] {
  const inserted = (id: SQL) =>
    sql`EXISTS (SELECT 1 FROM fraud_cases c WHERE ${tenantSql(scope, "c")} AND c.id = ${id})`;
  return [
    ...jsonRowsInsert(
      scope,
      fraudCases,
      cases.map((c) => c.row),
      {
        skipConflicts: true,
        where: (f) => sql`NOT EXISTS (SELECT 1 FROM fraud_case_heads h WHERE ${tenantSql(scope, "h")}
          AND h.entity_type = ${f("entityType")} AND h.entity_id = ${f("entityId")}
          AND h.current_status NOT LIKE 'closed_%')`,
      },
    ),
    ...jsonRowsInsert(
      scope,
      fraudCaseEvents,
      cases.flatMap((c) => [c.event, ...(c.more ?? [])]),
      { where: (f) => inserted(f("caseId")) },
    ),
    ...jsonRowsInsert(
      scope,
      fraudCaseHeads,
      cases.map((c) => c.head),
      { where: (f) => inserted(f("caseId")) },
    ),
  ];
}
