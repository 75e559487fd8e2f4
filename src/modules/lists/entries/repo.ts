import { and, asc, eq, gte, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { listOrder, tablePage } from "../../../db/keyset";
import { type ListRow, listEntries, listHistory, lists } from "../../../db/shard/lists";
import { type Placeholders, statementTemplate } from "../../../db/statement-template";
import { likelyTenantSql, type TenantOf, tenantSql, tenantValue } from "../../../db/tenant-tables";
import { liveListExists, type Page } from "../repo";

// ---- entries (reads) ---------------------------------------------------------------------

/** Values sort as their UTF-8 bytes; U+10FFFF is above every character a prefix can be followed by. */
const PREFIX_END = "\u{10FFFF}";

/** A value is unique within a list, and the list is part of the cursor's filters. */
const entryOrder = listOrder("list-entries", listEntries, { value: "asc" });

export function listEntriesPage(scope: TenantScope, listId: string, prefix: string | undefined, page: Page) {
  const where = [
    eq(listEntries.listId, listId),
    prefix ? and(gte(listEntries.value, prefix), lt(listEntries.value, prefix + PREFIX_END)) : undefined,
  ];
  return tablePage(scope.db, listEntries, entryOrder, { listId, prefix }, where, page);
}

/** Entry values of live lists of `kind` (every list of that kind), each once, sorted. */
/** The distinct values of the tenant's live lists of a kind, ascending, as a statement ({ value } rows). */
const liveValuesOfKindTemplate = statementTemplate((db, kind: ListRow["kind"]) =>
  db
    .selectDistinct({ value: listEntries.value })
    .from(listEntries, eq(lists.kind, kind), isNull(lists.archivedAt))
    .innerJoin(lists, db.on(lists, eq(lists.id, listEntries.listId)))
    .orderBy(asc(listEntries.value)),
);
export const liveValuesOfKindQuery = (scope: TenantScope, kind: ListRow["kind"]) =>
  liveValuesOfKindTemplate(scope, kind, {});

export async function liveValuesOfKind(scope: TenantScope, kind: ListRow["kind"]): Promise<string[]> {
  return (await liveValuesOfKindQuery(scope, kind)).map((r) => r.value);
}

/** A live list's values (empty for an archived or unknown list). */
export async function liveListValues(scope: TenantScope, listId: string): Promise<string[]> {
  const rows = await scope.db
    .select({ value: listEntries.value })
    .from(listEntries, eq(listEntries.listId, listId), liveListExists(scope, listId))
    .orderBy(asc(listEntries.value));
  return rows.map((r) => r.value);
}

const allowlistTemplate = statementTemplate(
  (
    db,
    byIds: boolean,
    p: Placeholders<{ entityType: string; ids: string | null; rules: string; at: string }>,
  ) =>
    db
      .select({ entityId: listEntries.entityId, ruleId: listEntries.ruleId })
      .from(
        listEntries,
        eq(listEntries.entityType, p.entityType),
        byIds ? sql`${listEntries.entityId} IN (SELECT value FROM json_each(${p.ids}))` : undefined,
        sql`(${listEntries.ruleId} IS NULL OR ${listEntries.ruleId} IN (SELECT value FROM json_each(${p.rules})))`,
        sql`${listEntries.expiresAt} > ${p.at}`,
        eq(lists.kind, "allowlist"),
        isNull(lists.archivedAt),
      )
      .innerJoin(lists, db.on(lists, eq(lists.id, listEntries.listId))),
);

/** Unexpired entries of live allowlists naming entities of `entityType`, for rule ids or every rule. */
export function allowlistMatches(
  scope: TenantScope,
  query: { entityType: string; entityIds?: string[]; ruleIds: string[]; at: string },
) {
  const values = { entityType: query.entityType, rules: JSON.stringify(query.ruleIds), at: query.at };
  return query.entityIds
    ? allowlistTemplate(scope, true, { ...values, ids: JSON.stringify(query.entityIds) })
    : allowlistTemplate(scope, false, { ...values, ids: null });
}

/**
 * `EXISTS` an entry equal to `value` (a SQL expression of the caller's query) in the live list
 * `listId`, unexpired at `at`. The (tenant_id, list_id, value) unique index answers it.
 */
export const membershipSql = (scope: TenantOf, listId: string, value: SQL, at: string): SQL =>
  sql`EXISTS (SELECT 1 FROM list_entries list_member WHERE ${tenantSql(scope, "list_member")}
    AND list_member.list_id = ${listId} AND list_member.value = ${value}
    AND (list_member.expires_at IS NULL OR list_member.expires_at > ${at})
    AND ${liveListExists(scope, listId, "list_member_live")})`;

// ---- entries (writes) --------------------------------------------------------------------

/** One entry to insert, with the ids chosen by the service (the history row's too). */
export interface EntryToInsert {
  id: string;
  historyId: string;
  value: string;
  originalValue: string;
  entityType: string | null;
  entityId: string | null;
  ruleId: string | null;
  expiresAt: string | null;
  note: string | null;
}

export interface WriteMeta {
  actorType: string;
  actorId: string;
  requestId: string;
  at: string;
}

const field = (name: string, alias = "j") => sql.raw(`json_extract(${alias}.value, '$.${name}')`);

const entryDetails = (alias: string) =>
  sql.raw(`json_object('originalValue', ${alias}.original_value, 'entityType', ${alias}.entity_type,
    'entityId', ${alias}.entity_id, 'ruleId', ${alias}.rule_id, 'expiresAt', ${alias}.expires_at,
    'note', ${alias}.note)`);

/** The history rows of the entries of `json` that are stored (each looked up by id: likelyTenantSql). */
export const addedHistoryRows = (scope: TenantScope, listId: string, json: string, meta: WriteMeta) =>
  sql`SELECT ${field("historyId")}, ${tenantValue(scope)}, ${listId}, 'entry.added', ${meta.actorType},
      ${meta.actorId}, added.id, added.value, ${entryDetails("added")}, ${meta.requestId}, ${meta.at}
    FROM json_each(${json}) AS j
    JOIN list_entries added ON ${likelyTenantSql(scope, "added")} AND added.id = ${field("id")}`;

/**
 * Adds a batch atomically, in one db.batch: the entries already present (idempotent: no second
 * row), the insert of the others while the list is live and stays within `cap` entries (all or
 * nothing), and one history row per inserted entry. Rows travel as ONE JSON parameter expanded
 * with json_each, so each statement binds a handful of parameters whatever the batch size.
 */
export async function addEntries(
  scope: TenantScope,
  listId: string,
  rows: EntryToInsert[],
  meta: WriteMeta,
  cap: number,
) {
  const json = JSON.stringify(rows);
  const existing = scope.db
    .select()
    .from(
      listEntries,
      eq(listEntries.listId, listId),
      sql`${listEntries.value} IN (SELECT json_extract(value, '$.value') FROM json_each(${json}))`,
    );
  const fresh = sql`(SELECT count(*) FROM json_each(${json}) AS fresh WHERE NOT EXISTS (
    SELECT 1 FROM list_entries dup WHERE ${tenantSql(scope, "dup")} AND dup.list_id = ${listId}
      AND dup.value = ${field("value", "fresh")}))`;
  const held = sql`(SELECT count(*) FROM list_entries held WHERE ${tenantSql(scope, "held")}
    AND held.list_id = ${listId})`;
  const insert = scope.db
    .insert(listEntries)
    .select(
      sql`SELECT ${field("id")}, ${tenantValue(scope)}, ${listId}, ${field("value")}, ${field("originalValue")},
          ${field("entityType")}, ${field("entityId")}, ${field("ruleId")}, ${field("expiresAt")}, ${field("note")},
          ${meta.actorId}, ${meta.at}
        FROM json_each(${json}) AS j
        WHERE ${liveListExists(scope, listId)} AND ${held} + ${fresh} <= ${cap}`,
    )
    .onConflictDoNothing({ target: [listEntries.tenantId, listEntries.listId, listEntries.value] })
    .returning();
  const history = scope.db.insert(listHistory).select(addedHistoryRows(scope, listId, json, meta));
  const [before, inserted] = await scope.db.batch([existing, insert, history]);
  return { existing: before, inserted };
}

/**
 * Removes one entry of a live list and appends its history row, atomically: the history
 * insert copies the row before the delete removes it. True when an entry was removed.
 */
export async function removeEntry(
  scope: TenantScope,
  listId: string,
  entryId: string,
  historyId: string,
  meta: WriteMeta,
): Promise<boolean> {
  const target = (alias: string) =>
    sql`${tenantSql(scope, alias)} AND ${sql.identifier(alias)}.id = ${entryId}
      AND ${sql.identifier(alias)}.list_id = ${listId} AND ${liveListExists(scope, listId)}`;
  const history = scope.db.insert(listHistory).select(
    sql`SELECT ${historyId}, ${tenantValue(scope)}, ${listId}, 'entry.removed', ${meta.actorType}, ${meta.actorId},
        gone.id, gone.value, ${entryDetails("gone")}, ${meta.requestId}, ${meta.at}
      FROM list_entries gone WHERE ${target("gone")}`,
  );
  const remove = scope.db
    .delete(listEntries)
    .where(eq(listEntries.id, entryId), eq(listEntries.listId, listId), liveListExists(scope, listId));
  const [, removed] = await scope.db.batch([history, remove]);
  return ((removed as unknown as D1Result).meta?.changes ?? 0) > 0;
}
