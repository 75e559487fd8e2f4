// CPU seconds used so far by the workerd processes this bench started (the Worker and its local
// D1 both run there). Unlike latency, CPU per request barely moves when other work shares the
// machine's cores, so it is the figure to compare before and after. Read from each thread's
// /proc/<pid>/task/<tid>/schedstat (time on a CPU in nanoseconds): /proc/<pid>/stat counts in
// 10 ms ticks, too coarse for a block of a few dozen requests of a few ms each.
import { readdirSync, readFileSync } from "node:fs";

/** The workerd processes whose parent is this process. */
export function workerdPids() {
  const pids = [];
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (comm === "workerd" && ppid === process.pid) pids.push(pid);
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

/** CPU seconds of one process: the sum of its live threads' time on a CPU. */
export function processCpuSeconds(pid) {
  let ns = 0;
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // the thread ended while we looked
      }
    }
  } catch {
    // the process ended
  }
  return ns / 1e9;
}

export function workerdCpuSeconds() {
  return workerdPids().reduce((s, pid) => s + processCpuSeconds(pid), 0);
}
