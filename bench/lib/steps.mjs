// Runs a sliced pass (src/lib/slices.ts: a generator that yields between steps) with no pauses,
// timing each step: the longest is the longest the isolate would be held between two yields.
// Wall time counts the moments the thread waited for a core on a shared machine; CPU time
// (process.cpuUsage: this thread and the garbage collector's helpers) does not.

/** Drives `work` to its end: its value, total and longest step (wall and CPU), steps, steps over 50 ms. */
export function timeSteps(work) {
  let longestMs = 0;
  let longestCpuMs = 0;
  let over50 = 0;
  let steps = 0;
  const started = performance.now();
  const startedCpu = process.cpuUsage();
  for (;;) {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    const step = work.next();
    const stepMs = performance.now() - wall;
    const used = process.cpuUsage(cpu);
    const stepCpuMs = (used.user + used.system) / 1000;
    longestMs = Math.max(longestMs, stepMs);
    longestCpuMs = Math.max(longestCpuMs, stepCpuMs);
    if (stepMs > 50) over50++;
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
      };
    }
  }
}
