/**
 * Hands the isolate back to the event loop between slices of long work
 * (docs/decisions/faults.md#slices-that-yield): requests and other events waiting for the isolate
 * run before the caller goes on. Awaiting a resolved promise does not do that (microtasks run
 * before any event). In workerd `scheduler.wait(0)` lets a waiting request through in fewer calls
 * than a zero-delay timer (1-4 against 5-11, measured with test/foundation/yield.test.ts's loop);
 * the timer is the fallback where there is no `scheduler` (Node).
 */
export function yieldToEventLoop(): Promise<void> {
  const s = (globalThis as { scheduler?: { wait(ms: number): Promise<void> } }).scheduler;
  return s ? s.wait(0) : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * A counter for loops over many items: `await tick()` yields once every `every` calls (the clock
 * is frozen while a Worker computes, so slices are counted in items, not timed).
 */
export function yieldEvery(every: number): () => Promise<void> | undefined {
  let calls = 0;
  return () => (++calls % every === 0 ? yieldToEventLoop() : undefined);
}
