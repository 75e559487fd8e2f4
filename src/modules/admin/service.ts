import { controlDb, shardCount } from "../../db/client";
import type {
  ApiKeyRow,
  ConnectorRow,
  TenantFeatures,
  TenantRow,
  TenantSettings,
} from "../../db/control-schema";
import { type Tenant, toTenant } from "../../db/tenant-context";
import { allowsLoopbackHttp, type Env } from "../../env";
import { BoundedTtlCache } from "../../lib/bounded-cache";
import { type Clock, systemClock } from "../../lib/clock";
import { homeCountryOf } from "../../lib/countries";
import { sha256Hex, timingSafeEqualText } from "../../lib/crypto";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors";
import type { Scope } from "../../lib/scopes";
import { emptyResealCount, keyringFrom, resealInto, seal, unseal } from "../../lib/sealed";
import type { OperatorContext } from "../audit/service";
import { operatorAuditInsert, revokeAudited } from "../audit/service";
import { resealShard } from "../webhooks/secrets/system-repo";
import { checkConnectorUrl } from "./domain/connector-url";
import {
  displayPrefix,
  generateApiKey,
  graceExpiry,
  isWellFormedKey,
  keyState,
  leastLoadedShard,
} from "./domain/keys";
import * as repo from "./repo";
import { reanchorCases } from "./reseal/service";

// ---- authentication ------------------------------------------------------------------

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
  return { tenant: toTenant(entry.tenant), keyId: entry.key.id, scopes: entry.key.scopes as Scope[] };
}

const forgetKey = (keyId: string) => {
  for (const [hash, entry] of authCache) if (entry.key.id === keyId) authCache.delete(hash);
};

// ---- tenants -------------------------------------------------------------------------

export interface CreateTenantInput {
  name: string;
  shard?: number;
  features?: TenantFeatures;
  settings?: TenantSettings;
}

function newKeyRow(
  env: Env,
  tenantId: string,
  name: string,
  scopes: string[],
  expiresAt: string | null,
  now: Date,
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
  };
  return { key, row };
}

