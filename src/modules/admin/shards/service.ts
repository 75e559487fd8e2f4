import { controlDb, shardNumbers } from "../../../db/client";
import type { ShardRegistryRow } from "../../../db/control-schema";
import type { Env } from "../../../env";
import { AppError, badRequest, notFound } from "../../../lib/errors";
import { type OperatorContext, operatorAuditInsert } from "../../audit/service";
import { dueDeliveriesOnShard } from "../../webhooks/service";
import { pendingRunsOnShard } from "../../workflows/service";
import { namedShardProblem, placeTenant, readyShards, type ShardLoad } from "../domain/placement";
import { tenantsPerShard } from "../repo";
import * as repo from "./repo";
import { readShardFigures, type ShardFigureRow } from "./system-repo";

export type ShardState = ShardRegistryRow["state"];

/** A shard as the operator sees it: the registry's state with the figures measured now. */
export interface ShardView {
  shard: number;
  binding: string;
  bound: boolean;
  state: ShardState;
  ready: boolean;
  notes: string;
  tenants: number;
  bytes: number | null;
  rows: number | null;
  migrationsApplied: number | null;
  queues: ShardQueues | null;
  problem: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** Work waiting in a shard's tables: what a Worker can see of queue depth (docs/operations.md). */
export interface ShardQueues {
  outboxPending: number;
  deliveriesDue: number;
  workflowRunsPending: number;
}

type Figures = ShardFigureRow & Partial<Omit<ShardQueues, "outboxPending">>;
type Measured = { figures: Figures } | { error: string };

/** The figures of one shard; the queue counts of other modules only when asked (the listing). */
async function figuresOfShard(env: Env, shard: number, withQueues: boolean): Promise<Figures> {
  const figures = await readShardFigures(env, shard);
  if (!withQueues) return figures;
  const [deliveriesDue, workflowRunsPending] = await Promise.all([
    dueDeliveriesOnShard(env, shard),
    pendingRunsOnShard(env, shard),
  ]);
  return { ...figures, deliveriesDue, workflowRunsPending };
}

async function measure(env: Env, withQueues = false): Promise<ShardView[]> {
  const db = controlDb(env);
  const bound = shardNumbers(env);
  const [registry, tenants, measured] = await Promise.all([
    repo.registryRows(db),
    tenantsPerShard(db),
    Promise.all(
      bound.map(
        (n): Promise<Measured> =>
          figuresOfShard(env, n, withQueues).then(
            (figures) => ({ figures }),
            (err) => ({ error: String(err instanceof Error ? err.message : err) }),
          ),
      ),
    ),
  ]);
  const byShard = new Map(bound.map((n, i) => [n, measured[i] as Measured]));
  const ready = readyShards(
    new Map(bound.map((n) => [n, figuresOf(byShard.get(n))?.migrations ?? null] as const)),
  );
  const registryOf = new Map(registry.map((r) => [r.shard, r]));
  // Shards named by a registry row or a tenant but no longer bound are listed too: their
  // tenants cannot be served until the binding is back.
  const known = [...new Set([...bound, ...registryOf.keys(), ...tenants.keys()])].sort((a, b) => a - b);
  return known.map((shard) => {
    const m = byShard.get(shard);
    const figures = figuresOf(m);
    const row = registryOf.get(shard);
    const count = tenants.get(shard) ?? 0;
    const queues: ShardQueues | null =
      figures && withQueues
        ? {
            outboxPending: figures.outboxPending,
            deliveriesDue: figures.deliveriesDue ?? 0,
            workflowRunsPending: figures.workflowRunsPending ?? 0,
          }
        : null;
    return {
      shard,
      binding: `SHARD_${shard}`,
      bound: m !== undefined,
      state: row?.state ?? "open",
      ready: ready.has(shard),
      notes: row?.notes ?? "",
      tenants: count,
      bytes: figures?.bytes ?? null,
      rows: figures?.rows ?? null,
      migrationsApplied: figures?.migrations ?? null,
      queues,
      problem: problemOf(m, ready.has(shard), count),
      updatedAt: row?.updatedAt ?? null,
      updatedBy: row?.updatedBy ?? null,
    };
  });
}

const figuresOf = (m: Measured | undefined) => (m && "figures" in m ? m.figures : null);

function problemOf(m: Measured | undefined, ready: boolean, tenants: number): string | null {
  if (!m)
    return `no SHARD_n binding in this deployment${tenants ? `: ${tenants} tenant(s) cannot be served` : ""}`;
  if ("error" in m) return `figures unreadable (migrations not applied?): ${m.error}`;
  if (!ready) return "migrations behind the other shards: apply them before it takes tenants";
  return null;
}

const loadsOf = (views: ShardView[]): ShardLoad[] =>
  views
    .filter((v) => v.bound)
    .map((v) => ({
      shard: v.shard,
      open: v.state === "open",
      ready: v.ready,
      bytes: v.bytes ?? 0,
      rows: v.rows ?? 0,
      tenants: v.tenants,
    }));

/** Every shard with its figures, and where the next tenant would be placed (null: nowhere). */
export async function listShards(env: Env) {
  const views = await measure(env, true);
  return { data: views, nextPlacement: placeTenant(loadsOf(views)) };
}

/**
 * The shard of a new tenant: the operator's choice when it names one (it must be bound, open
 * and migrated), else the open shard of least measured load.
 */
export async function chooseShard(env: Env, requested: number | undefined): Promise<number> {
  const loads = loadsOf(await measure(env));
  if (requested !== undefined) {
    const problem = namedShardProblem(requested, loads);
    if (problem) throw badRequest("Invalid request", [{ path: "shard", message: problem }]);
    return requested;
  }
  const placed = placeTenant(loads);
  if (placed === null)
    throw new AppError(
      "conflict",
      "No shard is open to new tenants: open one with PATCH /admin/shards/{shard}",
    );
  return placed;
}

export interface ShardPatch {
  state?: ShardState;
  notes?: string;
}

/** Opens or closes a bound shard to new tenants, or sets its notes; audited, a no-op records nothing. */
export async function updateShard(op: OperatorContext, shard: number, patch: ShardPatch): Promise<ShardView> {
  if (!shardNumbers(op.env).includes(shard)) throw notFound("Shard");
  const db = controlDb(op.env);
  const current = (await repo.registryRows(db)).find((r) => r.shard === shard);
  const before = { state: current?.state ?? "open", notes: current?.notes ?? "" };
  const after = { state: patch.state ?? before.state, notes: patch.notes ?? before.notes };
  if (after.state !== before.state || after.notes !== before.notes) {
    const row: ShardRegistryRow = {
      shard,
      ...after,
      updatedAt: op.clock.now().toISOString(),
      updatedBy: op.actor.id,
    };
    await db.batch([
      repo.upsertRegistryRow(db, row),
      operatorAuditInsert(
        op,
        { action: "shard.updated", target: { type: "shard", id: String(shard) }, before, after },
        null,
      ),
    ]);
  }
  const view = (await measure(op.env, true)).find((v) => v.shard === shard);
  if (!view) throw notFound("Shard");
  return view;
}
