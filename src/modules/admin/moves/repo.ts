import { and, asc, desc, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ControlDb } from "../../../db/client";
import { type TenantMoveRow, tenantMoves, tenants } from "../../../db/control-schema";
import { tenantWhere } from "../../../db/tenant-tables";

/**
 * A move's row and the tenant's shard and write fence (CONTROL_DB; operator scope, not
 * tenant-scoped by design). Every change of a move is guarded by its `seq`, so a duplicate or
 * late queue message cannot overwrite a newer state.
 */

export const findMove = (db: ControlDb, tenantId: string, moveId: string) =>
  db
    .select()
    .from(tenantMoves)
    .where(tenantWhere({ tenantId }, tenantMoves, eq(tenantMoves.id, moveId)))
    .get();

export const runningMove = (db: ControlDb, tenantId: string) =>
  db
    .select()
    .from(tenantMoves)
    .where(tenantWhere({ tenantId }, tenantMoves, eq(tenantMoves.state, "running")))
    .orderBy(desc(tenantMoves.createdAt))
    .get();

/**
 * Running moves (any tenant: the minute cron's sweep) that saved nothing since `before` and are
 * not waiting for a `resumeAt` later than it: their message was lost or dead-lettered.
 */
export const stalledMoves = (db: ControlDb, before: string, limit: number) =>
  db
    .select()
    .from(tenantMoves)
    .where(
      and(
        eq(tenantMoves.state, "running"),
        lt(tenantMoves.updatedAt, before),
        or(isNull(tenantMoves.resumeAt), lt(tenantMoves.resumeAt, before)),
      ),
    )
    .orderBy(asc(tenantMoves.updatedAt))
    .limit(limit);

export const insertMove = (db: ControlDb, row: TenantMoveRow, audit: BatchItem<"sqlite">) =>
  db.batch([db.insert(tenantMoves).values(row), audit]);

export type MovePatch = Partial<Omit<TenantMoveRow, "id" | "tenantId" | "seq">>;

/**
 * The saved next state, only if nobody saved since `seq` was read; the new row, or undefined.
 * A saved step starts the next unit with no failures.
 */
export const saveMove = (db: ControlDb, move: TenantMoveRow, patch: MovePatch, at: string) =>
  db
    .update(tenantMoves)
    .set({ ...patch, failures: 0, seq: move.seq + 1, updatedAt: at })
    .where(and(eq(tenantMoves.id, move.id), eq(tenantMoves.seq, move.seq)))
    .returning()
    .get();

/**
 * One more failed attempt of the move's current unit (seq unchanged, so the retried message
 * still runs it); the row with its new count, or undefined when the move has moved on.
 */
export const recordFailure = (db: ControlDb, move: TenantMoveRow, error: string, at: string) =>
  db
    .update(tenantMoves)
    .set({ failures: sql`${tenantMoves.failures} + 1`, error, updatedAt: at })
    .where(and(eq(tenantMoves.id, move.id), eq(tenantMoves.seq, move.seq)))
    .returning()
    .get();

/**
 * A move giving up before its switch, one batch: the move turns to `rollback` (only if nobody
 * saved since `seq`), and the tenant's write fence on the source, if this move set one, lifts
 * with it; `alongside` (an audit entry) goes in the same batch, right after the move's update. The new row, or undefined when
 * the move had moved on.
 */
export async function startRollback(
  db: ControlDb,
  move: TenantMoveRow,
  patch: MovePatch,
  at: string,
  alongside: BatchItem<"sqlite">[] = [],
) {
  const [saved] = await db.batch([
    db
      .update(tenantMoves)
      .set({ ...patch, step: "rollback", failures: 0, seq: move.seq + 1, updatedAt: at })
      .where(and(eq(tenantMoves.id, move.id), eq(tenantMoves.seq, move.seq)))
      .returning(),
    // Right after the move's update, so an entry written only if it changed (`onlyIfChanged`) sees it.
    ...alongside,
    db
      .update(tenants)
      .set({ writeFencedFrom: null, writeFencedUntil: null })
      .where(
        and(
          eq(tenants.id, move.tenantId),
          eq(tenants.shard, move.sourceShard),
          isNotNull(tenants.writeFencedUntil),
          sql`EXISTS (SELECT 1 FROM tenant_moves WHERE id = ${move.id} AND seq = ${move.seq + 1} AND step = 'rollback')`,
        ),
      ),
  ]);
  return (saved as TenantMoveRow[])[0];
}

/** Announces the fence (from `from` until `until`) while the tenant is still on `shard`; false when it is not. */
export async function fenceTenant(
  db: ControlDb,
  tenantId: string,
  shard: number,
  from: string,
  until: string,
) {
  const rows = await db
    .update(tenants)
    .set({ writeFencedFrom: from, writeFencedUntil: until })
    .where(and(eq(tenants.id, tenantId), eq(tenants.shard, shard)))
    .returning({ id: tenants.id });
  return rows.length === 1;
}

/** Extends a fence that still holds at `now`; false when it has lapsed (writes may have landed). */
export async function extendFence(
  db: ControlDb,
  tenantId: string,
  shard: number,
  now: string,
  until: string,
) {
  const rows = await db
    .update(tenants)
    .set({ writeFencedUntil: until })
    .where(
      and(
        eq(tenants.id, tenantId),
        eq(tenants.shard, shard),
        isNotNull(tenants.writeFencedUntil),
        gt(tenants.writeFencedUntil, now),
      ),
    )
    .returning({ id: tenants.id });
  return rows.length === 1;
}

/** Lifts the fence (a move going back to catching up). */
export const liftFence = (db: ControlDb, tenantId: string) =>
  db.update(tenants).set({ writeFencedFrom: null, writeFencedUntil: null }).where(eq(tenants.id, tenantId));

/**
 * The switch, one CONTROL_DB batch: the tenant moves to the target and its fence lifts only if
 * the fence still holds; the move advances only if the tenant did switch; the audit entry only
 * if the move did.
 */
export async function switchShard(
  db: ControlDb,
  move: TenantMoveRow,
  patch: MovePatch,
  at: string,
  audit: BatchItem<"sqlite">,
) {
  const [, saved] = await db.batch([
    db
      .update(tenants)
      .set({ shard: move.targetShard, writeFencedFrom: null, writeFencedUntil: null, updatedAt: at })
      .where(
        and(
          eq(tenants.id, move.tenantId),
          eq(tenants.shard, move.sourceShard),
          gt(tenants.writeFencedUntil, at),
          // Only while the move is still at this seq: a move that turned to rollback never switches.
          sql`EXISTS (SELECT 1 FROM tenant_moves WHERE id = ${move.id} AND seq = ${move.seq})`,
        ),
      ),
    db
      .update(tenantMoves)
      .set({ ...patch, failures: 0, seq: move.seq + 1, updatedAt: at })
      .where(
        and(
          eq(tenantMoves.id, move.id),
          eq(tenantMoves.seq, move.seq),
          sql`EXISTS (SELECT 1 FROM tenants WHERE id = ${move.tenantId} AND shard = ${move.targetShard})`,
        ),
      )
      .returning(),
    audit,
  ]);
  return (saved as TenantMoveRow[])[0];
}
