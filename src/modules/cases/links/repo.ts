import { and, asc, eq } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { caseLinks } from "../../../db/shard/cases";
import type { End } from "./domain/ends";

export type NewLink = Omit<typeof caseLinks.$inferInsert, "tenantId">;

const isA = (end: End) => and(eq(caseLinks.aKind, end.kind), eq(caseLinks.aId, end.id));
const isB = (end: End) => and(eq(caseLinks.bKind, end.kind), eq(caseLinks.bId, end.id));

export async function findPair(scope: TenantScope, a: End, b: End) {
  const [row] = await scope.db.select().from(caseLinks, isA(a), isB(b)).limit(1);
  return row;
}

/** A link by id, only when `end` is one of its ends (another case's link is absent). */
export async function findLinkOf(scope: TenantScope, linkId: string, end: End) {
  const [row] = await scope.db.select().from(caseLinks, eq(caseLinks.id, linkId)).limit(1);
  if (!row) return undefined;
  const touches =
    (row.aKind === end.kind && row.aId === end.id) || (row.bKind === end.kind && row.bId === end.id);
  return touches ? row : undefined;
}

/**
 * Every link of one end, both directions: one statement per side so each reads its own index
 * (the pair index for the first end, case_links_b_idx for the second); oldest first.
 */
export async function linksOf(scope: TenantScope, end: End) {
  const side = (where: ReturnType<typeof isA>) =>
    scope.db.select().from(caseLinks, where).orderBy(asc(caseLinks.createdAt), asc(caseLinks.id)).limit(500);
  const [asA, asB] = await Promise.all([side(isA(end)), side(isB(end))]);
  return [...asA, ...asB].sort((x, y) =>
    x.createdAt === y.createdAt ? (x.id < y.id ? -1 : 1) : x.createdAt < y.createdAt ? -1 : 1,
  );
}

export const insertLink = (scope: TenantScope, row: NewLink) => scope.db.insert(caseLinks).values(row);

export const deleteLink = (scope: TenantScope, id: string) =>
  scope.db.delete(caseLinks).where(eq(caseLinks.id, id));

/** Deletes the link; false when it was already gone (a concurrent unlink removed it first). */
export async function removeLink(scope: TenantScope, id: string): Promise<boolean> {
  const removed = await scope.db
    .delete(caseLinks)
    .where(eq(caseLinks.id, id))
    .returning({ id: caseLinks.id });
  return removed.length > 0;
}
