import type { BatchItem } from "drizzle-orm/batch";

/**
 * Batch items whose statement can only be made just before their batch runs, from what the
 * database holds then: an audit entry, whose chain hash covers the log's head (read first) and
 * is keyed with a secret SQL never sees (src/modules/audit/chain/writer.ts). The item goes into
 * `db.batch([...])` like any statement (it has a statement's type), and the batches of the two
 * clients that may carry one (`TenantDb.batch`, `controlDb(env).batch`) make it there: items of
 * one kind are made together, in batch order. When the batch fails in a way the kind calls a
 * conflict (another writer took the place in between), they are made again from the new state
 * and the same batch runs again (it was one transaction, so nothing of it stayed).
 */
export interface DeferredKind {
  make(items: readonly Deferred[]): Promise<BatchItem<"sqlite">[]>;
  isConflict(error: unknown): boolean;
  /** After the batch committed: each item's result (a conditional insert may have written nothing). */
  done?(items: readonly Deferred[], results: readonly unknown[]): Promise<void>;
}

const DEFERRED = Symbol("deferred batch item");

/** Typed as a statement (so repositories pass it on unchanged); made by the batch that runs it. */
export interface Deferred extends BatchItem<"sqlite"> {
  readonly [DEFERRED]: DeferredKind;
}

export const isDeferred = (item: unknown): item is Deferred =>
  typeof item === "object" && item !== null && DEFERRED in item;

/**
 * A deferred item of `kind`, with `fields` for the kind to read. Awaited alone it runs as a
 * batch of one through `run` (as a Drizzle statement runs when awaited). Put into a batch that
 * cannot make it (a raw client's), it fails loudly instead of writing anything.
 */
export function deferred<T extends object>(
  kind: DeferredKind,
  fields: T,
  run: (self: Deferred & T) => Promise<unknown>,
): Deferred & T {
  const item = {
    ...fields,
    [DEFERRED]: kind,
    _: { dialect: "sqlite", result: undefined },
    _prepare() {
      throw new Error("a deferred statement (an audit entry) runs only in TenantDb or controlDb batches");
    },
    // biome-ignore lint/suspicious/noThenProperty: awaited alone it runs, as a Drizzle statement does
    then(resolve: (value: unknown) => unknown, reject: (reason: unknown) => unknown) {
      return run(item).then(resolve, reject);
    },
  } as unknown as Deferred & T;
  return item;
}

/** Attempts of a batch whose deferred items lost their place to a concurrent writer. */
const ATTEMPTS = 8;

/** Runs `items` through `raw` (a client's own batch), making the deferred ones first. */
export async function runDeferredBatch<T, R>(
  raw: (items: [T | BatchItem<"sqlite">, ...(T | BatchItem<"sqlite">)[]]) => Promise<R>,
  items: readonly (T | Deferred)[],
): Promise<R> {
  type Made = [T | BatchItem<"sqlite">, ...(T | BatchItem<"sqlite">)[]];
  const pending = items.filter(isDeferred);
  if (pending.length === 0) return raw(items as unknown as Made);
  const kinds = [...new Set(pending.map((item) => item[DEFERRED]))];
  for (let attempt = 1; ; attempt++) {
    const made = new Map<Deferred, BatchItem<"sqlite">>();
    for (const kind of kinds) {
      const ofKind = pending.filter((item) => item[DEFERRED] === kind);
      const statements = await kind.make(ofKind);
      for (const [i, item] of ofKind.entries()) made.set(item, statements[i]);
    }
    const batch = items.map((item) => (isDeferred(item) ? made.get(item)! : item));
    try {
      const results = await raw(batch as Made);
      for (const kind of kinds) {
        const at = items.flatMap((item, i) => (isDeferred(item) && item[DEFERRED] === kind ? [i] : []));
        await kind.done?.(
          at.map((i) => items[i] as Deferred),
          at.map((i) => (results as unknown[])[i]),
        );
      }
      return results;
    } catch (err) {
      if (attempt >= ATTEMPTS || !kinds.some((kind) => kind.isConflict(err))) throw err;
      // Concurrent writers of one log: spread the retries so they do not meet again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 4 * attempt));
    }
  }
}

/**
 * A batch of prepared D1 statements with deferred items among them (a sweep that writes the
 * binding directly): the deferred items made as in a client's batch, then prepared from their SQL.
 */
export function runDeferredD1(d1: D1Database, items: readonly (D1PreparedStatement | Deferred)[]) {
  return runDeferredBatch(
    (made) =>
      d1.batch(
        made.map((item) => {
          const query = item as { toSQL?: () => { sql: string; params: unknown[] } };
          if (typeof query.toSQL !== "function") return item as D1PreparedStatement;
          const { sql, params } = query.toSQL();
          return d1.prepare(sql).bind(...params);
        }),
      ),
    items,
  );
}

/** A client whose `batch` makes deferred items (the control database's; TenantDb has its own). */
export function withDeferredBatch<D extends { batch: (items: never) => Promise<unknown> }>(db: D): D {
  const raw = db.batch.bind(db) as unknown as (items: BatchItem<"sqlite">[]) => Promise<unknown>;
  Object.defineProperty(db, "batch", {
    value: (items: BatchItem<"sqlite">[]) => runDeferredBatch(raw, items),
  });
  return db;
}
