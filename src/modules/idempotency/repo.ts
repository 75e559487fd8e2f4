import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { ControlDb, TenantScope } from "../../db/client";
import { operatorIdempotencyKeys } from "../../db/control-schema";
import { idempotencyKeys } from "../../db/shard/idempotency";

/** A claim's timestamps (ISO): when it was made, until when it is live, until when it is kept. */
export interface ClaimTimes {
  now: string;
  lockedUntil: string;
  expiresAt: string;
}

export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export interface KeyRow extends Partial<StoredAnswer> {
  requestHash: string;
  state: "in_flight" | "done";
}

/** A claim won: what an abandoned attempt of the same request created, if it recorded anything. */
export interface Claim {
  createdId: string | null;
  /** The secret that creation showed once, sealed with the request's seal context (API keys). */
  createdSecret: string | null;
}

/** The storage of one scope's keys: a tenant's on its shard, or an operator's on CONTROL_DB. */
export interface KeyStore {
  /** Claims the key (new, expired or abandoned); false when a live row holds it. */
  claim(key: string, requestHash: string, times: ClaimTimes): Promise<Claim | false>;
  find(key: string): Promise<KeyRow | undefined>;
  complete(key: string, requestHash: string, answer: StoredAnswer): Promise<void>;
  release(key: string, requestHash: string): Promise<void>;
  /** Moves an in-flight claim's lease to `lockedUntil` (its request still runs). */
  renew(key: string, requestHash: string, lockedUntil: string): Promise<void>;
  /** A statement for a create's batch: `id` is what this claim created, `sealedSecret` what it showed once. */
  recordCreated(key: string, requestHash: string, id: string, sealedSecret?: string): BatchItem<"sqlite">;
}

type Table = typeof idempotencyKeys | typeof operatorIdempotencyKeys;

/** A live row blocks the claim; an expired one, or an in-flight one past its lease, is taken over. */
const reclaimable = (t: Table, now: string) =>
  or(lte(t.expiresAt, now), and(eq(t.state, "in_flight"), lte(t.lockedUntil, now)));

/**
 * Taking over an abandoned attempt of the same request keeps what it recorded as created (and
 * the secret it showed); an expired row, or another request's, starts clean.
 */
const keptCreation = (t: Table, requestHash: string, now: string) => {
  const same = sql`${t.requestHash} = ${requestHash} AND ${t.expiresAt} > ${now}`;
  return {
    createdId: sql`CASE WHEN ${same} THEN ${t.createdId} END`,
    createdSecret: sql`CASE WHEN ${same} THEN ${t.createdSecret} END`,
  };
};

const claimedRow = (requestHash: string, times: ClaimTimes) => ({
  requestHash,
  state: "in_flight" as const,
  status: null,
  headers: null,
  body: null,
  createdAt: times.now,
  lockedUntil: times.lockedUntil,
  expiresAt: times.expiresAt,
});

const toKeyRow = (
  row:
    | {
        requestHash: string;
        state: "in_flight" | "done";
        status: number | null;
        headers: Record<string, string> | null;
        body: string | null;
      }
    | undefined,
): KeyRow | undefined =>
  row && {
    requestHash: row.requestHash,
    state: row.state,
    status: row.status ?? undefined,
    headers: row.headers ?? {},
    body: row.body,
  };

/**
 * A tenant's keys, in the space of one API key: the stored `key` is `<apiKeyId>:<key>`, so a
 * second key of the tenant never sees (or replays) the first one's answers.
 */
