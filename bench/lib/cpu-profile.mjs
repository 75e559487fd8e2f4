// A CPU profile of the Worker itself (inside workerd, under the bench's load), through workerd's
// inspector (the Chrome DevTools protocol): set BENCH_INSPECTOR_PORT=9230 and BENCH_PROFILE=<file>
// and a bench that supports it writes <file>.cpuprofile (open it in Chrome DevTools or
// speedscope) and prints the functions with the most self time. Not used without those variables.
import { writeFileSync } from "node:fs";

const IDLE = new Set(["(idle)", "(program)"]);
const SAMPLE_INTERVAL_MS = 0.1;

/** A Chrome DevTools protocol session on one inspector target: call(method, params), on(event, fn). */
export async function connect(target) {
  // `ws` comes with miniflare (Node 20 has no WebSocket client without a flag).
  const { default: WebSocket } = await import("ws");
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let id = 0;
  const waiting = new Map();
  const listeners = new Map();
  socket.on("message", (data) => {
    const msg = JSON.parse(String(data));
    if (msg.id && waiting.has(msg.id)) {
      waiting.get(msg.id)(msg);
      waiting.delete(msg.id);
    } else if (msg.method) listeners.get(msg.method)?.(msg.params);
  });
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      id += 1;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  const on = (method, fn) => listeners.set(method, fn);
  return { call, on, close: () => socket.close(), target: target.id };
}

/** Self time per function (name, file:line), largest first, as a share of the sampled time. */
export function selfTimes(profile, top = 25) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map();
  for (const sample of profile.samples) counts.set(sample, (counts.get(sample) ?? 0) + 1);
  const byFunction = new Map();
  let total = 0;
  for (const [nodeId, n] of counts) {
    const { functionName, url, lineNumber } = byNode.get(nodeId).callFrame;
    if (IDLE.has(functionName)) continue;
    const key = `${functionName || "(anonymous)"} ${url ? `${url.split("/").at(-1)}:${lineNumber + 1}` : ""}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + n);
    total += n;
  }
  return [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([fn, n]) => ({ fn, share: n / total }));
}

/**
 * Starts profiling when BENCH_PROFILE and BENCH_INSPECTOR_PORT are set; the returned stop()
 * writes the profile, prints the top self times and resolves to each isolate's longest busy
 * stretch in CPU ms (`{ worker, d1 }`). Without them both are no-ops (stop resolves to null).
 */
export async function startCpuProfile(label) {
  const file = process.env.BENCH_PROFILE;
  const port = process.env.BENCH_INSPECTOR_PORT;
  if (!file || !port) return { stop: async () => null };
  // The Worker (core:user:...) and Miniflare's local D1 (d1:db, a Durable Object running SQLite).
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()).filter(
    (t) => t.id.startsWith("core:user:") || t.id === "d1:db",
  );
  const sessions = await Promise.all(targets.map((t) => connect(t)));
  for (const session of sessions) {
    await session.call("Profiler.enable");
    await session.call("Profiler.setSamplingInterval", { interval: SAMPLE_INTERVAL_MS * 1000 });
    await session.call("Profiler.start");
  }
  return {
    stop: async () => {
      const longest = {};
      for (const session of sessions) {
        const { result } = await session.call("Profiler.stop");
        session.close();
        const out = `${file}-${label}-${session.target.replace(/\W+/g, "_")}.cpuprofile`;
        writeFileSync(out, JSON.stringify(result.profile));
        const { profile } = result;
        const busy = busyShare(profile);
        console.log(
          `CPU profile of ${session.target} (${label}): ${out}; busy ${(busy * 100).toFixed(1)}% of ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s; self time of the busy samples, top functions:`,
        );
        for (const { fn, share } of selfTimes(profile))
          console.log(`  ${(share * 100).toFixed(1).padStart(5)}%  ${fn}`);
        console.log(
          "  longest busy stretches (the isolate held without a break), with the frames on most of their samples:",
        );
        const stretches = busyStretches(profile);
        for (const b of stretches)
          console.log(
            `  ${b.cpuMs.toFixed(0).padStart(5)} ms CPU (${b.ms.toFixed(0)} ms wall)  ${b.frames.join(" | ")}`,
          );
        longest[session.target === "d1:db" ? "d1" : "worker"] = stretches[0]?.cpuMs ?? 0;
      }
      return longest;
    },
  };
}

/** Share of the samples not idle. */
function busyShare(profile) {
  const idle = new Set(profile.nodes.filter((n) => IDLE.has(n.callFrame.functionName)).map((n) => n.id));
  return profile.samples.filter((s) => !idle.has(s)).length / (profile.samples.length || 1);
}

/** A frame as name file:line, or null for the runtime's own (idle, program, GC, native). */
function frameName(node) {
  const { functionName, url, lineNumber } = node.callFrame;
  if (!url) return null;
  return `${functionName || "(anonymous)"} ${url.split("/").at(-1)}:${lineNumber + 1}`;
}

/**
 * The `top` longest runs of consecutive busy samples (the isolate held: what a waiting request
 * waits behind), each with its most sampled frames (self or on the stack): where to cut.
 */
export function busyStretches(profile, top = 8) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stretches = [];
  let current = null;
  profile.samples.forEach((id, i) => {
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    if (IDLE.has(byNode.get(id).callFrame.functionName)) {
      if (current) stretches.push(current);
      current = null;
      return;
    }
    current ??= { ms: 0, cpuMs: 0, samples: [] };
    current.ms += delta;
    // A gap of more than two intervals is the thread waiting for a core (2 cores shared by many
    // processes), not the isolate working: counted as two intervals, so cpuMs approximates the
    // CPU the stretch took and ms its wall time.
    current.cpuMs += Math.min(delta, 2 * SAMPLE_INTERVAL_MS);
    current.samples.push(id);
  });
  if (current) stretches.push(current);
  return stretches
    .sort((a, b) => b.cpuMs - a.cpuMs)
    .slice(0, top)
    .map(({ ms, cpuMs, samples }) => {
      const onStack = new Map();
      for (const id of samples) {
        const seen = new Set();
        for (let n = id; n !== undefined; n = parent.get(n)) {
          const name = frameName(byNode.get(n));
          if (name && !seen.has(name)) {
            seen.add(name);
            onStack.set(name, (onStack.get(name) ?? 0) + 1);
          }
        }
      }
      // Frames on most of the stretch's samples, the deepest (fewest samples) last.
      const frames = [...onStack]
        .filter(([, n]) => n >= samples.length * 0.3)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([name, n]) => `${name} ${Math.round((n / samples.length) * 100)}%`);
      return { ms, cpuMs, frames };
    });
}
