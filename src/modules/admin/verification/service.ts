import { controlDb } from "../../../db/client";
import type { ApiKeyRow, TenantRow } from "../../../db/control-schema";
import { type Tenant, toTenant } from "../../../db/tenant-context";
import type { Env } from "../../../env";
import { BoundedTtlCache } from "../../../lib/bounded-cache";
import { type Clock, systemClock } from "../../../lib/clock";
import { sha256Hex, timingSafeEqualText } from "../../../lib/crypto";
import { AppError } from "../../../lib/errors";
import type { Scope } from "../../../lib/scopes";
import { displayPrefix, isWellFormedKey, keyState } from "../domain/keys";
import * as repo from "../repo";

// API-key verification: the one admin service the auth middleware reaches (docs/architecture.md#layers).

/**
 * Positive lookups are cached per isolate for at most 5 s; revocation clears this
 * isolate's entry at once and every other isolate's within the TTL (docs/contract.md#keys-and-scopes: 10 s).
 */
const AUTH_CACHE_TTL_MS = 5_000;
const authCache = new Map<string, { key: ApiKeyRow; tenant: TenantRow; cachedAt: number }>();

export interface Authenticated {
  tenant: Tenant;
  keyId: string;
  scopes: Scope[];
  /** The operator's per-key budget override; null: the tenant's setting. */
  rateLimitPerMinute: number | null;
  /** The tenant user the key is bound to (docs/decisions/case-work.md#named-analysts); null: an integration key. */
  userId: string | null;
}

const unauthorized = () => new AppError("unauthorized", "Invalid, revoked or expired API key");

/**
 * Failed lookups, remembered for 5 s so a repeated fake key costs no CONTROL_DB query
 * (issue 11, finding 2). Two kinds: a display prefix no key has (safe to refuse for any
 * key with it: a new key with that exact prefix within 5 s is a 1-in-62^8 event, and
 * createKey clears it in this isolate), and the hash of a key that matched no candidate
 * (never the prefix of a real key, so a wrong guess cannot lock the real key out).
 * Bounded, so a flood of distinct fake keys cannot grow it without limit.
 */
const MISS_CACHE_MAX = 10_000;
const missCache = new BoundedTtlCache<true>(MISS_CACHE_MAX, AUTH_CACHE_TTL_MS);

export async function authenticateApiKey(env: Env, presented: string, clock: Clock = systemClock) {
  if (!isWellFormedKey(presented) || !presented.startsWith(env.KEY_PREFIX)) throw unauthorized();
  const hash = await sha256Hex(presented);
  const prefix = displayPrefix(presented);
  const now = clock.now();
  const nowMs = now.getTime();
  let entry = authCache.get(hash);
  if (!entry || nowMs - entry.cachedAt > AUTH_CACHE_TTL_MS) {
    if (missCache.get(`prefix:${prefix}`, nowMs) || missCache.get(`hash:${hash}`, nowMs)) {
      throw unauthorized();
    }
    const candidates = await repo.keysByPrefix(controlDb(env), prefix);
    // Constant-time comparison against every candidate with this display prefix.
    let match: (typeof candidates)[number] | undefined;
    for (const candidate of candidates) {
      if (await timingSafeEqualText(candidate.key.keyHash, hash)) match = candidate;
    }
    if (!match) {
      authCache.delete(hash);
      missCache.set(candidates.length === 0 ? `prefix:${prefix}` : `hash:${hash}`, true, nowMs);
      throw unauthorized();
    }
    entry = { ...match, cachedAt: now.getTime() };
    authCache.set(hash, entry);
  }
  if (keyState(entry.key, now) !== "active") throw unauthorized();
  return {
    tenant: toTenant(entry.tenant),
    keyId: entry.key.id,
    scopes: entry.key.scopes as Scope[],
    rateLimitPerMinute: entry.key.rateLimitPerMinute ?? null,
    userId: entry.key.userId ?? null,
  } satisfies Authenticated;
}

/** A key was rotated or revoked: this isolate stops accepting it at once. */
export const forgetKey = (keyId: string) => {
  for (const [hash, entry] of authCache) if (entry.key.id === keyId) authCache.delete(hash);
};

/** A tenant's settings changed: cached entries carry the tenant row, so they are dropped. */
export const forgetTenant = (tenantId: string) => {
  for (const [hash, entry] of authCache) if (entry.tenant.id === tenantId) authCache.delete(hash);
};

/** A key with this display prefix now exists: a remembered miss for it must not refuse it. */
export const forgetMissedPrefix = (prefix: string) => missCache.delete(`prefix:${prefix}`);
