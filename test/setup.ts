import type { D1Migration } from "@cloudflare/vitest-pool-workers";
// Loads the Worker's module graph here, in setup (the pool makes cloudflare:test import the
// main module), so a file's first test does not pay for it inside its timeout.
import "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll } from "vitest";
import { shardNumbers } from "../src/db/client";
import { systemShardBinding } from "../src/db/system-db";
import { catalogIssues } from "../src/modules/events/responses";

/**
 * What applyD1Migrations (cloudflare:test) does, with the same d1_migrations table and rows, but
 * every pending migration of a database in one batch: one round trip and one commit instead of
 * one per migration, about 2 s less setup per test file (docs/decisions/ci.md). Setup files may
 * run more than once; what is already applied is skipped.
 */
async function applyMigrations(db: D1Database, migrations: D1Migration[]) {
  await db
    .prepare(
      `CREATE TABLE IF NOT EXISTS d1_migrations (
         id INTEGER PRIMARY KEY AUTOINCREMENT,
         name TEXT UNIQUE,
         applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)`,
    )
    .run();
  const { results } = await db.prepare("SELECT name FROM d1_migrations").all<{ name: string }>();
  const applied = new Set(results.map((r) => r.name));
  const record = db.prepare("INSERT INTO d1_migrations (name) VALUES (?)");
  const statements = migrations
    .filter((m) => !applied.has(m.name))
    .flatMap((m) => [...m.queries.map((q) => db.prepare(q)), record.bind(m.name)]);
  if (statements.length) await db.batch(statements);
}

// Every shard the Worker discovers (SHARD_<n> bindings: wrangler.toml's, and SHARD_2 bound only
// by vitest.config.ts) gets the shard migrations; the databases are independent, so side by side.
const shards = shardNumbers(env).map((n) => systemShardBinding(env, n));
await Promise.all([
  applyMigrations(env.CONTROL_DB, env.CONTROL_MIGRATIONS),
  ...shards.map((shard) => applyMigrations(shard, env.SHARD_MIGRATIONS)),
]);

// Every event any test of this file recorded must match its entry in the event catalog
// (src/modules/events/responses.ts): an emitted type missing from the catalog, or data that
// departs from its documented shape, fails the file. Files before this one in a shared workerd
// were checked by their own run: only rows written since this file began are read.
const eventsBefore = await Promise.all(
  shards.map(
    async (shard) =>
      (await shard.prepare("SELECT max(rowid) AS n FROM events").first<{ n: number | null }>())?.n ?? 0,
  ),
);
afterAll(async () => {
  const issues: string[] = [];
  for (const [i, shard] of shards.entries()) {
    const { results } = await shard
      .prepare("SELECT type, data FROM events WHERE rowid > ? ORDER BY rowid LIMIT 20000")
      .bind(eventsBefore[i])
      .all<{ type: string; data: string }>();
    for (const e of results) issues.push(...catalogIssues(e.type, JSON.parse(e.data)));
  }
  const distinct = [...new Set(issues)];
  if (distinct.length) throw new Error(`Events outside the catalog:\n${distinct.slice(0, 20).join("\n")}`);
});
