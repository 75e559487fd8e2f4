import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { ControlDb } from "../../../db/client";
import { type OperatorTokenRow, operatorTokens } from "../../../db/control-schema";

export const insertToken = (db: ControlDb, row: OperatorTokenRow) => db.insert(operatorTokens).values(row);

export const tokensByPrefix = (db: ControlDb, prefix: string) =>
  db.select().from(operatorTokens).where(eq(operatorTokens.prefix, prefix));

export const findToken = (db: ControlDb, id: string) =>
  db.select().from(operatorTokens).where(eq(operatorTokens.id, id)).get();

/** Only a live token is revoked, so the audit entry after it (onlyIfChanged) is written once. */
export const revokeToken = (db: ControlDb, id: string, at: string) =>
  db
    .update(operatorTokens)
    .set({ revokedAt: at })
    .where(and(eq(operatorTokens.id, id), isNull(operatorTokens.revokedAt)));

export async function listTokens(db: ControlDb, limit: number, offset: number) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(operatorTokens)
      .orderBy(desc(operatorTokens.createdAt), desc(operatorTokens.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(operatorTokens),
  ]);
  return { rows, total };
}
