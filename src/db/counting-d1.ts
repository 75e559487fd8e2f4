import { type TenantContext, withD1Wrapper } from "./tenant-context";

/** What a statement runs by; preparing and binding send nothing. */
const EXECUTE = new Set(["all", "run", "first", "raw"]);

export interface CountingD1 {
  binding: D1Database;
  /** Statements sent so far: one per executed statement, one per statement of a batch, one per exec. */
  queries: () => number;
  /** Calls that went to D1 so far: one per executed statement, per batch (however many statements), per exec. */
  roundTrips: () => number;
}

/**
 * A D1 binding that counts the statements it sends, alone or in a batch (D1 allows 1,000
 * per invocation). Outside production the instrumentation middleware reports the count as
 * `x-d1-queries`, which is how the benches measure D1 queries per request.
 */
export function countingD1(d1: D1Database): CountingD1 {
  // batch() must receive the binding's own statements, not our proxies.
  const inner = new WeakMap<object, D1PreparedStatement>();
  let count = 0;
  let trips = 0;
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        const value = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        if (EXECUTE.has(String(prop))) {
          return (...args: unknown[]) => {
            count++;
            trips++;
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
    inner.set(proxy, stmt);
    return proxy;
  };
  const binding = new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => wrap(target.prepare(sql));
      if (prop === "batch") {
        return (stmts: D1PreparedStatement[]) => {
          count += stmts.length;
          trips++;
          return target.batch(stmts.map((s) => inner.get(s) ?? s));
        };
      }
      if (prop === "exec") {
        return (sql: string) => {
          count++;
          trips++;
          return target.exec(sql);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { binding, queries: () => count, roundTrips: () => trips };
}

/** A tenant context whose D1 bindings (shard and CONTROL_DB) count every statement they send. */
export function countingContext(ctx: TenantContext): {
  ctx: TenantContext;
  queries: () => number;
  roundTrips: () => number;
} {
  const counters: CountingD1[] = [];
  const counted = withD1Wrapper(ctx, (d1) => {
    const counter = countingD1(d1);
    counters.push(counter);
    return counter.binding;
  });
  const sum = (of: (c: CountingD1) => number) => counters.reduce((n, c) => n + of(c), 0);
  return {
    ctx: counted,
    queries: () => sum((c) => c.queries()),
    roundTrips: () => sum((c) => c.roundTrips()),
  };
}
