// CPU seconds (user + system) used so far by the workerd processes this bench started (the
// Worker and its local D1 both run there). Unlike latency, CPU per request barely moves when
// other work shares the machine's cores, so it is the figure to compare before and after.
import { readdirSync, readFileSync } from "node:fs";

export function workerdCpuSeconds() {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      if (comm === "workerd" && Number(fields[1]) === process.pid)
        ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended while we looked
    }
  }
  return ticks / 100; // USER_HZ
}
