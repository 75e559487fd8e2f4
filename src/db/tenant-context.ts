import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Env } from "../env";
import { type Clock, systemClock } from "../lib/clock";
import { AppError, notFound } from "../lib/errors";
import type { Instrumentation } from "../lib/instrumentation";
import { controlDb, type TenantScope } from "./client";
import { type TenantFeatures, type TenantSettings, tenants } from "./control-schema";
import { drizzleShard, systemShardBinding, systemShardDb } from "./system-db";
import { forTenant, type TenantDb } from "./tenant-db";

export interface Tenant {
  id: string;
  name: string;
  shard: number;
  features: TenantFeatures;
  settings: Required<Pick<TenantSettings, "riskAlertThreshold" | "currency" | "maxWebhookSubscriptions">> &
    TenantSettings;
  /** While in the future, a move's write fence: writes answer 503, jobs wait (docs/decisions/tenant-moves.md). */
  writeFencedFrom?: string | null;
  writeFencedUntil?: string | null;
}

/**
 * What services take as their first argument, from a route, a queue consumer, a cron
 * handler or a Durable Object alike.
 */
export interface TenantContext extends TenantScope {
  env: Env;
  tenant: Tenant;
  db: TenantDb;
  clock: Clock;
  requestId: string;
  /** The API key that authenticated the request (audit attribution); absent in queues, cron, DOs. */
  keyId?: string;
  /** Phase timings for the benches; only the non-production middleware installs one. */
  instrumentation?: Instrumentation;
  /** Set by the Idempotency-Key middleware on a keyed request that holds its claim. */
  idempotent?: KeyedCreate;
}

/**
 * What a create needs to be done once under an Idempotency-Key when the process dies between its
 * write and its stored answer (docs/decisions/faults.md#a-kill-while-a-key-is-claimed): it puts
 * `recordCreated(id)` in the batch that creates the object, and a retry that takes the claim
 * over finds `createdId` set and answers that object instead of creating another.
 */
export interface KeyedCreate {
  /** What an earlier attempt under this key created (its answer was never stored), or null. */
  createdId: string | null;
  /**
   * A statement recording `id` as this key's creation, for the creating batch; with the secret
   * the answer shows once (an API key), sealed by `sealSecret`, so a retry can show it again.
   */
  recordCreated(id: string, sealedSecret?: string): BatchItem<"sqlite">;
  /** `secret` sealed for this key alone (its seal context), for `recordCreated`. */
  sealSecret(secret: string): Promise<string>;
  /** The secret recorded with `createdId`, opened; null when none was recorded. */
  createdSecret(): Promise<string | null>;
  /**
   * An id that every attempt of this keyed request makes alike: the n-th call for `purpose` gives
   * the same id on a retry. An append that uses it as its entry's id finds, on the retry after a
   * lost answer, the entry it made instead of appending a second (fraud case events).
   */
  stableId(purpose: string): Promise<string>;
}

export const DEFAULT_SETTINGS = {
  riskAlertThreshold: 40,
  currency: "GHS",
  maxWebhookSubscriptions: 20,
} as const;

export function toTenant(row: typeof tenants.$inferSelect): Tenant {
  return {
    id: row.id,
    name: row.name,
    shard: row.shard,
    features: row.features ?? {},
    settings: { ...DEFAULT_SETTINGS, ...(row.settings ?? {}) },
    writeFencedFrom: row.writeFencedFrom ?? null,
    writeFencedUntil: row.writeFencedUntil ?? null,
  };
}

/** Seconds the tenant's write fence still holds at `now` (0: not fenced). */
export function fenceSecondsLeft(
  tenant: Pick<Tenant, "writeFencedFrom" | "writeFencedUntil">,
  now: Date,
): number {
  if (!tenant.writeFencedUntil) return 0;
  if (tenant.writeFencedFrom && Date.parse(tenant.writeFencedFrom) > now.getTime()) return 0;
  const left = Date.parse(tenant.writeFencedUntil) - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** A write refused while a move fences the tenant; callers retry after `retryAfterSeconds`. */
export const tenantFenced = (retryAfterSeconds: number) =>
  new AppError(
    "unavailable",
    `This tenant is being moved between databases: writes resume within ${retryAfterSeconds} s`,
    undefined,
    retryAfterSeconds,
  );

export function tenantContext(
  env: Env,
  tenant: Tenant,
  requestId: string,
  clock: Clock = systemClock,
): TenantContext {
  return {
    env,
    tenant,
    tenantId: tenant.id,
    db: forTenant(systemShardDb(env, tenant.shard), tenant.id),
    clock,
    requestId,
  };
}

/** A repository scope for one tenant on a known shard (Durable Objects, which know both). */
export const tenantScope = (env: Env, shard: number, tenantId: string): TenantScope => ({
  db: forTenant(systemShardDb(env, shard), tenantId),
  tenantId,
});

/**
 * The same context with its D1 bindings (its shard, in `db` and in `env`, and CONTROL_DB)
 * seen through `wrap`: how the instrumentation middleware installs its counting proxy.
 */
export function withD1Wrapper(ctx: TenantContext, wrap: (d1: D1Database) => D1Database): TenantContext {
  const shard = wrap(systemShardBinding(ctx.env, ctx.tenant.shard));
  const env = { ...ctx.env, CONTROL_DB: wrap(ctx.env.CONTROL_DB), [`SHARD_${ctx.tenant.shard}`]: shard };
  return { ...ctx, env, db: forTenant(drizzleShard(shard), ctx.tenantId) };
}

/**
 * The same context on another binding of its own shard (a D1 session: src/db/d1-session.ts),
 * in `db` and in `env`, so repositories and raw system-repo reads share the session.
 */
export function withShardBinding(ctx: TenantContext, shard: D1Database): TenantContext {
  const env = { ...ctx.env, [`SHARD_${ctx.tenant.shard}`]: shard };
  return { ...ctx, env, db: forTenant(drizzleShard(shard), ctx.tenantId) };
}

/**
 * For queues, cron and Durable Objects, which know only the tenant id. Background work writes,
 * so a tenant under a move's write fence refuses it (`unavailable`: the jobs consumer retries
 * the message after the fence); `readOnly` callers pass through.
 */
export async function loadTenantContext(
  env: Env,
  tenantId: string,
  requestId: string,
  options: { readOnly?: boolean } = {},
): Promise<TenantContext> {
  const row = await controlDb(env).select().from(tenants).where(eq(tenants.id, tenantId)).get();
  if (!row) throw notFound("Tenant");
  const tenant = toTenant(row);
  const fenced = fenceSecondsLeft(tenant, new Date());
  if (fenced > 0 && !options.readOnly) throw tenantFenced(fenced);
  return tenantContext(env, tenant, requestId);
}
