import { type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../../db/client";
import { jsonRowsInsert } from "../../../../db/json-rows";
import { amlCaseHistory } from "../../../../db/shard/aml";
import { likelyTenantSql, tenantSql } from "../../../../db/tenant-tables";
import { jsonArrayChunks } from "../../../../lib/json-chunks";
import type { Anchor } from "../../../cases/domain/anchor";
import type { NewHistory } from "../../repo";

/** A case's status and the head of its history (null: a case with no entry, which never happens). */
export interface CaseHead {
  caseId: string;
  status: string;
  sequence: number | null;
  hash: string | null;
}

/** The heads of the given cases, in one statement (the projection's event_count names the head). */
export async function headsOf(scope: TenantScope, caseIds: readonly string[]): Promise<CaseHead[]> {
  const found = await Promise.all(
    jsonArrayChunks(caseIds).map((chunk) =>
      scope.db.all<CaseHead>(sql`SELECT c.id AS caseId, c.status, h.sequence, h.hash
        FROM aml_cases c
        LEFT JOIN aml_case_history h ON ${tenantSql(scope, "h")} AND h.case_id = c.id
          AND h.sequence = c.event_count
        WHERE ${likelyTenantSql(scope, "c")} AND c.id IN (SELECT value FROM json_each(${chunk}))`),
    ),
  );
  return found.flat();
}

/** An entry to append after the head it was built on, and the anchor of the head it makes. */
export interface ChainedAppend {
  entry: NewHistory;
  anchor: Anchor;
}

/**
 * Many cases' next entries in one batch, each guarded in the statement: inserted only if its
 * case's head is still the one it was built on (same sequence and hash, same status) when the
 * batch runs. A case another writer appended to meanwhile is skipped, not refused, so one lost
 * race does not abort the others (the chain trigger would). Each anchor moves only with its
 * own entry.
 */
export function appendStatements(scope: TenantScope, appends: readonly ChainedAppend[]): SQL[] {
  if (appends.length === 0) return [];
  const anchors = jsonArrayChunks(
    appends.map((a) => [a.entry.caseId, a.entry.id, a.anchor.anchor, a.anchor.keyId]),
  );
  return [
    ...jsonRowsInsert(
      scope,
      amlCaseHistory,
      appends.map((a) => a.entry),
      {
        where: (f) => sql`EXISTS (SELECT 1 FROM aml_cases c
            WHERE ${tenantSql(scope, "c")} AND c.id = ${f("caseId")}
              AND c.event_count = ${f("sequence")} - 1 AND c.status = ${f("fromStatus")})
          AND ${f("previousHash")} = (SELECT p.hash FROM aml_case_history p
            WHERE ${tenantSql(scope, "p")} AND p.case_id = ${f("caseId")} AND p.sequence = ${f("sequence")} - 1)
          AND NOT EXISTS (SELECT 1 FROM aml_case_history n
            WHERE ${tenantSql(scope, "n")} AND n.case_id = ${f("caseId")} AND n.sequence >= ${f("sequence")})`,
      },
    ),
    ...anchors.map(
      (chunk) => sql`UPDATE aml_cases SET head_anchor = json_extract(a.value, '$[2]'),
          head_anchor_key_id = json_extract(a.value, '$[3]')
        FROM json_each(${chunk}) a
        WHERE ${likelyTenantSql(scope, "aml_cases")} AND aml_cases.id = json_extract(a.value, '$[0]')
          AND EXISTS (SELECT 1 FROM aml_case_history e
            WHERE ${tenantSql(scope, "e")} AND e.id = json_extract(a.value, '$[1]'))`,
    ),
  ];
}

/** Which of the given entry ids are stored. */
export async function storedEntryIds(scope: TenantScope, ids: readonly string[]): Promise<Set<string>> {
  const found = await Promise.all(
    jsonArrayChunks(ids).map((chunk) =>
      scope.db.all<{ id: string }>(sql`SELECT e.id FROM aml_case_history e
        WHERE ${likelyTenantSql(scope, "e")} AND e.id IN (SELECT value FROM json_each(${chunk}))`),
    ),
  );
  return new Set(found.flat().map((r) => r.id));
}
