import type { Env } from "../env";
import { yieldToEventLoop } from "../lib/yield";
import { interceptD1 } from "./d1-interceptor";

/** Wall time after which the next D1 statement first hands the isolate back to the event loop. */
export const D1_YIELD_AFTER_MS = 20;

export interface YieldGate {
  /** Undefined, or a promise to await before the next statement. */
  pass(): Promise<void> | undefined;
}

/**
 * One gate per isolate: when `everyMs` of wall time passed since the isolate last handed back,
 * the next statement waits for one turn of the event loop first. Workers' clock moves only on
 * I/O, so the time read before a statement is when the previous one answered.
 */
export function yieldGate(
  now: () => number = Date.now,
  handBack: () => Promise<void> = yieldToEventLoop,
  everyMs = D1_YIELD_AFTER_MS,
): YieldGate {
  let last = now();
  return {
    pass() {
      const t = now();
      if (t - last < everyMs) return undefined;
      last = t;
      return handBack();
    },
  };
}

const isolateGate = yieldGate();

/**
 * A D1 binding (or session) whose statements pass `gate` before they run. Locally Miniflare's D1
 * runs on workerd's one thread, and a chain of awaits on it alone never empties workerd's event
 * queue: workerd polled no socket for 0.14-1.4 s while the webhook outbox ran 50 rounds
 * (docs/decisions/faults.md#slices-that-yield), and every request waited. On the platform D1 is
 * a network call that frees the isolate anyway; there the gate costs one zero timer per 20 ms.
 */
export function yieldingD1<T extends D1Database | D1DatabaseSession>(
  d1: T,
  gate: YieldGate = isolateGate,
): T {
  return interceptD1(d1, (_statements, send) => {
    const waiting = gate.pass();
    return waiting ? waiting.then(send) : send();
  });
}

/** Per isolate, each raw binding's wrapper (per-binding memos such as src/db/tenant-rows.ts's stay warm). */
const wrapped = new WeakMap<D1Database, D1Database>();

/** `env` with CONTROL_DB and every SHARD_n seen through `yieldingD1`: what every entry point hands on. */
export function yieldingEnv(env: Env): Env {
  const out: Record<string, unknown> = { ...env };
  for (const [name, value] of Object.entries(env)) {
    if (name !== "CONTROL_DB" && !/^SHARD_\d+$/.test(name)) continue;
    const raw = value as D1Database;
    let proxy = wrapped.get(raw);
    if (!proxy) {
      proxy = yieldingD1(raw);
      wrapped.set(raw, proxy);
    }
    out[name] = proxy;
  }
  return out as unknown as Env;
}
