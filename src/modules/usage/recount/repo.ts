import { desc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { controlDb } from "../../../db/client";
import {
  type ObjectFigures,
  type TenantObjectRecountRow,
  tenantObjectRecounts,
  tenantObjectUsage,
} from "../../../db/control-schema";
import { tenantWhere } from "../../../db/tenant-tables";
import type { Env } from "../../../env";
import { OBJECT_KINDS } from "../domain/quota";

/**
 * A tenant's recounts (CONTROL_DB, operator scope) and the one batch that sets its R2 totals to
 * what a recount listed. Every turn saves compare-and-set on `step`.
 */

export const findRecount = (env: Env, tenantId: string, recountId: string) =>
  controlDb(env)
    .select()
    .from(tenantObjectRecounts)
    .where(tenantWhere({ tenantId }, tenantObjectRecounts, eq(tenantObjectRecounts.id, recountId)))
    .get();

export const runningRecount = (env: Env, tenantId: string) =>
  controlDb(env)
    .select()
    .from(tenantObjectRecounts)
    .where(tenantWhere({ tenantId }, tenantObjectRecounts, eq(tenantObjectRecounts.status, "running")))
    .orderBy(desc(tenantObjectRecounts.createdAt))
    .get();

export const insertRecount = (env: Env, row: TenantObjectRecountRow, audit: BatchItem<"sqlite">) => {
  const db = controlDb(env);
  return db.batch([db.insert(tenantObjectRecounts).values(row), audit]);
};

/** The recount row still at the step it was read at: every turn's compare-and-set. */
const atStep = (row: TenantObjectRecountRow) =>
  tenantWhere(
    { tenantId: row.tenantId },
    tenantObjectRecounts,
    eq(tenantObjectRecounts.id, row.id),
    eq(tenantObjectRecounts.step, row.step),
  );

/**
 * The next turn's state, only if no other turn saved since `row.step`; the saved row or
 * undefined. A saved turn starts the next with no failures.
 */
export const saveTurn = (
  env: Env,
  row: TenantObjectRecountRow,
  patch: { cursor: string; pages: number; counted: Record<string, ObjectFigures> },
  at: string,
) =>
  controlDb(env)
    .update(tenantObjectRecounts)
    .set({ ...patch, failures: 0, step: row.step + 1, updatedAt: at })
    .where(atStep(row))
    .returning()
    .get();

/**
 * One more failed attempt of the current turn (step unchanged, so the retried or resumed message
 * still runs it); the row with its new count, or undefined when another turn saved meanwhile.
 */
export const recordFailure = (env: Env, row: TenantObjectRecountRow, error: string, at: string) =>
  controlDb(env)
    .update(tenantObjectRecounts)
    .set({ failures: sql`${tenantObjectRecounts.failures} + 1`, error, updatedAt: at })
    .where(atStep(row))
    .returning()
    .get();

/** The recount gives up (compare-and-set on `step`): failed, its totals untouched; undefined if it moved on. */
export const failRecount = (env: Env, row: TenantObjectRecountRow, error: string, at: string) =>
  controlDb(env)
    .update(tenantObjectRecounts)
    .set({ status: "failed", step: row.step + 1, error, updatedAt: at, finishedAt: at })
    .where(atStep(row))
    .returning()
    .get();

/**
 * The last turn, one batch: the recount succeeds (compare-and-set on `step`, stamping `token`),
 * and every kind's total becomes the listed figure only where that stamp is this turn's, so a
 * duplicate of the last message, whose compare-and-set fails, writes nothing.
 */
export async function applyRecount(
  env: Env,
  row: TenantObjectRecountRow,
  done: { pages: number; counted: Record<string, ObjectFigures>; before: Record<string, ObjectFigures> },
  token: string,
  at: string,
) {
  const db = controlDb(env);
  const won = sql`EXISTS (SELECT 1 FROM tenant_object_recounts WHERE id = ${row.id} AND applied_by = ${token})`;
  const [saved] = await db.batch([
    db
      .update(tenantObjectRecounts)
      .set({
        status: "succeeded",
        step: row.step + 1,
        cursor: null,
        pages: done.pages,
        counted: done.counted,
        totalsBefore: done.before,
        appliedBy: token,
        updatedAt: at,
        finishedAt: at,
      })
      .where(atStep(row))
      .returning(),
    // Written only by the turn that won, inserted as well as updated: a late twin, or a recount
    // whose tenant was deleted meanwhile (its figures gone with it), writes nothing.
    ...OBJECT_KINDS.map((kind) => {
      const figures = done.counted[kind] ?? { objects: 0, bytes: 0 };
      // INSERT ... SELECT takes the columns in declaration order: tenant, kind, objects, bytes, time.
      return db
        .insert(tenantObjectUsage)
        .select(
          sql`SELECT ${row.tenantId}, ${kind}, ${figures.objects}, ${figures.bytes}, ${at} WHERE ${won}`,
        )
        .onConflictDoUpdate({
          target: [tenantObjectUsage.tenantId, tenantObjectUsage.kind],
          set: { ...figures, updatedAt: at },
        });
    }),
  ]);
  return (saved as TenantObjectRecountRow[])[0];
}