export function tenantKeyStore(scope: TenantScope, apiKeyId: string): KeyStore {
  const t = idempotencyKeys;
  const { db } = scope;
  const stored = (key: string) => `${apiKeyId}:${key}`;
  return {
    async claim(clientKey, requestHash, times) {
      const key = stored(clientKey);
      const row = claimedRow(requestHash, times);
      const [claimed] = await db
        .insert(t)
        .values({ key, ...row })
        .onConflictDoUpdate({
          target: [t.tenantId, t.key],
          set: { ...row, ...keptCreation(t, requestHash, times.now) },
          setWhere: reclaimable(t, times.now),
        })
        .returning({ createdId: t.createdId, createdSecret: t.createdSecret });
      return claimed ?? false;
    },
    async find(key) {
      const [row] = await db
        .select()
        .from(t, eq(t.key, stored(key)))
        .limit(1);
      return toKeyRow(row);
    },
    async complete(key, requestHash, answer) {
      await db
        .update(t)
        .set({ state: "done", ...answer, createdSecret: null })
        .where(eq(t.key, stored(key)), eq(t.requestHash, requestHash));
    },
    async release(key, requestHash) {
      const mine = [
        eq(t.key, stored(key)),
        eq(t.requestHash, requestHash),
        eq(t.state, "in_flight"),
      ] as const;
      // A claim that recorded a creation is not forgotten: its lease ends now, so the retry takes
      // it over at once and answers what was created.
      await db.batch([
        db.delete(t).where(...mine, isNull(t.createdId)),
        db
          .update(t)
          .set({ lockedUntil: "" })
          .where(...mine, isNotNull(t.createdId)),
      ]);
    },
    async renew(key, requestHash, lockedUntil) {
      await db
        .update(t)
        .set({ lockedUntil })
        .where(eq(t.key, stored(key)), eq(t.requestHash, requestHash), eq(t.state, "in_flight"));
    },
    recordCreated(key, requestHash, id, sealedSecret) {
      return db
        .update(t)
        .set({ createdId: id, createdSecret: sealedSecret ?? null })
        .where(eq(t.key, stored(key)), eq(t.requestHash, requestHash), eq(t.state, "in_flight"));
    },
  };
}

export function operatorKeyStore(db: ControlDb, operatorId: string): KeyStore {
  const t = operatorIdempotencyKeys;
  const mine = (key: string) => and(eq(t.operatorId, operatorId), eq(t.key, key));
  return {
    async claim(key, requestHash, times) {
      const row = claimedRow(requestHash, times);
      const [claimed] = await db
        .insert(t)
        .values({ operatorId, key, ...row })
        .onConflictDoUpdate({
          target: [t.operatorId, t.key],
          set: { ...row, ...keptCreation(t, requestHash, times.now) },
          setWhere: reclaimable(t, times.now),
        })
        .returning({ createdId: t.createdId, createdSecret: t.createdSecret });
      return claimed ?? false;
    },
    async find(key) {
      return toKeyRow(await db.select().from(t).where(mine(key)).get());
    },
    async complete(key, requestHash, answer) {
      await db
        .update(t)
        .set({ state: "done", ...answer, createdSecret: null })
        .where(and(mine(key), eq(t.requestHash, requestHash)));
    },
    async release(key, requestHash) {
      const claim = and(mine(key), eq(t.requestHash, requestHash), eq(t.state, "in_flight"));
      // As a tenant's: a claim that recorded a creation lapses instead of going.
      await db.batch([
        db.delete(t).where(and(claim, isNull(t.createdId))),
        db
          .update(t)
          .set({ lockedUntil: "" })
          .where(and(claim, isNotNull(t.createdId))),
      ]);
    },
    async renew(key, requestHash, lockedUntil) {
      await db
        .update(t)
        .set({ lockedUntil })
        .where(and(mine(key), eq(t.requestHash, requestHash), eq(t.state, "in_flight")));
    },
    recordCreated(key, requestHash, id, sealedSecret) {
      return db
        .update(t)
        .set({ createdId: id, createdSecret: sealedSecret ?? null })
        .where(and(mine(key), eq(t.requestHash, requestHash), eq(t.state, "in_flight")));
    },
  };
}

/** A page of the tenant's stored answers (every API key's), in key order after `afterKey`. */
export const tenantAnswers = (scope: TenantScope, afterKey: string, limit: number) =>
  scope.db
    .select({ key: idempotencyKeys.key, body: idempotencyKeys.body })
    .from(idempotencyKeys, gt(idempotencyKeys.key, afterKey), isNotNull(idempotencyKeys.body))
    .orderBy(asc(idempotencyKeys.key))
    .limit(limit);

export async function deleteTenantAnswers(scope: TenantScope, keys: string[]) {
  if (keys.length > 0) await scope.db.delete(idempotencyKeys).where(inArray(idempotencyKeys.key, keys));
}
