// Runs a sliced pass (src/lib/slices.ts: a generator that yields between steps) with no pauses,
// timing each step: the longest is the longest the isolate would be held between two yields.
// Wall time counts the moments the thread waited for a core on a shared machine; CPU time
// (process.cpuUsage: this thread and the garbage collector's helpers) does not. `gcPauses`
// (a PerformanceObserver of "gc" entries) says how much of a step was the collector's pause.
import { PerformanceObserver } from "node:perf_hooks";

/** Steps longer than this keep their span, to take the collector's pauses out of them. */
const LONG_MS = 20;

/** Drives `work` to its end: its value, total and longest step (wall and CPU), steps, steps over 50 ms, and the long steps' spans. */
export function timeSteps(work) {
  let longestMs = 0;
  let longestCpuMs = 0;
  let over50 = 0;
  let steps = 0;
  let longestShortMs = 0;
  const long = [];
  const started = performance.now();
  const startedCpu = process.cpuUsage();
  for (;;) {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    const step = work.next();
    const end = performance.now();
    const stepMs = end - wall;
    const used = process.cpuUsage(cpu);
    const stepCpuMs = (used.user + used.system) / 1000;
    longestMs = Math.max(longestMs, stepMs);
    longestCpuMs = Math.max(longestCpuMs, stepCpuMs);
    if (stepMs > 50) over50++;
    if (stepMs > LONG_MS) long.push({ start: wall, end });
    else longestShortMs = Math.max(longestShortMs, stepMs);
    steps++;
    if (step.done) {
      const total = process.cpuUsage(startedCpu);
      return {
        value: step.value,
        totalMs: performance.now() - started,
        totalCpuMs: (total.user + total.system) / 1000,
        longestMs,
        longestCpuMs,
        steps,
        over50,
        long,
        longestShortMs,
      };
    }
  }
}

/** Collects garbage-collector pauses (start, duration) from now on; `take()` returns those seen so far. */
export function gcPauses() {
  const seen = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) seen.push({ start: e.startTime, end: e.startTime + e.duration });
  });
  observer.observe({ entryTypes: ["gc"] });
  return {
    /** The pauses so far (entries arrive after a turn of the event loop). */
    async take() {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return [...seen];
    },
    stop: () => observer.disconnect(),
  };
}

/** The longest step of `result` (timeSteps) with the collector's pauses within it taken out. */
export function longestWithoutGc(result, pauses) {
  let longest = result.longestShortMs;
  for (const s of result.long) {
    let gc = 0;
    for (const p of pauses) gc += Math.max(0, Math.min(s.end, p.end) - Math.max(s.start, p.start));
    longest = Math.max(longest, s.end - s.start - gc);
  }
  return longest;
}
