import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { ControlDb } from "../../../db/client";
import {
  sanctionsEntries,
  sanctionsEntryChanges,
  sanctionsLists,
  sanctionsListVersions,
} from "../../../db/control-schema";

export type ListRow = typeof sanctionsLists.$inferSelect;
export type VersionRow = typeof sanctionsListVersions.$inferSelect;

export const listAll = (db: ControlDb) => db.select().from(sanctionsLists).orderBy(asc(sanctionsLists.id));

export const findList = (db: ControlDb, id: string) =>
  db.select().from(sanctionsLists).where(eq(sanctionsLists.id, id)).get();

export const listsByIds = (db: ControlDb, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.select().from(sanctionsLists).where(inArray(sanctionsLists.id, ids));

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
    .select({
      ref: sanctionsEntries.ref,
      hash: sanctionsEntries.entryHash,
      data: sanctionsEntries.data,
      removedIn: sanctionsEntries.removedIn,
    })
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
  d1: D1Database,
  list: { id: string; name: string; format: string; exists: boolean; at: string },
  version: VersionRow,
  upserts: StoredEntry[],
  changes: { ref: string; change: "added" | "changed" | "removed" }[],
  removed: string[],
): D1PreparedStatement[] {
  const out: D1PreparedStatement[] = [];
  const raw = (query: SQL) => {
    const { sql: text, params } = db.all(query).getQuery();
    return d1.prepare(text).bind(...params);
  };
  out.push(
    rawOf(
      d1,
      list.exists
        ? db
            .update(sanctionsLists)
            .set({ currentVersion: version.version, updatedAt: list.at })
            .where(eq(sanctionsLists.id, list.id))
        : db.insert(sanctionsLists).values({
            id: list.id,
            name: list.name,
            format: list.format,
            currentVersion: version.version,
            createdAt: list.at,
            updatedAt: list.at,
          }),
    ),
  );
  out.push(rawOf(d1, db.insert(sanctionsListVersions).values(version)));
  for (const part of chunks(upserts, 200)) {
    out.push(
      raw(
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
      raw(
        sql`UPDATE sanctions_entries SET removed_in = ${version.version}
            WHERE list_id = ${list.id} AND ref IN (SELECT value FROM json_each(${JSON.stringify(part)}))`,
      ),
    );
  }
  for (const part of chunks(changes, 1000)) {
    out.push(
      raw(
        sql`INSERT INTO sanctions_entry_changes (list_id, version, ref, change)
            SELECT ${list.id}, ${version.version}, j.value ->> '$.ref', j.value ->> '$.change'
            FROM json_each(${JSON.stringify(part)}) AS j`,
      ),
    );
  }
  return out;
}

/** A Drizzle statement as a prepared D1 statement, for a batch with raw SQL (Drizzle 0.45 cannot bind raw SQL in a D1 batch). */
export function rawOf(
  d1: D1Database,
  query: { toSQL(): { sql: string; params: unknown[] } },
): D1PreparedStatement {
  const { sql: text, params } = query.toSQL();
  return d1.prepare(text).bind(...params);
}

function chunks<T>(xs: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}
