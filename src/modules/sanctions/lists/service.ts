/**
 * Sanctions lists in the control database (docs/methodology/sanctions.md#lists): an operator loads
 * a file of an official format; the load is a version (publication date, SHA-256 of the file)
 * stored as a diff against the list as it stood.
 */
import { controlDb } from "../../../db/client";
import { runDeferredD1 } from "../../../db/deferred-batch";
import { isUniqueViolation } from "../../../db/unique-violation";
import { sha256Hex } from "../../../lib/crypto";
import { badRequest, conflict, notFound } from "../../../lib/errors";
import { type OperatorContext, operatorAuditInsert } from "../../audit/service";
import { diffEntries, entryText } from "../domain/diff";
import { ScreeningIndex } from "../domain/match";
import { type ListFormat, ListFormatError, parseList } from "../domain/parsers";
import type { SanctionsEntry } from "../domain/types";
import { dropListFile, readListFile } from "../uploads/service";
import * as repo from "./system-repo";

export interface LoadListInput {
  name?: string;
  format: ListFormat;
  publicationDate?: string;
  /** The file's text, or (uploadId) a file uploaded first (uploads/service.ts): exactly one. */
  content?: string;
  uploadId?: string;
}

export interface ListView {
  id: string;
  name: string;
  format: ListFormat;
  currentVersion: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface VersionView {
  listId: string;
  version: number;
  publishedAt: string;
  sha256: string;
  entryCount: number;
  added: number;
  changed: number;
  removed: number;
  loadedAt: string;
  loadedBy: string;
}

const presentVersion = (v: repo.VersionRow): VersionView => ({ ...v });

/**
 * Loads `input.content`, or the upload `input.uploadId` (removed once read into a version or found
 * the same as the current one), as the next version of list `listId` (created on its first load). The same
 * file as the current version changes nothing and answers that version (`created: false`); a
 * publication older than the current one is a conflict. One batch writes the entries, the diff,
 * the version and the audit entry.
 */
export async function loadListVersion(
  op: OperatorContext,
  listId: string,
  input: LoadListInput,
): Promise<{ version: VersionView; created: boolean }> {
  const db = controlDb(op.env);
  const list = await repo.findList(db, listId);
  if (list && list.format !== input.format) {
    throw badRequest(`list ${listId} is loaded in the format ${list.format}`, [
      { path: "format", message: `must be ${list.format}` },
    ]);
  }
  const file = input.uploadId
    ? await readListFile(op.env, input.uploadId)
    : { text: input.content ?? "", sha256: await sha256Hex(input.content ?? "") };
  const loaded = await loadText(op, listId, input, list, file);
  if (input.uploadId) await dropListFile(op.env, input.uploadId);
  return loaded;
}

async function loadText(
  op: OperatorContext,
  listId: string,
  input: LoadListInput,
  list: repo.ListRow | undefined,
  { text, sha256 }: { text: string; sha256: string },
): Promise<{ version: VersionView; created: boolean }> {
  const db = controlDb(op.env);
  const current = list?.currentVersion ? await repo.findVersion(db, listId, list.currentVersion) : undefined;
  if (current && current.sha256 === sha256) return { version: presentVersion(current), created: false };

  let parsed: ReturnType<typeof parseList>;
  try {
    parsed = parseList(input.format, text);
  } catch (err) {
    if (err instanceof ListFormatError)
      throw badRequest(err.message, [
        { path: input.uploadId ? "uploadId" : "content", message: err.message },
      ]);
    throw err;
  }
  const publishedAt = input.publicationDate ?? parsed.publishedAt;
  if (!publishedAt) {
    throw badRequest(`a ${input.format} file states no publication date`, [
      { path: "publicationDate", message: "required: the file states no publication date" },
    ]);
  }
  if (current && publishedAt < current.publishedAt) {
    throw conflict(
      `version ${current.version} of ${listId} was published ${current.publishedAt}, after ${publishedAt}`,
    );
  }

  const stored = await Promise.all(
    parsed.entries.map(async (entry) => {
      const data = entryText(entry);
      return { ref: entry.ref, hash: (await sha256Hex(data)).slice(0, 32), data: JSON.stringify(entry) };
    }),
  );
  const before = new Map((list ? await repo.liveHashes(db, listId) : []).map((r) => [r.ref, r.hash]));
  const diff = diffEntries(before, new Map(stored.map((s) => [s.ref, s.hash])));
  const touched = new Set([...diff.added, ...diff.changed]);
  const at = op.clock.now().toISOString();
  const version: repo.VersionRow = {
    listId,
    version: (list?.currentVersion ?? 0) + 1,
    publishedAt,
    sha256,
    entryCount: stored.length,
    added: diff.added.length,
    changed: diff.changed.length,
    removed: diff.removed.length,
    loadedAt: at,
    loadedBy: `${op.actor.type}:${op.actor.id}`,
  };
  const changes = [
    ...diff.added.map((ref) => ({ ref, change: "added" as const })),
    ...diff.changed.map((ref) => ({ ref, change: "changed" as const })),
    ...diff.removed.map((ref) => ({ ref, change: "removed" as const })),
  ];
  const statements = repo.versionStatements(
    db,
    op.env.CONTROL_DB,
    { id: listId, name: input.name ?? list?.name ?? listId, format: input.format, exists: Boolean(list), at },
    version,
    stored.filter((s) => touched.has(s.ref)),
    changes,
    diff.removed,
  );
  const audit = operatorAuditInsert(
    op,
    {
      action: "sanctions_list.version_loaded",
      target: { type: "sanctions_list", id: listId },
      before: current
        ? { version: current.version, publishedAt: current.publishedAt, sha256: current.sha256 }
        : null,
      after: {
        version: version.version,
        publishedAt,
        sha256,
        ...(input.uploadId ? { uploadId: input.uploadId } : {}),
        added: version.added,
        changed: version.changed,
        removed: version.removed,
      },
    },
    null,
  );
  try {
    await runDeferredD1(op.env.CONTROL_DB, [...statements, audit]);
  } catch (err) {
    // Two loads of the same list at once: the second's version row collides with the first's.
    if (isUniqueViolation(err)) throw conflict(`another version of ${listId} was loaded meanwhile`);
    throw err;
  }
  return { version: presentVersion(version), created: true };
}

const presentList = (row: repo.ListRow): ListView => ({ ...row, format: row.format as ListFormat });

export async function listLists(op: OperatorContext): Promise<ListView[]> {
  return (await repo.listAll(controlDb(op.env))).map(presentList);
}

export async function listVersions(op: OperatorContext, listId: string): Promise<VersionView[]> {
  const db = controlDb(op.env);
  if (!(await repo.findList(db, listId))) throw notFound("Sanctions list");
  return (await repo.versionsOf(db, listId)).map(presentVersion);
}

/** The diff a version made: its version row and the references added, changed and removed. */
export async function versionChanges(op: OperatorContext, listId: string, version: number) {
  const db = controlDb(op.env);
  const row = await repo.findVersion(db, listId, version);
  if (!row) throw notFound("Sanctions list version");
  const changes = await repo.changesOf(db, listId, version);
  const of = (kind: string) => changes.filter((c) => c.change === kind).map((c) => c.ref);
  return { version: presentVersion(row), added: of("added"), changed: of("changed"), removed: of("removed") };
}

/** Every list that exists, by id (a tenant's subscriptions name only these). */
export async function existingLists(env: OperatorContext["env"], ids: string[]): Promise<ListView[]> {
  return (await repo.listsByIds(controlDb(env), ids)).map(presentList);
}

/** The live entries of a list as of its current version, with their hashes. */
export async function currentEntries(
  env: OperatorContext["env"],
  listId: string,
): Promise<{ entry: SanctionsEntry; hash: string }[]> {
  const rows = await repo.liveEntries(controlDb(env), listId);
  return rows.map((r) => ({ entry: JSON.parse(r.data) as SanctionsEntry, hash: r.hash }));
}

/** A list entry with the list it is on and its hash (a hit names both; a false positive holds the hash). */
export type ListedEntry = SanctionsEntry & { listId: string; hash: string };

/** Per isolate: the index of a set of lists at their current versions, rebuilt when any changes. */
const indexes = new Map<string, { versions: string; index: ScreeningIndex<ListedEntry> }>();

/**
 * The screening index over the current versions of `listIds` (lists not loaded are skipped). Built
 * from the control database once per isolate and set of versions: a list of 50,000 entries
 * takes about a second to read and index, then every screening reuses it.
 */
export async function screeningIndex(
  env: OperatorContext["env"],
  listIds: readonly string[],
): Promise<{ index: ScreeningIndex<ListedEntry>; versions: Record<string, number> }> {
  const lists = (await existingLists(env, [...listIds])).filter((l) => l.currentVersion !== null);
  const versions = Object.fromEntries(lists.map((l) => [l.id, l.currentVersion as number]));
  const key = [...listIds].sort().join(",");
  const stamp = JSON.stringify(Object.entries(versions).sort());
  const cached = indexes.get(key);
  if (cached && cached.versions === stamp) return { index: cached.index, versions };
  const entries = (
    await Promise.all(
      lists.map(async (l) =>
        (await currentEntries(env, l.id)).map(({ entry, hash }) => ({ ...entry, listId: l.id, hash })),
      ),
    )
  ).flat();
  const index = new ScreeningIndex<ListedEntry>(entries);
  if (indexes.size >= 16) indexes.delete(indexes.keys().next().value as string);
  indexes.set(key, { versions: stamp, index });
  return { index, versions };
}

/** The entries a version added or changed (live now), for a rescreen against the book. */
export async function changedEntries(
  env: OperatorContext["env"],
  listId: string,
  version: number,
): Promise<ListedEntry[]> {
  const db = controlDb(env);
  const refs = (await repo.changesOf(db, listId, version))
    .filter((c) => c.change !== "removed")
    .map((c) => c.ref);
  const out: ListedEntry[] = [];
  for (let i = 0; i < refs.length; i += 90) {
    const rows = await repo.entriesByRefs(db, listId, refs.slice(i, i + 90));
    for (const r of rows)
      if (r.removedIn === null) out.push({ ...(JSON.parse(r.data) as SanctionsEntry), listId, hash: r.hash });
  }
  return out;
}
