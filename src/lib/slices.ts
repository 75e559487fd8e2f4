import { yieldToEventLoop } from "./yield";

/**
 * Long pure work cut into steps (docs/decisions/faults.md#slices-that-yield): a generator that
 * `yield`s between steps and returns its value. Domain code writes its long passes this way and
 * stays free of the runtime; the caller chooses how to run it: `drain` at once (unit tests,
 * benches, callers that want a value now), `drainSliced` handing the isolate back between steps.
 * Both give the same value: the steps are the same code, only the pauses differ.
 */
export type Sliced<T> = Generator<void, T, void>;

/** Runs every step at once and returns the value. */
export function drain<T>(work: Sliced<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/** Runs the steps with `pause()` (yieldToEventLoop) awaited between them; returns the value. */
export async function drainSliced<T>(
  work: Sliced<T>,
  pause: () => Promise<void> = yieldToEventLoop,
): Promise<T> {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    await pause();
  }
}

/**
 * Counts units of work for a generator: `if (meter(units)) yield;` ends a step once `every`
 * units are done since the last (the clock is frozen while a Worker computes: steps are counted,
 * not timed). A unit is whatever the pass counts: a flow searched, a row indexed, a comparison.
 */
export function workMeter(every: number): (units?: number) => boolean {
  let done = 0;
  return (units = 1) => {
    done += units;
    if (done < every) return false;
    done = 0;
    return true;
  };
}

/**
 * Runs `run(from, to)` over [0, n) in ranges of `every`, a step each. The loop over a range is
 * an ordinary function's: V8 optimises it as it would one loop over everything (a long loop in
 * a generator's own body runs slower).
 */
export function* chunks(n: number, every: number, run: (from: number, to: number) => void): Sliced<void> {
  for (let from = 0; from < n; from += every) {
    run(from, Math.min(n, from + every));
    if (from + every < n) yield;
  }
}

/** `list.filter(keep)` in steps of `every` items. */
export function* filterSliced<T>(list: readonly T[], keep: (item: T) => boolean, every: number): Sliced<T[]> {
  const out: T[] = [];
  const meter = workMeter(every);
  for (const item of list) {
    if (keep(item)) out.push(item);
    if (meter()) yield;
  }
  return out;
}

/**
 * `[...items].sort(compare)` in steps: runs of `run` items sorted natively, then merged pairwise,
 * a step every `run` items merged. Stable like Array.prototype.sort, so the order is the same
 * as one sort's for any comparator that is a consistent order.
 */
export function* sortSliced<T>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
  run: number,
): Sliced<T[]> {
  let runs: T[][] = [];
  for (let i = 0; i < items.length; i += run) {
    runs.push(items.slice(i, i + run).sort(compare));
    if (i + run < items.length) yield;
  }
  if (runs.length === 0) return [];
  while (runs.length > 1) {
    const next: T[][] = [];
    for (let r = 0; r < runs.length; r += 2) {
      const a = runs[r];
      const b = runs[r + 1];
      if (!b) {
        next.push(a);
        continue;
      }
      const merge = { a, b, out: new Array<T>(a.length + b.length), i: 0, j: 0, k: 0 };
      while (mergeSome(merge, compare, run)) yield;
      next.push(merge.out);
      yield;
    }
    runs = next;
  }
  return runs[0];
}

interface Merge<T> {
  a: T[];
  b: T[];
  out: T[];
  i: number;
  j: number;
  k: number;
}

/** Merges up to `count` more items of two sorted runs; true while some are left. */
function mergeSome<T>(m: Merge<T>, compare: (a: T, b: T) => number, count: number): boolean {
  const { a, b, out } = m;
  let { i, j, k } = m;
  const stop = Math.min(out.length, k + count);
  while (k < stop) {
    // Ties take the earlier run's item: stable.
    if (i < a.length && (j >= b.length || compare(b[j], a[i]) >= 0)) out[k++] = a[i++];
    else out[k++] = b[j++];
  }
  m.i = i;
  m.j = j;
  m.k = k;
  return k < out.length;
}
