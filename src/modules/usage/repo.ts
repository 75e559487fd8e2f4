import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { controlDb } from "../../db/client";
import { tenantObjectRecounts, tenantObjectUsage, tenantRowUsage } from "../../db/control-schema";
import { tenantWhere } from "../../db/tenant-tables";
import type { Env } from "../../env";
import type { ObjectKind } from "./domain/quota";

/**
 * The tenant's storage figures in CONTROL_DB (migrations/control/0009): R2 totals per kind,
 * kept by every put and delete, and the measured row counts with when they were measured.
 * Keyed by the tenant id the caller's context or job carries.
 */

export const objectTotals = (env: Env, tenantId: string) =>
  controlDb(env)
    .select({
      kind: tenantObjectUsage.kind,
      objects: tenantObjectUsage.objects,
      bytes: tenantObjectUsage.bytes,
    })
    .from(tenantObjectUsage)
    .where(tenantWhere({ tenantId }, tenantObjectUsage));

/** Adds to a kind's totals (negative to take away); never below zero. */
export const addObjects = (
  env: Env,
  tenantId: string,
  kind: ObjectKind,
  change: { objects: number; bytes: number },
  at: string,
) =>
  controlDb(env)
    .insert(tenantObjectUsage)
    .values({
      tenantId,
      kind,
      objects: Math.max(0, change.objects),
      bytes: Math.max(0, change.bytes),
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: [tenantObjectUsage.tenantId, tenantObjectUsage.kind],
      set: {
        objects: sql`max(0, ${tenantObjectUsage.objects} + ${change.objects})`,
        bytes: sql`max(0, ${tenantObjectUsage.bytes} + ${change.bytes})`,
        updatedAt: at,
      },
    });

export const measuredRows = (env: Env, tenantId: string) =>
  controlDb(env).select().from(tenantRowUsage).where(tenantWhere({ tenantId }, tenantRowUsage)).get();

export const saveMeasuredRows = (env: Env, tenantId: string, counts: Record<string, number>, at: string) =>
  controlDb(env)
    .insert(tenantRowUsage)
    .values({ tenantId, counts, measuredAt: at })
    .onConflictDoUpdate({ target: tenantRowUsage.tenantId, set: { counts, measuredAt: at } });

/** A deleted tenant's figures (with its tombstone's completion). */
export const removalStatements = (env: Env, tenantId: string): BatchItem<"sqlite">[] => [
  controlDb(env).delete(tenantObjectUsage).where(tenantWhere({ tenantId }, tenantObjectUsage)),
  controlDb(env).delete(tenantRowUsage).where(tenantWhere({ tenantId }, tenantRowUsage)),
  controlDb(env).delete(tenantObjectRecounts).where(tenantWhere({ tenantId }, tenantObjectRecounts)),
];
