import type { BatchItem } from "drizzle-orm/batch";
import { AppError } from "../lib/errors";

/**
 * Batch items whose statement can only be made just before their batch runs, from what the
 * database holds then: an audit entry, whose chain hash covers the log's head (read first) and
 * is keyed with a secret SQL never sees (src/modules/audit/chain/steps/writer.ts). The item goes into
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
  /**
   * Batches whose items share a lane (one audit log) are made and run one after another in this
   * isolate, so writers of one log in one isolate do not conflict; across isolates they retry.
   */
  lane?(items: readonly Deferred[]): string;
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

/** Attempts of a batch whose deferred items lost their place to a concurrent writer (another isolate). */
const ATTEMPTS = 10;
/**
 * A batch waits for the one before it in its lane while that one makes progress: past
 * LANE_STUCK_MS running (or LANE_GIVE_UP_MS waiting in all), it runs anyway (the retry keeps it
 * correct), so a request cancelled mid-turn does not hold its lane for good.
 */
const LANE_STUCK_MS = 2_000;
const LANE_GIVE_UP_MS = 20_000;

interface Turn {
  done: Promise<void>;
  startedAt: number | null;
}
const lanes = new Map<string, Turn>();

const finishedWithin = async (turn: Turn, ms: number) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const finished = await Promise.race([
    turn.done.then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]);
  clearTimeout(timer);
  return finished;
};

async function inLane<T>(lane: string | undefined, run: () => Promise<T>): Promise<T> {
  if (!lane) return run();
  const before = lanes.get(lane);
  let release = () => {};
  const mine: Turn = {
    done: new Promise<void>((resolve) => {
      release = resolve;
    }),
    startedAt: null,
  };
  lanes.set(lane, mine);
  const since = Date.now();
  while (before && !(await finishedWithin(before, LANE_STUCK_MS))) {
    const now = Date.now();
    if (now - since >= LANE_GIVE_UP_MS) break;
    if (before.startedAt !== null && now - before.startedAt >= LANE_STUCK_MS) break;
  }
  mine.startedAt = Date.now();
  try {
    return await run();
  } finally {
    release();
    if (lanes.get(lane) === mine) lanes.delete(lane);
  }
}

/** Runs `items` through `raw` (a client's own batch), making the deferred ones first. */
export async function runDeferredBatch<T, R>(
  raw: (items: [T | BatchItem<"sqlite">, ...(T | BatchItem<"sqlite">)[]]) => Promise<R>,
  items: readonly (T | Deferred)[],
): Promise<R> {
  type Made = [T | BatchItem<"sqlite">, ...(T | BatchItem<"sqlite">)[]];
  const pending = items.filter(isDeferred);
  if (pending.length === 0) return raw(items as unknown as Made);
  const kinds = [...new Set(pending.map((item) => item[DEFERRED]))];
  const lane = kinds
    .map((kind) => kind.lane?.(pending.filter((item) => item[DEFERRED] === kind)))
    .filter(Boolean)
    .join("|");
  const results = await inLane(lane || undefined, () => attempts(raw, items, pending, kinds));
  for (const kind of kinds) {
    const at = items.flatMap((item, i) => (isDeferred(item) && item[DEFERRED] === kind ? [i] : []));
    await kind.done?.(
      at.map((i) => items[i] as Deferred),
      at.map((i) => (results as unknown[])[i]),
    );
  }
  return results;
}

async function attempts<T, R>(
  raw: (items: [T | BatchItem<"sqlite">, ...(T | BatchItem<"sqlite">)[]]) => Promise<R>,
  items: readonly (T | Deferred)[],
  pending: Deferred[],
  kinds: DeferredKind[],
): Promise<R> {
  type Made = [T | BatchItem<"sqlite">, ...(T | BatchItem<"sqlite">)[]];
  for (let attempt = 1; ; attempt++) {
    const made = new Map<Deferred, BatchItem<"sqlite">>();
    for (const kind of kinds) {
      const ofKind = pending.filter((item) => item[DEFERRED] === kind);
      const statements = await kind.make(ofKind);
      for (const [i, item] of ofKind.entries()) made.set(item, statements[i]);
    }
    const batch = items.map((item) => (isDeferred(item) ? made.get(item)! : item));
    try {
      return await raw(batch as Made);
    } catch (err) {
      if (!kinds.some((kind) => kind.isConflict(err))) throw err;
      // Still losing to other writers after every attempt: a busy log, not a fault. The caller
      // answers 503 with Retry-After (nothing of the batch was written) rather than a 500.
      if (attempt >= ATTEMPTS)
        throw new AppError("unavailable", "The log is busy with other writers: retry shortly", undefined, 1);
      // Writers of one log in other isolates: spread the retries so they do not meet again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** attempt, 200)));
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
