import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll } from "vitest";
import { shardNumbers } from "../src/db/client";
import { systemShardBinding } from "../src/db/system-db";
import { catalogIssues } from "../src/modules/events/schemas";

// Every shard the Worker discovers (SHARD_<n> bindings: wrangler.toml's, and SHARD_2 bound only
// by vitest.config.ts) gets the shard migrations. Setup files may run more than once;
// applyD1Migrations skips what is already applied.
const shards = shardNumbers(env).map((n) => systemShardBinding(env, n));
await applyD1Migrations(env.CONTROL_DB, env.CONTROL_MIGRATIONS);
for (const shard of shards) await applyD1Migrations(shard, env.SHARD_MIGRATIONS);

// Every event any test of this file recorded must match its entry in the event catalog
// (src/modules/events/schemas.ts): an emitted type missing from the catalog, or data that
// departs from its documented shape, fails the file.
afterAll(async () => {
  const issues: string[] = [];
  for (const shard of shards) {
    const { results } = await shard
      .prepare("SELECT type, data FROM events ORDER BY created_at LIMIT 20000")
      .all<{ type: string; data: string }>();
    for (const e of results) issues.push(...catalogIssues(e.type, JSON.parse(e.data)));
  }
  const distinct = [...new Set(issues)];
  if (distinct.length) throw new Error(`Events outside the catalog:\n${distinct.slice(0, 20).join("\n")}`);
});
