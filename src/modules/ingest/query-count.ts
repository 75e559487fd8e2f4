import { drizzle } from "drizzle-orm/d1";
import { shardBinding } from "../../db/client";
import * as shardSchema from "../../db/shard";
import type { TenantContext } from "../../db/tenant-context";

const EXECUTE = new Set(["all", "run", "first", "raw"]);

/**
 * The tenant context over a D1 binding that counts the statements it sends, alone or in a
 * batch. Outside production the ingest route reports the count as `x-d1-queries`, which is
 * how bench/ingest.mjs measures D1 queries per request.
 */
export function countingContext(ctx: TenantContext): { ctx: TenantContext; queries: () => number } {
  const d1 = shardBinding(ctx.env, ctx.tenant.shard);
  const inner = new WeakMap<object, D1PreparedStatement>();
  let count = 0;
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        const value = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        if (EXECUTE.has(String(prop))) {
          return (...args: unknown[]) => {
            count++;
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
    inner.set(proxy, stmt);
    return proxy;
  };
  const binding = {
    prepare: (sql: string) => wrap(d1.prepare(sql)),
    batch: (stmts: D1PreparedStatement[]) => {
      count += stmts.length;
      return d1.batch(stmts.map((s) => inner.get(s) ?? s));
    },
    exec: (sql: string) => {
      count++;
      return d1.exec(sql);
    },
  } as unknown as D1Database;
  return { ctx: { ...ctx, db: drizzle(binding, { schema: shardSchema }) }, queries: () => count };
}
