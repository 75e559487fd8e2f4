import { env } from "cloudflare:workers";
import { type SQL, sql } from "drizzle-orm";
import { systemShardDb } from "../../src/db/system-db";
import { forTenant } from "../../src/db/tenant-db";
import { createTenant } from "../harness";

// Query-plan checks through the D1 binding (json-join-plans, screening-plans). Local D1 has no
// statistics, so an empty shard shows the plan a big tenant gets.

/** EXPLAIN QUERY PLAN of a statement on a shard: one detail line per step. */
export async function planOf(shard: number, statement: SQL): Promise<string[]> {
  const db = systemShardDb(env, shard);
  return (await db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${statement}`)).map((r) => r.detail);
}

/** A new tenant's scope over its shard. */
export async function scoped() {
  const t = await createTenant();
  return { shard: t.shard, scope: { db: forTenant(systemShardDb(env, t.shard), t.id), tenantId: t.id } };
}

/** The scope, its reads recorded instead of run (for statements a repository runs itself). */
export function recording(scope: Awaited<ReturnType<typeof scoped>>["scope"]) {
  const statements: SQL[] = [];
  const db = new Proxy(scope.db, {
    get(target, prop, receiver) {
      if (prop === "all")
        return async (q: SQL) => {
          statements.push(q);
          return [];
        };
      if (prop === "batchSql")
        return async (qs: SQL[]) => {
          statements.push(...qs);
          return qs.map(() => ({ results: [] }));
        };
      return Reflect.get(target, prop, receiver);
    },
  });
  return { scope: { ...scope, db }, statements };
}
