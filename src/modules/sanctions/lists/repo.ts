import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ControlDb } from "../../../db/client";
import { sanctionsEntries, sanctionsEntryChanges, sanctionsLists, sanctionsListVersions } from "../../../db/control-schema";

export type ListRow = typeof sanctionsLists.$inferSelect;
export type VersionRow = typeof sanctionsListVersions.$inferSelect;

export const listAll = (db: ControlDb) => db.select().from(sanctionsLists).orderBy(asc(sanctionsLists.id));

export const findList = (db: ControlDb, id: string) =>
  db.select().from(sanctionsLists).where(eq(sanctionsLists.id, id)).get();

export const listsByIds = (db: ControlDb, ids: string[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.select().from(sanctionsLists).where(inArray(sanctionsLists.id, ids));

export const findVersion = (db: ControlDb, listId: string, version: number) =>
  db
    .select()
    .from(sanctionsListVersions)
    .where(and(eq(sanctionsListVersions.listId, listId), eq(sanctionsListVersions.version, version)))
    .get();

export const versionsOf = (db: ControlDb, listId: string) =>
  db
    .select()
    .from(sanctionsListVersions)
    .where(eq(sanctionsListVersions.listId, listId))
    .orderBy(desc(sanctionsListVersions.version));

/** The live entries' references and hashes. */
export const liveHashes = (db: ControlDb, listId: string) =>
  db
    .select({ ref: sanctionsEntries.ref, hash: sanctionsEntries.entryHash })
    .from(sanctionsEntries)
    .where(and(eq(sanctionsEntries.listId, listId), isNull(sanctionsEntries.removedIn)));

/** The live entries' stored JSON. */
export const liveEntries = (db: ControlDb, listId: string) =>
  db
    .select({ ref: sanctionsEntries.ref, hash: sanctionsEntries.entryHash, data: sanctionsEntries.data })
    .from(sanctionsEntries)
    .where(and(eq(sanctionsEntries.listId, listId), isNull(sanctionsEntries.removedIn)));

export const changesOf = (db: ControlDb, listId: string, version: number) =>
  db
    .select({ ref: sanctionsEntryChanges.ref, change: sanctionsEntryChanges.change })
    .from(sanctionsEntryChanges)
    .where(and(eq(sanctionsEntryChanges.listId, listId), eq(sanctionsEntryChanges.version, version)))
    .orderBy(asc(sanctionsEntryChanges.ref));

/** Entries of these references (live or removed), for a rescreen's diff. */
export const entriesByRefs = (db: ControlDb, listId: string, refs: string[]) =>
  db
    .select({ ref: sanctionsEntries.ref, hash: sanctionsEntries.entryHash, data: sanctionsEntries.data, removedIn: sanctionsEntries.removedIn })
    .from(sanctionsEntries)
    .where(and(eq(sanctionsEntries.listId, listId), inArray(sanctionsEntries.ref, refs)));

export interface StoredEntry {
  ref: string;
  hash: string;
  data: string;
}

/**
 * The statements that write a version: upserts of the added and changed entries (rows passed as
 * one JSON parameter per chunk), the removals, the diff rows, the version row and the list's
 * pointer. Run in one batch with its audit entry: a version exists with all its rows or not at all.
 */
export function versionStatements(
  db: ControlDb,
  list: { id: string; name: string; format: string; exists: boolean; at: string },
  version: VersionRow,
  upserts: StoredEntry[],
  changes: { ref: string; change: "added" | "changed" | "removed" }[],
  removed: string[],
): BatchItem<"sqlite">[] {
  const out: BatchItem<"sqlite">[] = [];
  out.push(
    list.exists
      ? db.update(sanctionsLists).set({ currentVersion: version.version, updatedAt: list.at }).where(eq(sanctionsLists.id, list.id))
      : db.insert(sanctionsLists).values({
          id: list.id,
          name: list.name,
          format: list.format,
          currentVersion: version.version,
          createdAt: list.at,
          updatedAt: list.at,
        }),
  );
  out.push(db.insert(sanctionsListVersions).values(version));
  for (const part of chunks(upserts, 200)) {
    out.push(
      db.run(
        sql`INSERT INTO sanctions_entries (list_id, ref, entry_hash, data, version, removed_in)
            SELECT ${list.id}, j.value ->> '$.ref', j.value ->> '$.hash', j.value ->> '$.data', ${version.version}, NULL
            FROM json_each(${JSON.stringify(part)}) AS j WHERE true
            ON CONFLICT (list_id, ref) DO UPDATE SET entry_hash = excluded.entry_hash, data = excluded.data,
              version = excluded.version, removed_in = NULL`,
      ),
    );
  }
  for (const part of chunks(removed, 1000)) {
    out.push(
      db.run(
        sql`UPDATE sanctions_entries SET removed_in = ${version.version}
            WHERE list_id = ${list.id} AND ref IN (SELECT value FROM json_each(${JSON.stringify(part)}))`,
      ),
    );
  }
  for (const part of chunks(changes, 1000)) {
    out.push(
      db.run(
        sql`INSERT INTO sanctions_entry_changes (list_id, version, ref, change)
            SELECT ${list.id}, ${version.version}, j.value ->> '$.ref', j.value ->> '$.change'
            FROM json_each(${JSON.stringify(part)}) AS j`,
      ),
    );
  }
  return out;
}

function chunks<T>(xs: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}
