import { env } from "cloudflare:workers";
import { is, type Query, SQL, sql } from "drizzle-orm";
import { systemShardBinding, systemShardDb } from "../../src/db/system-db";
import { forTenant, type TenantDb } from "../../src/db/tenant-db";
import { createTenant } from "../harness";

// Query-plan checks through the D1 binding (json-join-plans, screening-plans). Local D1 has no
// statistics, so an empty shard shows the plan a big tenant gets.

/** A template's statement (src/db/statement-template.ts): its text and values. */
type Built = { toSQL(): Query };

/** EXPLAIN QUERY PLAN of a statement on a shard: one detail line per step. */
export async function planOf(shard: number, statement: SQL | Built): Promise<string[]> {
  if (!is(statement, SQL)) {
    const { sql: text, params } = statement.toSQL();
    const { results } = await systemShardBinding(env, shard)
      .prepare(`EXPLAIN QUERY PLAN ${text}`)
      .bind(...params)
      .all<{ detail: string }>();
    return results.map((r) => r.detail);
  }
  const db = systemShardDb(env, shard);
  return (await db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${statement}`)).map((r) => r.detail);
}

/** A new tenant's scope over its shard. */
export async function scoped() {
  const t = await createTenant();
  return { shard: t.shard, scope: { db: forTenant(systemShardDb(env, t.shard), t.id), tenantId: t.id } };
}

/**
 * The scope, its reads recorded instead of run (for statements a repository runs itself); a raw
 * template's statements are recorded as made (a repository may only return them for a batch).
 */
export function recording(scope: Awaited<ReturnType<typeof scoped>>["scope"]) {
  const statements: Array<SQL | Built> = [];
  const db = new Proxy(scope.db, {
    get(target, prop, receiver) {
      if (prop === "fromRawTemplate")
        return (...args: Parameters<TenantDb["fromRawTemplate"]>) => {
          const made = target.fromRawTemplate(...args);
          statements.push({ toSQL: () => made.getQuery() });
          return made;
        };
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
