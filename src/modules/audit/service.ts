import type { BatchItem } from "drizzle-orm/batch";
import { type ControlDb, controlDb, shardNumbers, type TenantScope } from "../../db/client";
import { keysetPage, type PageRequest } from "../../db/keyset";
import { type KeyedCreate, loadTenantContext, type TenantContext } from "../../db/tenant-context";
import type { Env } from "../../env";
import { type Clock, systemClock } from "../../lib/clock";
import { uuidV7 } from "../../lib/crypto";
import { presentPage } from "../../lib/pagination";
import { operatorEntry, tenantEntry } from "./chain/steps/writer";

export { type AuditRechainCount, rechainAuditLogs } from "./chain/steps/rechain";
export { isAuditConflict } from "./chain/steps/writer";

import { mergeNewestFirst } from "./domain/merge";
import { redactSecrets } from "./domain/redact";
import type { Actor, AuditChange, AuditEntry } from "./domain/types";
import * as repo from "./repo";
import * as systemRepo from "./system-repo";

function rowOf(actor: Actor, change: AuditChange, tenantId: string | null, requestId: string, at: Date) {
  return {
    id: uuidV7(at),
    actorType: actor.type,
    actorId: actor.id,
    action: change.action,
    targetType: change.target.type,
    targetId: change.target.id,
    tenantId,
    before: change.before ? redactSecrets(change.before) : null,
    after: change.after ? redactSecrets(change.after) : null,
    requestId,
    createdAt: at.toISOString(),
  } satisfies repo.AuditRow;
}

export interface AuditOptions {
  /** Write the entry only if the statement just before it in the batch changed a row. */
  onlyIfChanged?: boolean;
}

/**
 * An operator action's entry (CONTROL_DB), to put in the same db.batch as the change: the entry
 * exists if and only if the change does.
 */
export function operatorAuditInsert(
  op: OperatorContext,
  change: AuditChange,
  tenantId: string | null,
  options: AuditOptions = {},
) {
  const row = rowOf(op.actor, change, tenantId, op.requestId, op.clock.now());
  return operatorEntry(op.env, row, options.onlyIfChanged ?? false);
}

/**
 * An operator's revocation and its entry in one batch, both stamped with the same time: `revoke`
 * changes the row only while it is live, and the entry is written only if it did (idempotent).
 */
export async function revokeAudited(
  op: OperatorContext,
  db: ControlDb,
  revoke: (at: string) => BatchItem<"sqlite">,
  change: (at: string) => AuditChange,
  tenantId: string | null,
) {
  const at = op.clock.now().toISOString();
  await db.batch([revoke(at), operatorAuditInsert(op, change(at), tenantId, { onlyIfChanged: true })]);
}

/** A tenant's own action (its shard), attributed to the API key; for the change's db.batch. */
export function tenantAuditInsert(ctx: TenantContext, change: AuditChange, options: AuditOptions = {}) {
  const row = rowOf(tenantActor(ctx), change, ctx.tenantId, ctx.requestId, ctx.clock.now());
  return tenantEntry(ctx.env, ctx, row, options.onlyIfChanged ?? false);
}

/**
 * A job's entry in a tenant's own log (its shard), attributed to the system: for the batch of a
 * change a queue job makes for the tenant (an erasure's completion).
 */
export function tenantSystemAuditInsert(
  env: Env,
  scope: TenantScope,
  job: string,
  change: AuditChange,
  at: Date,
  options: AuditOptions = {},
) {
  const row = rowOf({ type: "system", id: job }, change, scope.tenantId, `system:${job}`, at);
  return tenantEntry(env, scope, row, options.onlyIfChanged ?? false);
}

// ---- reading ------------------------------------------------------------------------------

export interface AuditQuery {
  action?: string;
  since?: string;
  until?: string;
}

