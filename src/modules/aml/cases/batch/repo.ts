import { type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../../db/client";
import { jsonRowsInsert } from "../../../../db/json-rows";
import { amlCaseHistory, amlCaseSubjects, amlCases } from "../../../../db/shard/aml";
import { likelyTenantSql, tenantSql } from "../../../../db/tenant-tables";
import { jsonArrayChunks } from "../../../../lib/json-chunks";
import type { Anchor } from "../../../cases/domain/anchor";
import { CLOSED_STATUSES, type NewCase, type NewCaseSubject, type NewHistory } from "../../repo";

/** A case to open, built in memory: its row, its `created` entry, its head anchor and its subjects. */
export interface CaseItem {
  row: NewCase;
  created: NewHistory;
  anchor: Anchor;
  /** Entries chained after `created` in the opening batch (the anchor is then the last's). */
  more?: NewHistory[];
  /** A scheme's participants (aml_case_subjects), written only if the case row is. */
  subjects?: NewCaseSubject[];
}

/**
 * repo.openCases set-based (for one batch): the case rows (a row whose rule and entity already
 * have an open case is skipped by the partial unique index), the `created` entries of the rows
 * that were inserted (their fresh ids exist only then), and each new head's anchor.
 */
export function openCasesStatements(scope: TenantScope, items: readonly CaseItem[]): SQL[] {
  if (items.length === 0) return [];
  const anchors = jsonArrayChunks(
    items.map((i) => [i.row.id, i.anchor.anchor, i.anchor.keyId, 1 + (i.more?.length ?? 0)]),
  );
  return [
    ...jsonRowsInsert(
      scope,
      amlCases,
      items.map((i) => i.row),
      { skipConflicts: true },
    ),
    ...jsonRowsInsert(
      scope,
      amlCaseHistory,
      items.flatMap((i) => [i.created, ...(i.more ?? [])]),
      {
        where: (f) =>
          sql`EXISTS (SELECT 1 FROM aml_cases c WHERE ${tenantSql(scope, "c")} AND c.id = ${f("caseId")})`,
      },
    ),
    // A scheme's participants, like the created entry only for a case row that was inserted.
    ...jsonRowsInsert(
      scope,
      amlCaseSubjects,
      items.flatMap((i) => i.subjects ?? []),
      {
        where: (f) =>
          sql`EXISTS (SELECT 1 FROM aml_cases c WHERE ${tenantSql(scope, "c")} AND c.id = ${f("caseId")})`,
        skipConflicts: true,
      },
    ),
    // Changes nothing for a case that was not inserted (its id exists only if it was); the head is
    // its last entry (`created`, or the last chained after it).
    ...anchors.map(
      (chunk) => sql`UPDATE aml_cases SET head_anchor = json_extract(a.value, '$[1]'),
          head_anchor_key_id = json_extract(a.value, '$[2]')
        FROM json_each(${chunk}) a
        WHERE ${likelyTenantSql(scope, "aml_cases")} AND aml_cases.id = json_extract(a.value, '$[0]')
          AND aml_cases.event_count = json_extract(a.value, '$[3]')`,
    ),
  ];
}

export interface OpenCase {
  id: string;
  entityType: string;
  entityId: string;
  ruleId: string;
  status: string;
}

/** The non-closed cases of the given (entity type, entity id, rule) triples, in one statement. */
export async function openCasesOf(
  scope: TenantScope,
  triples: ReadonlyArray<readonly [string, string, string]>,
): Promise<OpenCase[]> {
  // Literals, as aml_cases_open_uq's WHERE states them: SQLite uses a partial index only when the
  // query repeats its condition, and bound values never match it (the plan then walked every case
  // of each rule). Code constants, never input.
  const closed = sql.raw(CLOSED_STATUSES.map((s) => `'${s}'`).join(", "));
  const found = await Promise.all(
    jsonArrayChunks(triples).map((chunk) =>
      scope.db.all<OpenCase>(sql`SELECT c.id, c.entity_type AS entityType, c.entity_id AS entityId,
          c.rule_id AS ruleId, c.status
        FROM aml_cases c
        WHERE ${tenantSql(scope, "c")} AND c.status NOT IN (${closed})
          AND (c.entity_type, c.entity_id, c.rule_id) IN (SELECT json_extract(value, '$[0]'),
            json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(${chunk}))`),
    ),
  );
  return found.flat();
}
