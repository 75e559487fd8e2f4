import { and, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { TenantScope } from "../../db/client";
import { countRows, keysetPage, listOrder, type PageRequest, planned, tablePage } from "../../db/keyset";
import {
  type RuleSetDraftRow,
  type RuleSetPublicationRow,
  type RuleSetVersionRow,
  ruleSetDrafts,
  ruleSetHeads,
  ruleSetPublications,
  ruleSetVersions,
} from "../../db/shard/rules";
import { statementTemplate } from "../../db/statement-template";
import { type TenantTable, tenantValue, tenantWhere } from "../../db/tenant-tables";
import type { RuleSetKind } from "./domain/document";

export interface Page {
  limit: number;
  offset: number;
}

/**
 * The heads of the kinds and their live versions in one statement, keyed by kind (no head:
 * nothing published, no legacy values). Evaluations that run fraud and AML read both at once.
 */
const liveTemplate = statementTemplate((db, kinds: readonly RuleSetKind[]) =>
  db
    .select({
      kind: ruleSetHeads.kind,
      liveVersion: ruleSetHeads.liveVersion,
      legacyThresholds: ruleSetHeads.legacyThresholds,
      content: ruleSetVersions.content,
      contentHash: ruleSetVersions.contentHash,
      publishedAt: ruleSetVersions.publishedAt,
    })
    .from(ruleSetHeads, inArray(ruleSetHeads.kind, [...kinds]))
    .leftJoin(
      ruleSetVersions,
      db.on(
        ruleSetVersions,
        eq(ruleSetVersions.kind, ruleSetHeads.kind),
        eq(ruleSetVersions.version, ruleSetHeads.liveVersion),
      ),
    ),
);
export const liveQuery = (scope: TenantScope, kinds: readonly RuleSetKind[]) =>
  liveTemplate(scope, kinds, {});

/** liveQuery's rows by kind. */
export const liveRows = (rows: Awaited<ReturnType<typeof liveQuery>>) =>
  new Map(rows.map(({ kind, ...row }) => [kind as RuleSetKind, row]));

export const readLive = async (scope: TenantScope, kinds: readonly RuleSetKind[]) =>
  liveRows(await liveQuery(scope, kinds));

export async function getDraft(scope: TenantScope, kind: RuleSetKind): Promise<RuleSetDraftRow | undefined> {
  const [row] = await scope.db.select().from(ruleSetDrafts, eq(ruleSetDrafts.kind, kind)).limit(1);
  return row;
}

/**
 * Creates the draft or replaces its content, in one statement (two concurrent first PUTs cannot
 * make two drafts): the revision goes up and the writing key joins the editors once.
 */
export function upsertDraft(scope: TenantScope, row: Omit<RuleSetDraftRow, "tenantId">) {
  return scope.db
    .insert(ruleSetDrafts)
    .values(row)
    .onConflictDoUpdate({
      target: [ruleSetDrafts.tenantId, ruleSetDrafts.kind],
      set: {
        content: sql`excluded.content`,
        contentHash: sql`excluded.content_hash`,
        revision: sql`${ruleSetDrafts.revision} + 1`,
        editors: sql`CASE WHEN EXISTS (SELECT 1 FROM json_each(${ruleSetDrafts.editors}) WHERE value = ${row.updatedBy})
          THEN ${ruleSetDrafts.editors} ELSE json_insert(${ruleSetDrafts.editors}, '$[#]', ${row.updatedBy}) END`,
        updatedBy: sql`excluded.updated_by`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** Deletes the draft; with a revision, only that revision (a publish freezes what it checked). */
export const deleteDraft = (
  scope: TenantScope,
  kind: RuleSetKind,
  exact?: { id: string; revision: number },
) =>
  scope.db
    .delete(ruleSetDrafts)
    .where(
      eq(ruleSetDrafts.kind, kind),
      exact ? and(eq(ruleSetDrafts.id, exact.id), eq(ruleSetDrafts.revision, exact.revision)) : undefined,
    );

/**
 * INSERT ... SELECT <row> WHERE <condition>: the row is written only while the condition holds.
 * The tenant column is the scope's.
 */
function insertWhere<T extends SQLiteTable & TenantTable>(
  scope: TenantScope,
  table: T,
  row: object,
  condition: SQL,
) {
  const selected = sql.join(
    Object.keys(getTableColumns(table)).map((name) => {
      if (name === "tenantId") return tenantValue(scope);
      const value = (row as Record<string, unknown>)[name];
      return sql`${value !== null && typeof value === "object" ? JSON.stringify(value) : (value ?? null)}`;
    }),
    sql`, `,
  );
  return scope.db.insert(table).select(sql`SELECT ${selected} WHERE ${condition}`);
}

/** The draft revision still stored (a concurrent PUT or publish makes this false). */
const draftUnchanged = (scope: TenantScope, draft: { id: string; revision: number }) =>
  sql`EXISTS (SELECT 1 FROM ${ruleSetDrafts} WHERE ${tenantWhere(
    scope,
    ruleSetDrafts,
    eq(ruleSetDrafts.id, draft.id),
    eq(ruleSetDrafts.revision, draft.revision),
  )})`;

const versionWritten = (scope: TenantScope, versionId: string) =>
  sql`EXISTS (SELECT 1 FROM ${ruleSetVersions} WHERE ${tenantWhere(scope, ruleSetVersions, eq(ruleSetVersions.id, versionId))})`;

/**
 * The statements of one publication, for one db.batch (a transaction): the version (only while
 * the draft it freezes is unchanged, when there is one), its log entry and the head move (only
 * if the version was written). UNIQUE(tenant, kind, version) fails the whole batch when a
 * concurrent publication took the number first.
 */
export function publicationStatements(
  scope: TenantScope,
  version: Omit<RuleSetVersionRow, "tenantId">,
  log: Omit<RuleSetPublicationRow, "tenantId">,
  draft?: { id: string; revision: number },
) {
  const written = versionWritten(scope, version.id);
  return [
    insertWhere(scope, ruleSetVersions, version, draft ? draftUnchanged(scope, draft) : sql`1`),
    insertWhere(scope, ruleSetPublications, log, written),
    insertWhere(
      scope,
      ruleSetHeads,
      {
        kind: version.kind,
        liveVersion: version.version,
        legacyThresholds: null,
        updatedAt: version.publishedAt,
      },
      written,
    ).onConflictDoUpdate({
      target: [ruleSetHeads.tenantId, ruleSetHeads.kind],
      set: { liveVersion: sql`excluded.live_version`, updatedAt: sql`excluded.updated_at` },
    }),
  ] as const;
}

export async function getVersion(scope: TenantScope, kind: RuleSetKind, version: number) {
  const [row] = await scope.db
    .select()
    .from(ruleSetVersions, eq(ruleSetVersions.kind, kind), eq(ruleSetVersions.version, version))
    .limit(1);
  return row;
}

const versionOrder = listOrder<typeof ruleSetVersions, Omit<typeof ruleSetVersions.$inferSelect, "content">>(
  "rule-set-versions",
  ruleSetVersions,
  { version: "desc" },
);
/** A version can be published again (a rollback): the id breaks the tie, newest first. */
const publicationOrder = listOrder("rule-set-publications", ruleSetPublications, {
  version: "desc",
  id: "desc",
});

/** Versions are numbered per (tenant, kind), and the kind is part of the cursor's filters. */
export function listVersions(scope: TenantScope, kind: RuleSetKind, page: PageRequest) {
  const { content: _content, ...summary } = getTableColumns(ruleSetVersions);
  const where = eq(ruleSetVersions.kind, kind);
  return keysetPage(versionOrder, { kind }, page, {
    rows: (plan) => planned(scope.db.select(summary).from(ruleSetVersions, where, plan.after), plan),
    count: countRows(scope.db, ruleSetVersions, where),
  });
}

export const listPublications = (scope: TenantScope, kind: RuleSetKind, page: PageRequest) =>
  tablePage(
    scope.db,
    ruleSetPublications,
    publicationOrder,
    { kind },
    [eq(ruleSetPublications.kind, kind)],
    page,
  );
