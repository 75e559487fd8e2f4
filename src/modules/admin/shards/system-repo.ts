import { systemShardBinding } from "../../../db/system-db";
import type { Env } from "../../../env";

/** What one statement on a shard tells placement and the operator: size, rows, migrations, outbox. */
export interface ShardFigureRow {
  bytes: number;
  rows: number;
  migrations: number;
  outboxPending: number;
}

/**
 * One read per shard, every count served by a small table or a partial index (so the figures
 * stay cheap on a 10 GB shard): data_row_counts (the data module's read model; shard migration
 * 0033, kept by triggers), d1_migrations (wrangler's and the tests' migration table), the
 * outbox's pending index (the events read model). Bytes are D1's own figure for the database
 * file after the statement (`meta.size_after`), what the 10 GB limit is measured against.
 */
export async function readShardFigures(env: Env, shard: number): Promise<ShardFigureRow> {
  const result = await systemShardBinding(env, shard)
    .prepare(
      `SELECT
         (SELECT coalesce(sum(n), 0) FROM data_row_counts) AS rows,
         (SELECT count(*) FROM d1_migrations) AS migrations,
         (SELECT count(*) FROM events WHERE dispatched_at IS NULL) AS outbox_pending`,
    )
    .all<Record<string, number>>();
  const row = result.results[0] ?? {};
  return {
    bytes: result.meta.size_after ?? 0,
    rows: row.rows ?? 0,
    migrations: row.migrations ?? 0,
    outboxPending: row.outbox_pending ?? 0,
  };
}
