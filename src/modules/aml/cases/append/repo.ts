import { sql } from "drizzle-orm";
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

/**
 * One case's next entries (a monitoring page's hits on it), in order, and the anchor of the last,
 * in one batch: one statement for the entries however many (the chain trigger checks each row
 * against the head, the row before it included), one for the anchor. Run by the case's object,
 * in the case's order, so the head it was built on is the head; a refusal is thrown.
 */
export async function appendEntries(
  scope: TenantScope,
  entries: ReadonlyArray<NewHistory & { sequence: number }>,
  anchor: Anchor,
): Promise<void> {
  const last = entries.at(-1);
  if (!last) return;
  await scope.db.batchSql([
    ...jsonRowsInsert(scope, amlCaseHistory, entries),
    sql`UPDATE aml_cases SET head_anchor = ${anchor.anchor}, head_anchor_key_id = ${anchor.keyId}
      WHERE ${tenantSql(scope)} AND id = ${last.caseId} AND event_count = ${last.sequence}`,
  ]);
}
