// Open-loop load: requests leave on a fixed schedule (request k at start + k / rate) whether or
// not earlier ones have answered, so a slow server builds a queue and the latency shows it.
// Each latency is measured from the request's scheduled instant, not from when the client got
// round to sending it (no coordinated omission: a late client does not hide a slow server).

import { spawn } from "node:child_process";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The value at percentile p of an ascending array. */
export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;

/**
 * Sends `rps * seconds` requests through `send(signal)` (returns a promise of { status }) and
 * returns { sent, ok, errors, timedOut, achievedRps, p50, p95, p99, max, clientLagMs }.
 * A request unanswered after `timeoutMs` is aborted and counts as an error with that latency (a
 * lower bound), so an overloaded server ends the run in bounded time and fails its percentiles.
 * achievedRps counts answered requests over the time from the first send to the last answer;
 * clientLagMs is how late the client sent its latest request (large: the client, not the server,
 * was the bottleneck).
 */
export async function openLoop(send, { rps, seconds, timeoutMs = 10_000 }) {
  const total = Math.round(rps * seconds);
  const latencies = [];
  let errors = 0;
  let timedOut = 0;
  const failures = {}; // non-200 answers by status, and failed requests by error name
  const tally = (what) => {
    failures[what] = (failures[what] ?? 0) + 1;
  };
  let clientLagMs = 0;
  const pending = [];
  let settled = 0;
  const start = performance.now();
  for (let k = 0; k < total; k++) {
    const due = start + (k * 1000) / rps;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    else clientLagMs = Math.max(clientLagMs, -wait);
    pending.push(
      send(AbortSignal.timeout(timeoutMs)).then(
        (res) => {
          settled++;
          if (res.status === 200) latencies.push(performance.now() - due);
          else {
            errors++;
            tally(res.status);
          }
        },
        (err) => {
          settled++;
          errors++;
          tally([err?.name ?? "Error", err?.cause?.code ?? err?.cause?.message].filter(Boolean).join(" "));
          if (err?.name !== "TimeoutError") return;
          timedOut++;
          latencies.push(timeoutMs);
        },
      ),
    );
  }
  // The abort signal should end every request by timeoutMs, but an overloaded local runtime can
  // leave a socket that neither answers nor fails; such requests count as timed out so the run
  // still ends (a summary run once hung here for 9 minutes).
  const grace = timeoutMs + 5_000;
  let timer;
  await Promise.race([
    Promise.all(pending),
    new Promise((r) => {
      timer = setTimeout(r, grace);
    }),
  ]);
  clearTimeout(timer);
  const stuck = total - settled;
  if (stuck > 0) {
    errors += stuck;
    timedOut += stuck;
    failures["never settled"] = stuck;
    for (let k = 0; k < stuck; k++) latencies.push(timeoutMs);
  }
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    sent: total,
    ok: latencies.length - timedOut,
    errors,
    failures,
    timedOut,
    achievedRps: (latencies.length - timedOut) / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    clientLagMs,
  };
}

/** One line for a run's figures. */
export const describe = (label, r) =>
  `${label}: ${r.ok}/${r.sent} answered 200 at ${r.achievedRps.toFixed(1)} req/s, ` +
  `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms, ` +
  `errors ${r.errors} (${r.timedOut} timed out${
    r.errors
      ? `; ${Object.entries(r.failures)
          .map(([what, n]) => `${what} x${n}`)
          .join(", ")}`
      : ""
  }), client lag up to ${r.clientLagMs.toFixed(1)} ms`;

/** POSTs a JSON body with the key; resolves to { status } once the body is read. */
export async function post(url, key, body, signal) {
  const res = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  await res.arrayBuffer();
  return { status: res.status };
}

/**
 * openLoop of POSTs of one JSON body with the key, run in a child process of its own: the bench's
 * process also hosts Miniflare (wrangler and Miniflare in its heap), whose garbage collections
 * paused a load generator sharing its event loop every few seconds, and those pauses showed as
 * 40-60 ms in the server's p99 (docs/performance.md#the-load-generator-in-its-own-process).
 * The child first sends `warmup` requests one at a time (not counted).
 */
export function openLoopPost(url, key, body, { rps, seconds, timeoutMs = 10_000, warmup = 20 }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [new URL("./open-loop-child.mjs", import.meta.url).pathname], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (d) => {
      out += d;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`open-loop child exited with ${code}`));
      // JSON has no NaN (a run without one answer): the percentiles come back as null.
      const r = JSON.parse(out);
      for (const k of ["p50", "p95", "p99", "max"]) r[k] ??= Number.NaN;
      resolve(r);
    });
    child.stdin.end(JSON.stringify({ url, key, body, rps, seconds, timeoutMs, warmup }));
  });
}