const present = (row: repo.AuditRow): AuditEntry => ({
  id: row.id,
  actor: { type: row.actorType, id: row.actorId },
  action: row.action,
  target: { type: row.targetType, id: row.targetId },
  tenantId: row.tenantId,
  before: row.before,
  after: row.after,
  requestId: row.requestId,
  createdAt: row.createdAt,
});

/** Stored times are UTC ISO strings; compare filters in the same form. */
const normalized = (q: AuditQuery & { tenantId?: string }): repo.AuditFilter => ({
  ...q,
  since: q.since ? new Date(q.since).toISOString() : undefined,
  until: q.until ? new Date(q.until).toISOString() : undefined,
});

interface AuditSource {
  read: (take: number, beforeId?: string) => Promise<repo.AuditRow[]>;
  count: () => Promise<number>;
}

/** One page merged from several logs: each read up to the page's end, after the cursor's id. */
async function mergedPage(
  order: typeof repo.tenantAuditOrder,
  filter: object,
  page: PageRequest,
  sources: AuditSource[],
) {
  const found = await keysetPage(order, filter, page, {
    rows: async (plan) => {
      const beforeId = plan.key?.[0] as string | undefined;
      const lists = await Promise.all(sources.map((s) => s.read(plan.offset + plan.limit, beforeId)));
      return mergeNewestFirst(
        lists.map((rows) => rows.map(present)),
        plan.limit,
        plan.offset,
      );
    },
    count: async () => (await Promise.all(sources.map((s) => s.count()))).reduce((sum, n) => sum + n, 0),
  });
  return presentPage(found, (entry) => entry);
}

/**
 * A tenant's log: its own actions (its shard) and the operator actions that targeted it
 * (CONTROL_DB), merged newest first.
 */
export function listTenantAudit(ctx: TenantContext, query: AuditQuery, page: PageRequest) {
  const filter = normalized({ ...query, tenantId: ctx.tenantId });
  return mergedPage(repo.tenantAuditOrder, filter, page, [
    systemRepo.controlSource(controlDb(ctx.env), filter),
    repo.tenantSource(ctx, filter),
  ]);
}

/**
 * The operator's log: operator actions and tenants' own actions, merged newest first. With a
 * tenant id, its shard only (an unknown tenant is a 404); without, every shard.
 */
export async function listOperatorAudit(
  env: Env,
  requestId: string,
  query: AuditQuery & { tenantId?: string },
  page: PageRequest,
) {
  const shard = query.tenantId
    ? (await loadTenantContext(env, query.tenantId, requestId, { readOnly: true })).tenant.shard
    : undefined;
  const filter = normalized(query);
  const shards = shard !== undefined ? [shard] : shardNumbers(env);
  return mergedPage(repo.operatorAuditOrder, filter, page, [
    systemRepo.controlSource(controlDb(env), filter),
    ...shards.map((n) => systemRepo.shardSource(env, n, filter)),
  ]);
}

/** What operator services take first: who is acting (for the audit log), and the request. */
export interface OperatorContext {
  env: Env;
  actor: Actor;
  requestId: string;
  clock: Clock;
  /** Set under an Idempotency-Key (KeyedCreate, src/db/tenant-context.ts). */
  idempotent?: KeyedCreate;
}

/** The actor id of the bootstrap ADMIN_TOKEN. */
export const BOOTSTRAP_OPERATOR = "bootstrap";

export const operatorContext = (env: Env, actor: Actor, requestId: string, clock: Clock = systemClock) => ({
  env,
  actor,
  requestId,
  clock,
});

/** A platform task acting on its own (scripts, jobs): recorded as a system actor. */
export const systemContext = (env: Env, name: string, clock: Clock = systemClock): OperatorContext =>
  operatorContext(env, { type: "system", id: name }, `system:${name}`, clock);

/** A tenant request is attributed to its API key; queues, cron and Durable Objects to the system. */
export const tenantActor = (ctx: Pick<TenantContext, "keyId" | "requestId">): Actor =>
  ctx.keyId ? { type: "api_key", id: ctx.keyId } : { type: "system", id: ctx.requestId };
