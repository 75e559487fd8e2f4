import type { BatchItem } from "drizzle-orm/batch";
import { BoundedTtlCache } from "../lib/bounded-cache";
import type { TenantScope } from "./client";

type Items = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/** Reads built from what other reads answered (pre-transaction screening: the live rule sets). */
export interface Dependent {
  items: Items;
}

/**
 * Reads whose statements depend on what a first read answers, in one round trip instead of two
 * when the first read answers what it answered last time for the tenant in this isolate: the
 * dependent reads are built from that guess and sent in one batch (one snapshot) with the first;
 * if the answer changed, they are built again from it and sent alone (one more round trip). The
 * guess is always checked, so the results are those of reading in turn.
 * Pre-transaction screening's reads follow the live rule sets and high-risk countries this way:
 * one round trip less, its measure in docs/architecture.md#optimisations-and-their-measures.
 */
export function guessedReads<Seen>(same: (guess: Seen, seen: Seen) => boolean) {
  const lastSeen = new BoundedTtlCache<Seen>(1_000, 10 * 60_000);
  return async <D extends Dependent>(
    scope: TenantScope,
    nowMs: number,
    first: { items: Items; decode: (results: readonly unknown[]) => Seen | Promise<Seen> },
    dependent: (seen: Seen) => Promise<D>,
  ): Promise<{ reads: D; results: readonly unknown[] }> => {
    const guess = lastSeen.get(scope.tenantId, nowMs);
    const guessed = guess === undefined ? null : await dependent(guess);
    const answers = await scope.db.batch([...first.items, ...(guessed?.items ?? [])]);
    const seen = await first.decode(answers.slice(0, first.items.length));
    lastSeen.set(scope.tenantId, seen, nowMs);
    if (guessed && guess !== undefined && same(guess, seen))
      return { reads: guessed, results: answers.slice(first.items.length) };
    const reads = await dependent(seen);
    return { reads, results: await scope.db.batch(reads.items) };
  };
}
