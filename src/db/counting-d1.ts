import { interceptD1 } from "./d1-interceptor";
import { type TenantContext, withD1Wrapper } from "./tenant-context";

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
  let count = 0;
  let trips = 0;
  const binding = interceptD1(d1, (statements, send) => {
    count += statements;
    trips++;
    return send();
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
