import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { listEntries, listHistory, lists } from "../../../db/shard/lists";
import { tenantSql, tenantValue } from "../../../db/tenant-tables";
import { insertHistory, type NewHistory, type NewList } from "../repo";

/** Values sort as their UTF-8 bytes; U+10FFFF is above every character that can follow a prefix. */
const PREFIX_END = "\u{10FFFF}";

export type NewEntry = Omit<typeof listEntries.$inferInsert, "tenantId">;
export type Meta = Pick<NewHistory, "actorType" | "actorId" | "requestId" | "createdAt">;

const details = sql.raw(`json_object('originalValue', gone.original_value, 'entityType', gone.entity_type,
    'entityId', gone.entity_id, 'ruleId', gone.rule_id, 'expiresAt', gone.expires_at, 'note', gone.note)`);

/** Removes the system list's entry matching `which` (on alias `gone`), recording the removal first. */
function removal(scope: TenantScope, listId: string, which: SQL, historyId: string, meta: Meta) {
  return [
    scope.db.insert(listHistory).select(
      sql`SELECT ${historyId}, ${tenantValue(scope)}, ${listId}, 'entry.removed', ${meta.actorType},
          ${meta.actorId}, gone.id, gone.value, ${details}, ${meta.requestId}, ${meta.createdAt}
        FROM list_entries gone WHERE ${tenantSql(scope, "gone")} AND gone.list_id = ${listId} AND ${which}`,
    ),
  ] as const;
}

/**
 * The statements of one snooze, for a single db.batch: the list if new (and its history row),
 * the earlier snooze of the same case and rule replaced (its removal recorded), the entry and
 * its history row.
 */
export function snoozeStatements(
  scope: TenantScope,
  input: { list: NewList; listCreated: NewHistory; entry: NewEntry; removedId: string; added: NewHistory },
) {
  const { list, entry } = input;
  const listId = list.id as string;
  return [
    scope.db.insert(lists).values(list).onConflictDoNothing({ target: lists.id }),
    insertHistory(scope, input.listCreated, true),
    ...removal(scope, listId, sql`gone.value = ${entry.value}`, input.removedId, input.added),
    scope.db.delete(listEntries).where(eq(listEntries.listId, listId), eq(listEntries.value, entry.value)),
    scope.db.insert(listEntries).values(entry),
    insertHistory(scope, input.added, false),
  ] as const;
}

/** Entries of the system list whose value starts with `prefix` (one case's snoozes), newest first. */
export const entriesWithPrefix = (scope: TenantScope, listId: string, prefix: string) =>
  scope.db
    .select()
    .from(
      listEntries,
      eq(listEntries.listId, listId),
      and(gte(listEntries.value, prefix), lt(listEntries.value, prefix + PREFIX_END)),
    )
    .orderBy(desc(listEntries.createdAt), desc(listEntries.id));

/** Compensation: removes an entry written moments ago when the case log refused the snooze. */
export async function removeEntry(
  scope: TenantScope,
  listId: string,
  entryId: string,
  historyId: string,
  meta: Meta,
) {
  await scope.db.batch([
    ...removal(scope, listId, sql`gone.id = ${entryId}`, historyId, meta),
    scope.db.delete(listEntries).where(eq(listEntries.listId, listId), eq(listEntries.id, entryId)),
  ]);
}
