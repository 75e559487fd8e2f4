/** Bounded concurrency: at most `limit` of the items in flight at once. */

/** Runs `work` over the items, at most `limit` at once. */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Runs `work` over the items, at most `limit` at once, and answers per item in order null (it
 * succeeded) or the Error it threw: one item's failure neither stops nor fails the others.
 */
export async function settleLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<unknown>,
): Promise<Array<Error | null>> {
  const out: Array<Error | null> = items.map(() => null);
  await eachLimited(
    items.map((item, i) => [item, i] as const),
    limit,
    async ([item, i]) => {
      try {
        await work(item);
      } catch (err) {
        out[i] = err instanceof Error ? err : new Error(String(err));
      }
    },
  );
  return out;
}

/**
 * A gate: `run(work)` starts `work` once fewer than `limit` others run, in arrival order. For a
 * shared resource inside otherwise concurrent work (an invocation's open connections).
 */
export function limiter(limit: number): <R>(work: () => Promise<R>) => Promise<R> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (work) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
