import { controlDb } from "../../../db/client";
import type { TenantFeatures, TenantRow, TenantSettings } from "../../../db/control-schema";
import type { PageRequest } from "../../../db/keyset";
import { toTenant } from "../../../db/tenant-context";
import { getTenant } from "../../../db/tenant-directory";
import type { Env } from "../../../env";
import { DEFAULT_JOB_CONCURRENCY } from "../../../jobs/fairness";
import { homeCountryOf } from "../../../lib/countries";
import { presentPage } from "../../../lib/pagination";
import { DEFAULT_RATE_LIMIT_PER_MINUTE } from "../../../lib/rate-window";
import type { AuditAction } from "../../audit/domain/types";
import type { OperatorContext } from "../../audit/service";
import { operatorAuditInsert } from "../../audit/service";
import { DEFAULT_STORAGE_QUOTA_BYTES } from "../../usage/domain/quota";
import { auditedKey, keyMadeEarlier, newKeyRow, presentKey, sealedKey, withHash } from "../keys/service";
import { forgetOrigins, originStatements } from "../origins/service";
import * as repo from "../repo";
import { chooseShard } from "../shards/service";
import { forgetTenant } from "../verification/service";

export interface CreateTenantInput {
  name: string;
  shard?: number;
  features?: TenantFeatures;
  settings?: TenantSettings;
}

/**
 * Under an Idempotency-Key the create records its first key (id and sealed secret) in the batch
 * that inserts the tenant: a resend after a kill that lost the answer answers that tenant and key
 * instead of making a second tenant (docs/decisions/faults.md#a-kill-while-a-key-is-claimed).
 */
export async function createTenant(op: OperatorContext, input: CreateTenantInput) {
  const { env, clock } = op;
  const db = controlDb(env);
  const earlier = await keyMadeEarlier(op.idempotent, db, (row) => row.userId === null);
  if (earlier) {
    // Gone since (deleted with its keys): made again.
    const made = await getTenant(env, earlier.row.tenantId).catch(() => null);
    if (made) return { tenant: presentTenant(made), apiKey: earlier.apiKey };
  }
  const shard = await chooseShard(env, input.shard);
  const now = clock.now().toISOString();
  const tenant: TenantRow = {
    id: crypto.randomUUID(),
    name: input.name,
    shard,
    features: { agentNetwork: false, ...input.features },
    settings: input.settings ?? {},
    createdAt: now,
    updatedAt: now,
    writeFencedFrom: null,
    writeFencedUntil: null,
  };
  const created = await withHash(newKeyRow(env, tenant.id, "default", ["*"], null, clock.now()));
  const apiKey = presentKey(created.row, created.key);
  const origins = tenant.settings.allowedOrigins ?? [];
  const sealed = await sealedKey(op.idempotent, created);
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
    [
      ...(origins.length > 0 ? originStatements(db, tenant.id, origins) : []),
      ...(op.idempotent ? [op.idempotent.recordCreated(created.row.id, sealed)] : []),
    ],
  );
  forgetOrigins(origins);
  return { tenant: presentTenant(tenant), apiKey };
}

export function presentTenant(row: TenantRow) {
  // The write fence is a move's internal state (GET .../moves/{moveId} shows it), not a setting.
  const { writeFencedFrom: _from, writeFencedUntil: _until, ...tenant } = toTenant(row);
  const { settings } = tenant;
  const country = typeof settings.country === "string" ? settings.country : null;
  return {
    ...tenant,
    settings: {
      ...settings,
      country,
      homeCountry: homeCountryOf(settings),
      allowedOrigins: settings.allowedOrigins ?? [],
      rateLimitPerMinute: settings.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
      jobConcurrency: settings.jobConcurrency ?? DEFAULT_JOB_CONCURRENCY,
      storageQuotaBytes: settings.storageQuotaBytes ?? DEFAULT_STORAGE_QUOTA_BYTES,
    },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The tenant's row (404 when absent): read below the modules, for them too. */
export { getTenant };

/**
 * What offboarding exports and then removes of a tenant in CONTROL_DB: its row, its keys (no
 * hashes), its connectors (sealed secrets left out) and the statements that delete them all.
 */
export async function tenantControlRows(env: Env, tenantId: string) {
  const db = controlDb(env);
  const tenant = await getTenant(env, tenantId);
  const keys = (await repo.listKeys(db, tenantId)).map(({ keyHash: _h, ...key }) => key);
  const connectors = (await repo.listConnectors(db, tenantId)).map((c) => ({
    ...c,
    config: Object.fromEntries(
      Object.entries(c.config).filter(([name]) => !/password|secret|token/i.test(name)),
    ),
  }));
  return { tenant: presentTenant(tenant), row: tenant, keys, connectors };
}

/** The tenant's control rows' deletion, for the batch that writes its tombstone; drops caches. */
export function tenantRemoval(env: Env, row: TenantRow) {
  return {
    statements: repo.tenantRemovalStatements(controlDb(env), row.id),
    forget: () => {
      forgetOrigins(row.settings.allowedOrigins ?? []);
      forgetTenant(row.id);
    },
  };
}

export async function listTenants(env: Env, page: PageRequest) {
  return presentPage(await repo.listTenants(controlDb(env), page), presentTenant);
}

/**
 * A patch replaces top-level settings, except `monitoring`, whose fields merge one by one (and
 * so do the fields of its `schedule`), and `caseSla`, whose levels merge per case kind.
 */
function mergeSettings(current: TenantSettings, patch: TenantSettings | undefined): TenantSettings {
  const next = { ...current, ...patch };
  if (patch?.monitoring) {
    next.monitoring = { ...current.monitoring, ...patch.monitoring };
    if (patch.monitoring.schedule)
      next.monitoring.schedule = { ...current.monitoring?.schedule, ...patch.monitoring.schedule };
  }
  if (patch?.caseSla)
    next.caseSla = {
      fraud: { ...current.caseSla?.fraud, ...patch.caseSla.fraud },
      aml: { ...current.caseSla?.aml, ...patch.caseSla.aml },
    };
  return next;
}

/**
 * Merges the patch into the tenant row and writes it with its audit entry in one CONTROL_DB
 * batch. `action` names the entry (a tenant's own settings write passes its own, with the API
 * key as the actor: the tenant's audit log lists control entries that name it).
 */
export async function updateTenant(
  op: OperatorContext,
  tenantId: string,
  patch: { features?: TenantFeatures; settings?: TenantSettings },
  action: AuditAction = "tenant.settings_updated",
) {
  const current = await getTenant(op.env, tenantId);
  const next: TenantRow = {
    ...current,
    features: { ...current.features, ...patch.features },
    settings: mergeSettings(current.settings, patch.settings),
    updatedAt: op.clock.now().toISOString(),
  };
  const db = controlDb(op.env);
  const newOrigins = patch.settings?.allowedOrigins;
  const updated = await repo.updateTenant(
    db,
    tenantId,
    { features: next.features, settings: next.settings, updatedAt: next.updatedAt },
    operatorAuditInsert(
      op,
      {
        action,
        target: { type: "tenant", id: tenantId },
        before: presentTenant(current),
        after: presentTenant(next),
      },
      tenantId,
    ),
    newOrigins ? originStatements(db, tenantId, newOrigins) : [],
  );
  forgetOrigins([...(current.settings.allowedOrigins ?? []), ...(newOrigins ?? [])]);
  // Cached auth entries carry the tenant row; drop them so settings apply at once here.
  forgetTenant(tenantId);
  return presentTenant(updated ?? current);
}
