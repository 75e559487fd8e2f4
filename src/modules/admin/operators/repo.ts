import { and, count, eq, isNull } from "drizzle-orm";
import type { ControlDb } from "../../../db/client";
import { type OperatorTokenRow, operatorTokens } from "../../../db/control-schema";
import { keysetPage, listOrder, type PageRequest, planned } from "../../../db/keyset";

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

const tokenOrder = listOrder("operator-tokens", operatorTokens, { createdAt: "desc", id: "desc" });

export const listTokens = (db: ControlDb, page: PageRequest) =>
  keysetPage(tokenOrder, {}, page, {
    rows: (plan) => planned(db.select().from(operatorTokens).where(plan.after), plan),
    count: async () => (await db.select({ total: count() }).from(operatorTokens).get())?.total ?? 0,
  });
