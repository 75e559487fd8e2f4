/**
 * Where a new tenant goes (docs/operations.md#placement). Pure: the service measures, this
 * decides. A shard's load is its bytes as D1 reports them (`meta.size_after`), plus a reserve
 * for each tenant on it, so tenants created in a row before their data arrives spread out
 * instead of all landing on the emptiest shard.
 */

/** The bytes a new tenant is assumed to take before its data shows (~25,000 transactions). */
export const TENANT_RESERVE_BYTES = 8 * 1024 * 1024;

export interface ShardLoad {
  shard: number;
  /** The operator's state (the shard registry); closed shards take no new tenant. */
  open: boolean;
  /** Figures were read and every migration the other shards have is applied here. */
  ready: boolean;
  bytes: number;
  /** Rows of customers, accounts, transactions and agents (data_row_counts). */
  rows: number;
  tenants: number;
}

export const placementLoad = (s: Pick<ShardLoad, "bytes" | "tenants">): number =>
  s.bytes + s.tenants * TENANT_RESERVE_BYTES;

/** The open, ready shard of least load; ties: fewer rows, then the lower number. Null when none. */
export function placeTenant(shards: readonly ShardLoad[]): number | null {
  let best: ShardLoad | null = null;
  for (const s of shards) {
    if (!s.open || !s.ready) continue;
    if (!best || compare(s, best) < 0) best = s;
  }
  return best?.shard ?? null;
}

function compare(a: ShardLoad, b: ShardLoad): number {
  return placementLoad(a) - placementLoad(b) || a.rows - b.rows || a.shard - b.shard;
}

/**
 * A shard is ready when its migrations count reaches the highest any shard has: a binding added
 * before `wrangler d1 migrations apply` ran would otherwise receive tenants it has no tables for.
 * Null: the figures could not be read (no tables at all).
 */
export function readyShards(migrations: ReadonlyMap<number, number | null>): Set<number> {
  const counts = [...migrations.values()].filter((n): n is number => n !== null);
  const newest = counts.length ? Math.max(...counts) : 0;
  return new Set([...migrations].filter(([, n]) => n !== null && n === newest).map(([shard]) => shard));
}

/** Why a named shard cannot take a new tenant, or null when it can. */
export function namedShardProblem(shard: number, shards: readonly ShardLoad[]): string | null {
  const s = shards.find((x) => x.shard === shard);
  if (!s) return `shard ${shard} is not a shard of this deployment (bound: ${shardList(shards)})`;
  if (!s.open) return `shard ${shard} is closed to new tenants`;
  if (!s.ready) return `shard ${shard} is not ready: its migrations are behind the other shards`;
  return null;
}

const shardList = (shards: readonly ShardLoad[]) => shards.map((s) => s.shard).join(", ") || "none";
