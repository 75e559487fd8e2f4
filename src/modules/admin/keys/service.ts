import { type ControlDb, controlDb } from "../../../db/client";
import type { ApiKeyRow } from "../../../db/control-schema";
import type { KeyedCreate } from "../../../db/tenant-context";
import { getTenant } from "../../../db/tenant-directory";
import type { Env } from "../../../env";
import { type Clock, systemClock } from "../../../lib/clock";
import { sha256Hex } from "../../../lib/crypto";
import { badRequest, conflict, notFound } from "../../../lib/errors";
import type { Scope } from "../../../lib/scopes";
import type { OperatorContext } from "../../audit/service";
import { operatorAuditInsert, revokeAudited } from "../../audit/service";
import { displayPrefix, generateApiKey, graceExpiry, keyState } from "../domain/keys";
import * as repo from "../repo";
import { forgetKey, forgetMissedPrefix } from "../verification/service";

/** Keys belong to a tenant: an unknown tenant is a 404. */
async function requireTenant(env: Env, tenantId: string) {
  await getTenant(env, tenantId);
}

export function newKeyRow(
  env: Env,
  tenantId: string,
  name: string,
  scopes: string[],
  expiresAt: string | null,
  now: Date,
  rateLimitPerMinute: number | null = null,
  userId: string | null = null,
) {
  const { key, prefix } = generateApiKey(env.KEY_PREFIX);
  const row: ApiKeyRow = {
    id: crypto.randomUUID(),
    tenantId,
    name,
    prefix,
    keyHash: "",
    scopes,
    expiresAt,
    revokedAt: null,
    rotatedTo: null,
    createdAt: now.toISOString(),
    rateLimitPerMinute,
    userId,
  };
  return { key, row };
}

export async function withHash(created: { key: string; row: ApiKeyRow }) {
  created.row.keyHash = await sha256Hex(created.key);
  forgetMissedPrefix(created.row.prefix);
  return created;
}

export const presentKey = (row: ApiKeyRow, key: string) => ({
  id: row.id,
  key,
  prefix: row.prefix,
  name: row.name,
  scopes: row.scopes,
  expiresAt: row.expiresAt,
});

/** The audited view of a key: never the key or its hash. */
export const auditedKey = ({ key: _key, ...shown }: ReturnType<typeof presentKey>) => shown;

// ---- keys ----------------------------------------------------------------------------

export async function createKey(
  op: OperatorContext,
  tenantId: string,
  input: { name: string; scopes: Scope[]; expiresAt?: string },
) {
  const { env, clock } = op;
  await requireTenant(env, tenantId);
  const now = clock.now();
  if (input.expiresAt && Date.parse(input.expiresAt) <= now.getTime()) {
    throw badRequest("Invalid request", [{ path: "expiresAt", message: "expiresAt must be in the future" }]);
  }
  const expiresAt = input.expiresAt ? new Date(input.expiresAt).toISOString() : null;
  const db = controlDb(env);
  const earlier = await keyMadeEarlier(op.idempotent, db, (row) => row.tenantId === tenantId);
  if (earlier) return earlier.apiKey;
  const created = await withHash(
    newKeyRow(env, tenantId, input.name, [...new Set(input.scopes)], expiresAt, now),
  );
  const apiKey = presentKey(created.row, created.key);
  const sealed = await sealedKey(op.idempotent, created);
  await db.batch([
    repo.insertKey(db, created.row),
    operatorAuditInsert(
      op,
      { action: "api_key.created", target: { type: "api_key", id: apiKey.id }, after: auditedKey(apiKey) },
      tenantId,
    ),
    ...(op.idempotent ? [op.idempotent.recordCreated(created.row.id, sealed)] : []),
  ]);
  return apiKey;
}

/**
 * The key an earlier attempt under the same Idempotency-Key made, whose answer (the only showing
 * of its secret) was lost to a kill: that key again, its secret opened from the sealed copy the
 * create recorded with it (docs/decisions/faults.md#a-kill-while-a-key-is-claimed). The stored
 * answer would have held the same secret, sealed the same way, for as long.
 */
export async function keyMadeEarlier(
  idempotent: KeyedCreate | undefined,
  db: ControlDb,
  belongs: (row: ApiKeyRow) => boolean,
) {
  if (!idempotent?.createdId) return undefined;
  const [row, secret] = await Promise.all([
    repo.findKey(db, idempotent.createdId),
    idempotent.createdSecret(),
  ]);
  return row && secret !== null && belongs(row) ? { row, apiKey: presentKey(row, secret) } : undefined;
}

/**
 * A keyed create's key sealed for its record (`recordCreated`); the record's statement is made
 * in the batch itself (a drizzle statement awaited on its own would run).
 */
export const sealedKey = async (idempotent: KeyedCreate | undefined, created: { key: string }) =>
  idempotent ? idempotent.sealSecret(created.key) : undefined;

export async function listKeys(env: Env, tenantId: string, clock: Clock = systemClock) {
  await requireTenant(env, tenantId);
  const now = clock.now();
  const rows = await repo.listKeys(controlDb(env), tenantId);
  return rows.map((row) => ({
    id: row.id,
    prefix: row.prefix,
    name: row.name,
    scopes: row.scopes,
    status: keyState(row, now),
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    rotatedTo: row.rotatedTo,
    createdAt: row.createdAt,
    rateLimitPerMinute: row.rateLimitPerMinute,
  }));
}

