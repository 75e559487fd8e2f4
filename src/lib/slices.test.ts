import { describe, expect, it } from "vitest";
import { drain, drainSliced, filterSliced, type Sliced, sortSliced, workMeter } from "./slices";

/** A pass that sums 1..n, a step every `every` numbers, counting the steps it starts. */
function* sumSteps(n: number, every: number, started: { steps: number }): Sliced<number> {
  const meter = workMeter(every);
  let sum = 0;
  started.steps = 1;
  for (let i = 1; i <= n; i++) {
    sum += i;
    if (meter()) {
      yield;
      started.steps++;
    }
  }
  return sum;
}

/** A PRNG so the cases are the same every run. */
function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe("drain and drainSliced", () => {
  it("run every step and return the pass's value", async () => {
    const a = { steps: 0 };
    const b = { steps: 0 };
    expect(drain(sumSteps(1000, 100, a))).toBe(500_500);
    expect(a.steps).toBe(11);
    expect(await drainSliced(sumSteps(1000, 100, b), async () => {})).toBe(500_500);
    expect(b.steps).toBe(11);
  });

  it("drainSliced pauses between steps, never inside one, and not after the last", async () => {
    const log: string[] = [];
    function* pass(): Sliced<string> {
      log.push("a");
      yield;
      log.push("b");
      yield;
      log.push("c");
      return "done";
    }
    const value = await drainSliced(pass(), async () => {
      log.push("pause");
    });
    expect(value).toBe("done");
    expect(log).toEqual(["a", "pause", "b", "pause", "c"]);
  });

  it("drainSliced lets a timer queued before it run between steps (the default pause)", async () => {
    const log: string[] = [];
    setTimeout(() => log.push("timer"), 0);
    function* pass(): Sliced<void> {
      for (let i = 0; i < 50; i++) {
        log.push(`step ${i}`);
        yield;
      }
    }
    await drainSliced(pass());
    const at = log.indexOf("timer");
    // Before the last step: the pass handed the event loop back while it ran.
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(log.length - 1);
  });
});

describe("workMeter", () => {
  it("ends a step once `every` units are done, counting weighted units", () => {
    const meter = workMeter(10);
    const ends = [3, 3, 3, 3, 12, 1, 9].map((u) => meter(u));
    // 3+3+3 = 9, +3 = 12 ends; 12 ends; 1+9 = 10 ends.
    expect(ends).toEqual([false, false, false, true, true, false, true]);
  });
});

describe("sortSliced", () => {
  it("gives Array.prototype.sort's order, ties in input order, for sizes around the run length", () => {
    const rng = lcg(7);
    for (const size of [0, 1, 6, 7, 13, 14, 15, 100, 1_001]) {
      // Few distinct keys: many ties, so stability shows.
      const items = Array.from({ length: size }, (_, i) => ({ key: Math.floor(rng() * 5), i }));
      const compare = (a: { key: number }, b: { key: number }) => a.key - b.key;
      let steps = 0;
      const work = sortSliced(items, compare, 7);
      let step = work.next();
      while (!step.done) {
        steps++;
        step = work.next();
      }
      expect(step.value).toEqual([...items].sort(compare));
      // Sorting more than one run takes more than one step.
      if (size > 7) expect(steps).toBeGreaterThan(1);
    }
  });

  it("leaves its input as it was", () => {
    const items = [3, 1, 2];
    expect(drain(sortSliced(items, (a, b) => a - b, 2))).toEqual([1, 2, 3]);
    expect(items).toEqual([3, 1, 2]);
  });
});

describe("filterSliced", () => {
  it("keeps what filter keeps, in order, a step every `every` items", () => {
    const items = Array.from({ length: 95 }, (_, i) => i);
    const work = filterSliced(items, (n) => n % 3 === 0, 10);
    let steps = 0;
    let step = work.next();
    while (!step.done) {
      steps++;
      step = work.next();
    }
    expect(step.value).toEqual(items.filter((n) => n % 3 === 0));
    expect(steps).toBe(9);
  });
});
