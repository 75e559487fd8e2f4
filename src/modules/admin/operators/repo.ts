import { and, count, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { ControlDb } from "../../../db/client";
import { type OperatorTokenRow, operatorTokens } from "../../../db/control-schema";
import { keysetPage, listOrder, type PageRequest, planned } from "../../../db/keyset";

export const insertToken = (db: ControlDb, row: OperatorTokenRow) => db.insert(operatorTokens).values(row);

export const tokensByPrefix = (db: ControlDb, prefix: string) =>
  db.select().from(operatorTokens).where(eq(operatorTokens.prefix, prefix));

export const findToken = (db: ControlDb, id: string) =>
  db.select().from(operatorTokens).where(eq(operatorTokens.id, id)).get();

/** Chains are short (an operator makes a token for a colleague); the cap only stops a cycle. */
const MAX_DEPTH = 64;

/**
 * Whether a token up the created_by chain of `id` (not `id` itself) is revoked: the check at
 * authentication that holds even for a child made while its parent's revocation was running.
 */
export async function ancestorRevoked(db: ControlDb, id: string): Promise<boolean> {
  const row = await db.get<{ revoked: number }>(sql`
    WITH RECURSIVE chain(id, created_by, revoked_at, depth) AS (
      SELECT id, created_by, revoked_at, 0 FROM operator_tokens WHERE id = ${id}
      UNION ALL
      SELECT t.id, t.created_by, t.revoked_at, c.depth + 1
      FROM operator_tokens t JOIN chain c ON t.id = c.created_by
      WHERE c.depth < ${MAX_DEPTH}
    )
    SELECT count(*) AS revoked FROM chain WHERE depth > 0 AND revoked_at IS NOT NULL`);
  return (row?.revoked ?? 0) > 0;
}

/** The token and every live token below it on the created_by chain, the token first. */
export const liveLineage = (db: ControlDb, id: string) =>
  db
    .select()
    .from(operatorTokens)
    .where(
      and(
        isNull(operatorTokens.revokedAt),
        sql`${operatorTokens.id} IN (
          WITH RECURSIVE lineage(id, depth) AS (
            SELECT ${id}, 0
            UNION
            SELECT t.id, l.depth + 1 FROM operator_tokens t JOIN lineage l ON t.created_by = l.id
            WHERE l.depth < ${MAX_DEPTH}
          ) SELECT id FROM lineage)`,
      ),
    )
    .orderBy(operatorTokens.createdAt, operatorTokens.id);

/** Only a live token is revoked, so the audit entry after it (onlyIfChanged) is written once. */
export const revokeToken = (db: ControlDb, id: string, at: string) =>
  db
    .update(operatorTokens)
    .set({ revokedAt: at })
    .where(and(eq(operatorTokens.id, id), isNull(operatorTokens.revokedAt)));

/** Stamps the use unless one was stamped since `staleBefore`: at most one write a minute. */
export const touchToken = (db: ControlDb, id: string, at: string, staleBefore: string) =>
  db
    .update(operatorTokens)
    .set({ lastUsedAt: at })
    .where(
      and(
        eq(operatorTokens.id, id),
        or(isNull(operatorTokens.lastUsedAt), lt(operatorTokens.lastUsedAt, staleBefore)),
      ),
    );

const tokenOrder = listOrder("operator-tokens", operatorTokens, { createdAt: "desc", id: "desc" });

export const listTokens = (db: ControlDb, page: PageRequest) =>
  keysetPage(tokenOrder, {}, page, {
    rows: (plan) => planned(db.select().from(operatorTokens).where(plan.after), plan),
    count: async () => (await db.select({ total: count() }).from(operatorTokens).get())?.total ?? 0,
  });