export async function rotateKey(op: OperatorContext, keyId: string, graceSeconds: number) {
  const { env, clock } = op;
  const db = controlDb(env);
  const old = await repo.findKey(db, keyId);
  if (!old) throw notFound("API key");
  const now = clock.now();
  const state = keyState(old, now);
  if (state !== "active") throw conflict(`API key is ${state} and cannot be rotated`);
  if (old.rotatedTo) throw conflict("API key was already rotated; rotate its successor instead");
  // The successor keeps the name, scopes, budget, user and any fixed end of life: rotation never extends a key.
  const created = await withHash(
    newKeyRow(
      env,
      old.tenantId,
      old.name,
      old.scopes,
      old.expiresAt,
      now,
      old.rateLimitPerMinute,
      old.userId ?? null,
    ),
  );
  const oldExpiresAt = graceExpiry(old.expiresAt, now, graceSeconds);
  const apiKey = presentKey(created.row, created.key);
  const keyView = (row: ApiKeyRow) => ({ id: row.id, expiresAt: row.expiresAt, rotatedTo: row.rotatedTo });
  const rotated = await repo.rotateKey(
    db,
    old.id,
    oldExpiresAt,
    created.row,
    operatorAuditInsert(
      op,
      {
        action: "api_key.rotated",
        target: { type: "api_key", id: old.id },
        before: keyView(old),
        after: {
          ...keyView({ ...old, expiresAt: oldExpiresAt, rotatedTo: apiKey.id }),
          successor: auditedKey(apiKey),
        },
      },
      old.tenantId,
      { onlyIfChanged: true },
    ),
  );
  // Another rotation of the same key claimed it between the read above and this batch.
  if (!rotated) throw conflict("API key was already rotated; rotate its successor instead");
  forgetKey(old.id);
  return { apiKey, previous: { id: old.id, expiresAt: oldExpiresAt } };
}

/** Idempotent: revoking a revoked key changes nothing and records nothing. */
export async function revokeKey(op: OperatorContext, keyId: string) {
  const db = controlDb(op.env);
  const key = await repo.findKey(db, keyId);
  if (!key) throw notFound("API key");
  if (!key.revokedAt) {
    await revokeAudited(
      op,
      db,
      (at) => repo.revokeKey(db, keyId, at),
      (at) => ({
        action: "api_key.revoked",
        target: { type: "api_key", id: keyId },
        before: { id: keyId, revokedAt: null },
        after: { id: keyId, revokedAt: at },
      }),
      key.tenantId,
    );
  }
  forgetKey(keyId);
}

/**
 * The operator's per-key budget (requests a minute); null goes back to the tenant's setting.
 * Audited in the same batch; this isolate's cached key is dropped at once, other isolates'
 * within the 5 s auth cache, which is how the limiter reads it without a query of its own.
 */
export async function setKeyRateLimit(op: OperatorContext, keyId: string, rateLimitPerMinute: number | null) {
  const db = controlDb(op.env);
  const key = await repo.findKey(db, keyId);
  if (!key) throw notFound("API key");
  // Setting the value in force changes nothing and records nothing.
  if (key.rateLimitPerMinute === rateLimitPerMinute) return { id: keyId, rateLimitPerMinute };
  await db.batch([
    repo.setKeyRateLimit(db, keyId, rateLimitPerMinute),
    operatorAuditInsert(
      op,
      {
        action: "api_key.rate_limit_set",
        target: { type: "api_key", id: keyId },
        before: { id: keyId, rateLimitPerMinute: key.rateLimitPerMinute },
        after: { id: keyId, rateLimitPerMinute },
      },
      key.tenantId,
    ),
  ]);
  forgetKey(keyId);
  return { id: keyId, rateLimitPerMinute };
}

/**
 * A tenant's own key bound to one of its users (POST /v1/users/{userId}/keys, the users module
 * checks the user and audits in the tenant's log): requests with it act as that user, with the
 * scopes of the user's roles at the time (docs/decisions/case-work.md#named-analysts). `scopes`
 * records the roles' scopes at creation, for the key lists.
 *
 * The key the request writes, checked (the users module writes it after its entry: insertUserKey).
 * Under an Idempotency-Key whose earlier attempt recorded a key (its answer lost to a kill): that
 * key, `stored` when it is in CONTROL_DB already, else to be written now with the recorded id and
 * secret; `recorded` says the attempt's record (and the tenant's entry, written with it) exists.
 */
export async function userKeyToCreate(
  env: Env,
  now: Date,
  tenantId: string,
  input: { name: string; userId: string; scopes: Scope[]; expiresAt?: string },
  idempotent?: KeyedCreate,
) {
  if (input.expiresAt && Date.parse(input.expiresAt) <= now.getTime()) {
    throw badRequest("Invalid request", [{ path: "expiresAt", message: "expiresAt must be in the future" }]);
  }
  const expiresAt = input.expiresAt ? new Date(input.expiresAt).toISOString() : null;
  const fresh = newKeyRow(env, tenantId, input.name, input.scopes, expiresAt, now, null, input.userId);
  const secret = idempotent?.createdId ? await idempotent.createdSecret() : null;
  if (!idempotent?.createdId || secret === null) {
    return { created: await withHash(fresh), stored: false, recorded: false };
  }
  const stored = await repo.findKey(controlDb(env), idempotent.createdId);
  if (stored && (stored.tenantId !== tenantId || stored.userId !== input.userId)) {
    return { created: await withHash(fresh), stored: false, recorded: false };
  }
  if (stored) return { created: { key: secret, row: stored }, stored: true, recorded: true };
  const again = {
    key: secret,
    row: { ...fresh.row, id: idempotent.createdId, prefix: displayPrefix(secret) },
  };
  return { created: await withHash(again), stored: false, recorded: true };
}

export const insertUserKey = (env: Env, row: ApiKeyRow) => repo.insertKey(controlDb(env), row);
