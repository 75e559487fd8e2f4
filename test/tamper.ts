import { env } from "cloudflare:workers";

/**
 * Runs `change` with the append-only guard of `table` dropped, as someone with write access to
 * the shard database could, and puts the guard back afterwards.
 */
export async function withoutGuard(table: string, change: () => Promise<unknown>) {
  const db = env.SHARD_0;
  const guards = await db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?")
    .bind(table)
    .all<{ name: string; sql: string }>();
  for (const g of guards.results) await db.prepare(`DROP TRIGGER ${g.name}`).run();
  try {
    await change();
  } finally {
    for (const g of guards.results) await db.prepare(g.sql).run();
  }
}