async function withHash(created: { key: string; row: ApiKeyRow }) {
  created.row.keyHash = await sha256Hex(created.key);
  missCache.delete(`prefix:${created.row.prefix}`);
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
const auditedKey = ({ key: _key, ...shown }: ReturnType<typeof presentKey>) => shown;

export async function createTenant(op: OperatorContext, input: CreateTenantInput) {
  const { env, clock } = op;
  const db = controlDb(env);
  const shards = shardCount(env);
  if (input.shard !== undefined && input.shard >= shards) {
    throw badRequest("Invalid request", [
      { path: "shard", message: `shard must be between 0 and ${shards - 1}` },
    ]);
  }
  const shard = input.shard ?? leastLoadedShard(shards, await repo.tenantsPerShard(db));
  const now = clock.now().toISOString();
  const tenant: TenantRow = {
    id: crypto.randomUUID(),
    name: input.name,
    shard,
    features: { agentNetwork: false, ...input.features },
    settings: input.settings ?? {},
    createdAt: now,
    updatedAt: now,
  };
  const created = await withHash(newKeyRow(env, tenant.id, "default", ["*"], null, clock.now()));
  const apiKey = presentKey(created.row, created.key);
  await repo.insertTenantWithKey(
    db,
    tenant,
    created.row,
    operatorAuditInsert(
      op,
      {
        action: "tenant.created",
        target: { type: "tenant", id: tenant.id },
        after: { ...presentTenant(tenant), apiKey: auditedKey(apiKey) },
      },
      tenant.id,
    ),
  );
  return { tenant: presentTenant(tenant), apiKey };
}

export function presentTenant(row: TenantRow) {
  const tenant = toTenant(row);
  const { settings } = tenant;
  const country = typeof settings.country === "string" ? settings.country : null;
  return {
    ...tenant,
    settings: { ...settings, country, homeCountry: homeCountryOf(settings) },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function getTenant(env: Env, tenantId: string) {
  const row = await repo.findTenant(controlDb(env), tenantId);
  if (!row) throw notFound("Tenant");
  return row;
}

export async function listTenants(env: Env, limit: number, offset: number) {
  const { rows, total } = await repo.listTenants(controlDb(env), limit, offset);
  return { data: rows.map(presentTenant), total };
}

export async function updateTenant(
  op: OperatorContext,
  tenantId: string,
  patch: { features?: TenantFeatures; settings?: TenantSettings },
) {
  const current = await getTenant(op.env, tenantId);
  const next: TenantRow = {
    ...current,
    features: { ...current.features, ...patch.features },
    settings: { ...current.settings, ...patch.settings },
    updatedAt: op.clock.now().toISOString(),
  };
  const updated = await repo.updateTenant(
    controlDb(op.env),
    tenantId,
    { features: next.features, settings: next.settings, updatedAt: next.updatedAt },
    operatorAuditInsert(
      op,
      {
        action: "tenant.settings_updated",
        target: { type: "tenant", id: tenantId },
        before: presentTenant(current),
        after: presentTenant(next),
      },
      tenantId,
    ),
  );
  // Cached auth entries carry the tenant row; drop them so settings apply at once here.
  for (const [hash, entry] of authCache) if (entry.tenant.id === tenantId) authCache.delete(hash);
  return presentTenant(updated ?? current);
}

// ---- keys ----------------------------------------------------------------------------

export async function createKey(
  op: OperatorContext,
  tenantId: string,
  input: { name: string; scopes: Scope[]; expiresAt?: string },
) {
  const { env, clock } = op;
  await getTenant(env, tenantId);
  const now = clock.now();
  if (input.expiresAt && Date.parse(input.expiresAt) <= now.getTime()) {
    throw badRequest("Invalid request", [{ path: "expiresAt", message: "expiresAt must be in the future" }]);
  }
  const expiresAt = input.expiresAt ? new Date(input.expiresAt).toISOString() : null;
  const created = await withHash(
    newKeyRow(env, tenantId, input.name, [...new Set(input.scopes)], expiresAt, now),
  );
  const apiKey = presentKey(created.row, created.key);
  const db = controlDb(env);
  await db.batch([
    repo.insertKey(db, created.row),
    operatorAuditInsert(
      op,
      { action: "api_key.created", target: { type: "api_key", id: apiKey.id }, after: auditedKey(apiKey) },
      tenantId,
    ),
  ]);
  return apiKey;
}

export async function listKeys(env: Env, tenantId: string, clock: Clock = systemClock) {
  await getTenant(env, tenantId);
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
  // The successor keeps the name, scopes and any fixed end of life: rotation never extends a key.
  const created = await withHash(newKeyRow(env, old.tenantId, old.name, old.scopes, old.expiresAt, now));
  const oldExpiresAt = graceExpiry(old.expiresAt, now, graceSeconds);
  const apiKey = presentKey(created.row, created.key);
  const keyView = (row: ApiKeyRow) => ({ id: row.id, expiresAt: row.expiresAt, rotatedTo: row.rotatedTo });
  await repo.rotateKey(
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
    ),
  );
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

// ---- connectors ----------------------------------------------------------------------

export type ConnectorConfig =
  | { provider: "export" }
  | { provider: "fineract"; baseUrl: string; tenantIdentifier: string; username: string; password: string };

/** Secrets never leave the service. */
export function presentConnector(row: ConnectorRow) {
  const { password, ...config } = row.config as Record<string, unknown>;
  return {
    type: row.type,
    provider: row.provider,
    ...config,
    hasPassword: typeof password === "string" && password.length > 0,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function configureConnector(
  op: OperatorContext,
  tenantId: string,
  type: "core_banking",
  input: ConnectorConfig,
) {
  const { env, clock } = op;
  await getTenant(env, tenantId);
  if (input.provider === "fineract") {
    const check = checkConnectorUrl(input.baseUrl, allowsLoopbackHttp(env));
    if (!check.ok) {
      throw badRequest("The connector URL is not allowed", [{ path: "baseUrl", message: check.reason }]);
    }
  }
  const db = controlDb(env);
  const previous = await repo.findConnector(db, tenantId, type);
  const { provider, ...config } = input;
  // The password is stored sealed (src/lib/sealed.ts), bound to this tenant's connector.
  if ("password" in config) {
    config.password = await seal(
      await keyringFrom(env.SECRETS_KEY),
      config.password,
      passwordContext(tenantId, type),
    );
  }
  const now = clock.now().toISOString();
  const row = { tenantId, type, provider, config, createdAt: previous?.createdAt ?? now, updatedAt: now };
  await db.batch([
    repo.upsertConnector(db, row),
    operatorAuditInsert(
      op,
      {
        action: "connector.configured",
        target: { type: "connector", id: `${tenantId}:${type}` },
        before: previous ? presentConnector(previous) : null,
        after: presentConnector(row),
      },
      tenantId,
    ),
  ]);
  return presentConnector(row);
}

/** The tenant's connector of a type; `export` when none was configured (docs/contract.md#ingestion). */
export async function connectorFor(env: Env, tenantId: string, type: string): Promise<ConnectorConfig> {
  const row = await repo.findConnector(controlDb(env), tenantId, type);
  if (!row) return { provider: "export" };
  const config = { provider: row.provider, ...row.config } as ConnectorConfig;
  if ("password" in config) {
    config.password = await unseal(
      await keyringFrom(env.SECRETS_KEY),
      config.password,
      passwordContext(tenantId, type),
    );
  }
  return config;
}

export { checkConnectorUrl } from "./domain/connector-url";

const passwordContext = (tenantId: string, type: string) => `connectors.password:${tenantId}:${type}`;

/**
 * After a SECRETS_KEY rotation: every stored connector password and webhook signing secret
 * (every shard) is sealed again under the first key, plaintext ones included, and every fraud
 * and AML case head anchored under an older key is verified and anchored again
 * (./case-anchors.ts), so the old key can be dropped. The secrets themselves do not change.
 * Safe to run again (current values are counted, not rewritten); when `caseAnchors.complete` is
 * false the sweep ran out of its query budget and a next run carries on.
 */
export async function resealSecrets(op: OperatorContext) {
  const { env } = op;
  const keyring = await keyringFrom(env.SECRETS_KEY);
  const db = controlDb(env);
  const connectorPasswords = emptyResealCount();
  for (let offset = 0; ; offset += RESEAL_PAGE) {
    const rows = await repo.connectorsPage(db, RESEAL_PAGE, offset);
    const updates = [];
    for (const row of rows) {
      const config = row.config as Record<string, unknown>;
      if (typeof config.password !== "string") continue;
      const password = await resealInto(
        connectorPasswords,
        keyring,
        config.password,
        passwordContext(row.tenantId, row.type),
        { table: "connectors", tenantId: row.tenantId, type: row.type },
      );
      if (password !== undefined)
        updates.push(repo.setConnectorConfig(db, row.tenantId, row.type, { ...config, password }));
    }
    if (updates.length > 0) await db.batch(updates as [(typeof updates)[number], ...typeof updates]);
    if (rows.length < RESEAL_PAGE) break;
  }
  const webhookSecrets = emptyResealCount();
  for (let shard = 0; shard < shardCount(env); shard++) {
    const found = await resealShard(env, shard);
    webhookSecrets.resealed += found.resealed;
    webhookSecrets.current += found.current;
    webhookSecrets.unreadable += found.unreadable;
  }
  const caseAnchors = await reanchorCases(env);
  const result = { keyId: keyring.sealingKeyId, connectorPasswords, webhookSecrets, caseAnchors };
  // Spans every database, so it is recorded once it is done (counts only; no secret is read out).
  await operatorAuditInsert(
    op,
    { action: "secrets.resealed", target: { type: "secrets", id: "all" }, after: result },
    null,
  );
  return result;
}

const RESEAL_PAGE = 500;
