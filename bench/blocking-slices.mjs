#!/usr/bin/env node
// How long the isolate is held (issue 36 item 1), per handler: a prober on a thread of its own
// sends GET /health (no I/O: its latency is the wait for the isolate) back to back, and a light
// GET /v1/customers?limit=1 every 50 ms, through three phases:
//   fetch: ingest   batches of 1,000 transactions into a tenant not screened on arrival;
//   bhi             one BHI calculation of a tenant's 5,000 customers (its own tenant);
//   queue: run      a portfolio run screening those 10,000 arrivals (and its network scan);
//   both            the same ingest into a tenant screened on arrival, until nothing is pending.
// Prints per phase (its work and a settling second after it) the probe's p50/p99/max (the max approximates the longest blocking slice) and
// the light GET's p50/p99. Locally the Worker and Miniflare's D1 (SQLite) share workerd's one
// thread, so a long D1 statement or batch holds the probe too (docs/decisions/faults.md).
// Goals (issue 36): longest slice <= 100 ms, light GET p99 <= 250 ms. The probe's max is an upper
// bound of the slice: a request crosses the runtime in a few hops, each waiting for the slice
// then running. With BENCH_INSPECTOR_PORT=<port> BENCH_PROFILE=<prefix> the bench also prints the
// slice itself per phase, the longest busy stretch of the Worker and of local D1 from CPU profiles.
// Usage: node bench/blocking-slices.mjs [batches=10] [--only=fetch|bhi|queue|both]
// BENCH_POLL_GAPS=1 (needs strace) also prints per phase the longest stretches in which workerd
// did not poll its sockets (no epoll_wait): a request that arrives then waits, whatever runs.
import { execFileSync, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { startCpuProfile } from "./lib/cpu-profile.mjs";
import { figure } from "./lib/figures.mjs";
import { percentile } from "./lib/open-loop.mjs";
import { ADMIN_TOKEN, api, customersWithAccounts, startService, tenantWithAccounts } from "./lib/server.mjs";

const batches = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 10);
const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const ms = (v) => `${v.toFixed(0)} ms`;
/** Probed after each phase's work ends, as part of the phase. */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 1000);
/** A probe this slow or slower is explained: what workerd's threads, the prober and the machine did meanwhile (0: never). */
const SLOW_MS = Number(process.env.BENCH_EXPLAIN_MS ?? 80);

const service = await startService();
const pollGaps = process.env.BENCH_POLL_GAPS ? await tracePolls() : undefined;
try {
  const { url } = service;
  const quiet = await tenantWithAccounts(url, {
    name: "blocking bench (not on arrival)",
    count: 500,
    source: "b",
    settings: { monitoring: { onArrival: false } },
  });
  const screened = await tenantWithAccounts(url, { name: "blocking bench", count: 500, source: "b" });

  let running = true;
  let probe = [];
  let light = [];
  let failed = [];
  /** [start offset from the phase's start, latency] of each /health probe: where the slow ones fell. */
  let probeTimes = [];
  let phaseStart = performance.now();
  const timed = async (into, path, token) => {
    const t0 = performance.now();
    try {
      const res = await fetch(
        `${url}${path}`,
        token ? { headers: { authorization: `Bearer ${token}` } } : {},
      );
      await res.arrayBuffer();
      // The array of the phase the request began in.
      into().push(performance.now() - t0);
    } catch (err) {
      // A connection the runtime closed under the request (kept-alive: docs/decisions/faults.md).
      failed.push(`${path}: ${err.cause?.code ?? err.message}`);
    }
  };
  // The probe runs on a thread of its own: its latencies are the Worker's waits, never this
  // process's (a phase's work here, JSON in and out, would otherwise hold the probes' answers).
  const prober = probeThread(`${url}/health`, (startedAt, latency, error, why) => {
    const at = startedAt - performance.timeOrigin;
    if (at < phaseStart) return; // began in the phase before, already reported
    if (error) return failed.push(`/health: ${error}`);
    probe.push(latency);
    probeTimes.push([at - phaseStart, latency, why]);
  });
  const lighter = (async () => {
    while (running) {
      const into = light;
      await timed(() => into, "/v1/customers?limit=1", quiet);
      await sleep(50);
    }
  })();
  /** Runs `work` as one phase: the probes sent meanwhile are its figures. */
  const phase = async (name, work, label = name) => {
    probe = [];
    light = [];
    failed = [];
    probeTimes = [];
    const profile = await startCpuProfile(name.replace(/\W+/g, "-"));
    const t0 = performance.now();
    phaseStart = t0;
    const note = await work();
    const seconds = (performance.now() - t0) / 1000;
    // What the work set off (its events' outbox job, queue messages) runs after its answer: the
    // phase's probes include a settling second, so no probe falls between two phases unreported.
    await sleep(SETTLE_MS);
    await prober.flush();
    const stretches = await profile.stop();
    const p = probe.sort((a, b) => a - b);
    const l = light.sort((a, b) => a - b);
    console.log(`${name}: ${note} in ${seconds.toFixed(1)} s`);
    console.log(
      `  GET /health back to back (${p.length}): p50 ${ms(percentile(p, 50))}, p99 ${ms(percentile(p, 99))}, max ${ms(p.at(-1) ?? 0)}`,
    );
    console.log(
      `  GET /v1/customers?limit=1 every 50 ms (${l.length}): p50 ${ms(percentile(l, 50))}, p99 ${ms(percentile(l, 99))}, max ${ms(l.at(-1) ?? 0)}`,
    );
    const slowest = [...probeTimes].sort((a, b) => b[1] - a[1]).slice(0, 5);
    console.log(
      `  slowest /health: ${slowest.map(([at, v]) => `${ms(v)} at ${(at / 1000).toFixed(2)} s`).join(", ")}`,
    );
    for (const [at, v, why] of slowest.filter(([, , why]) => why))
      console.log(`    ${ms(v)} at ${(at / 1000).toFixed(2)} s: ${explained(why)}`);
    if (pollGaps) {
      const gaps = pollGaps.between(
        performance.timeOrigin + t0,
        performance.timeOrigin + t0 + seconds * 1000 + SETTLE_MS,
      );
      console.log(
        `  longest without a socket poll: ${gaps.map(([at, v]) => `${ms(v)} at ${(at / 1000).toFixed(2)} s`).join(", ")}`,
      );
    }
    if (failed.length > 0) console.log(`  probes failed: ${failed.join(", ")}`);
    if (stretches) {
      // The blocking slice itself, from the profiles: the longest run of busy samples per isolate.
      console.log(
        `  longest busy stretch: Worker ${ms(stretches.worker ?? 0)}, local D1 ${ms(stretches.d1 ?? 0)} of CPU`,
      );
      for (const [isolate, value] of Object.entries(stretches))
        figure(`blocking: longest slice, ${label} (${isolate})`, value, "ms", { max: 100 });
    }
    return { p, l };
  };
  const ingest = async (key) => {
    for (let b = 0; b < batches; b++) {
      const batch = Array.from({ length: 1000 }, (_, i) => ({
        externalId: `T${b}-${i}`,
        externalSource: "b",
        accountExternalId: `A${(b * 37 + i) % 500}`,
        type: i % 3 ? "credit" : "debit",
        amount: `${(i % 900) + 1}.00`,
        currency: "GHS",
        transactionDate: new Date(Date.UTC(2026, 9, 1) + (b * 1000 + i) * 60_000).toISOString(),
        counterpartyName: `Counterparty ${i % 60}`,
      }));
      const res = await api(url, key, "POST", "/v1/ingest/transactions", batch);
      if (res.status !== 200) throw new Error(`ingest: ${res.status}`);
    }
    return `${batches} x 1,000 transactions ingested`;
  };
  const drained = async (key) => {
    for (let i = 0; i < 1200; i++) {
      const status = (await api(url, key, "GET", "/v1/monitoring/status")).body.status;
      if (!status.pending) return;
      await sleep(250);
    }
    throw new Error("arrivals not screened in 5 minutes");
  };

  // Two seconds with nothing else running: what the probes cost on this machine.
  await phase("idle", () => sleep(2000).then(() => "2 s"));
  const wanted = (name) => !only || only === name;
  if (wanted("fetch") || wanted("queue")) {
    const fetchPhase = await phase(
      "fetch: ingest, not screened on arrival",
      () => ingest(quiet),
      "fetch (ingest)",
    );
    if (wanted("fetch"))
      figure("blocking: health probe max, fetch (ingest)", fetchPhase.p.at(-1), "ms", { max: 100 });
  }
  if (wanted("bhi")) {
    // 5,000 customers, one account and two transactions each in the window: one BHI request
    // scores them all (up to 10,000 it answers 200; a queued run takes slices of 5,000).
    const created = await api(url, ADMIN_TOKEN, "POST", "/admin/tenants", {
      name: "blocking bench (BHI)",
      shard: 0,
    });
    const bhi = created.body.apiKey.key;
    for (let c = 0; c < 5000; c += 1000) {
      const ids = Array.from({ length: 1000 }, (_, i) => c + i);
      const send = async (resource, rows) => {
        const res = await api(url, bhi, "POST", `/v1/ingest/${resource}`, rows);
        if (res.status !== 200 || res.body.errors?.length)
          throw new Error(`${resource}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      };
      const { customers, accounts } = customersWithAccounts(ids.length, "h", { from: c });
      await send("customers", customers);
      await send("accounts", accounts);
      for (const k of [0, 1])
        await send(
          "transactions",
          ids.map((i) => ({
            externalId: `T${i}-${k}`,
            externalSource: "h",
            accountExternalId: `A${i}`,
            type: k ? "debit" : "credit",
            amount: `${(i % 900) + 100}.00`,
            currency: "GHS",
            transactionDate: new Date(Date.now() - (k + 1) * 7 * 86_400_000).toISOString(),
          })),
        );
    }
    const bhiPhase = await phase(
      "fetch: BHI of 5,000 customers, one request",
      async () => {
        const got = await offThread(`${url}/v1/bhi/calculate-from-db`, {
          method: "POST",
          headers: { authorization: `Bearer ${bhi}`, "content-type": "application/json" },
          body: "{}",
        });
        if (got.status !== 200) throw new Error(`bhi: ${got.status} ${got.error}`);
        return `BHI of ${got.successful ?? "?"} customers, ${(got.bytes / 1e6).toFixed(1)} MB (answer's headers at ${(got.headersAt / 1000).toFixed(2)} s, body at ${(got.bodyAt / 1000).toFixed(2)} s${got.timing ? `; ${got.timing}` : ""})`;
      },
      "fetch (BHI)",
    );
    figure("blocking: health probe max, fetch (BHI)", bhiPhase.p.at(-1), "ms", { max: 100 });
  }
  if (wanted("queue")) {
    const queuePhase = await phase(
      "queue: a portfolio run screening those arrivals",
      async () => {
        const started = await api(url, quiet, "POST", "/v1/monitoring/runs");
        if (started.status !== 202) throw new Error(`run: ${started.status}`);
        const runId = started.body.run.runId;
        for (let i = 0; i < 1200; i++) {
          const got = await api(url, quiet, "GET", `/v1/monitoring/runs/${runId}`);
          if (got.status !== 200) throw new Error(`run: ${got.status} ${JSON.stringify(got.body)}`);
          const { run } = got.body;
          if (run.status !== "running")
            return `run ${run.status}, ${run.figures.entitiesScreened} screened, ${run.figures.alertsRaised} alerts, ${run.steps} steps`;
          await sleep(250);
        }
        throw new Error("run not done in 5 minutes");
      },
      "queue (portfolio run)",
    );
    figure("blocking: health probe max, queue (portfolio run)", queuePhase.p.at(-1), "ms", { max: 100 });
  }
  if (wanted("both")) {
    const both = await phase(
      "both: ingest screened on arrival, until drained",
      async () => {
        const note = await ingest(screened);
        await drained(screened);
        return `${note} and screened`;
      },
      "ingest and screening",
    );
    figure("blocking: health probe max, ingest and screening", both.p.at(-1), "ms", { max: 100 });
    figure("blocking: light GET p99, ingest and screening", percentile(both.l, 99), "ms", { max: 250 });
  }
  running = false;
  await Promise.all([prober.stop(), lighter]);
} finally {
  pollGaps?.stop();
  await service.dispose();
}

/**
 * strace on the workerd child, epoll calls only: `between(from, to)` (epoch ms) gives the five
 * longest gaps between two polls that began in that window, as [offset from `from`, length].
 */
async function tracePolls() {
  const pid = workerdPid();
  const file = join(tmpdir(), `poll-gaps-${process.pid}.txt`);
  const strace = spawn(
    "strace",
    ["-f", "-ttt", "-e", "trace=epoll_wait,epoll_pwait", "-o", file, "-p", pid],
    { stdio: "ignore" },
  );
  let failed = false;
  strace.on("error", (err) => {
    failed = true;
    console.error(`BENCH_POLL_GAPS: strace did not start (${err.message})`);
  });
  await sleep(1000);
  return {
    between(from, to) {
      if (failed) return [];
      // "<thread> <seconds> epoll_pwait(...": the event loop's thread is the one that polls most.
      const lines = readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => /epoll_p?wait\(/.test(l) && !l.includes("resumed"))
        .map((l) => l.split(/\s+/));
      const perThread = new Map();
      for (const [tid] of lines) perThread.set(tid, (perThread.get(tid) ?? 0) + 1);
      const loop = [...perThread].sort((a, b) => b[1] - a[1])[0]?.[0];
      const polls = lines
        .filter(([tid]) => tid === loop)
        .map(([, at]) => Number(at) * 1000)
        .filter((t) => t >= from && t <= to);
      return polls
        .slice(1)
        .map((t, i) => [(polls[i] ?? 0) - from, t - (polls[i] ?? 0)])
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5);
    },
    stop: () => {
      strace.kill("SIGINT");
      rmSync(file, { force: true });
    },
  };
}

/**
 * A request whose answer is large, sent and read on a thread of its own: parsing the BHI run's
 * 9.5 MB answer held this process's event loop 100-250 ms, and the probes' answers (measured
 * here) waited behind it, a wait the Worker never caused.
 */
function offThread(url, init) {
  const code = `
    const { parentPort, workerData } = require("node:worker_threads");
    (async () => {
      const t0 = performance.now();
      const res = await fetch(workerData.url, workerData.init);
      const headersAt = performance.now() - t0;
      const text = await res.text();
      const bodyAt = performance.now() - t0;
      let successful, error;
      try { successful = JSON.parse(text).summary?.successful; } catch { error = text.slice(0, 200); }
      parentPort.postMessage({ status: res.status, headersAt, bodyAt, bytes: text.length, successful,
        error: res.status === 200 ? undefined : text.slice(0, 200), timing: res.headers.get("server-timing") });
    })().catch((e) => parentPort.postMessage({ status: 0, error: String(e) }));`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { url, init } });
    worker.once("message", (m) => {
      resolve(m);
      worker.terminate();
    });
    worker.once("error", reject);
  });
}

/**
 * GET `url` back to back on a worker thread; `onProbe(startedAt, latency, error)` (epoch ms, ms)
 * for each. `flush()` resolves once every probe answered so far was delivered; `stop()` ends it.
 */
function probeThread(url, onProbe) {
  const code = `
    const { parentPort, workerData } = require("node:worker_threads");
    let running = true;
    parentPort.on("message", (m) => {
      if (m === "stop") running = false;
      else parentPort.postMessage({ flushed: m });
    });
    const { readFileSync, readdirSync } = require("node:fs");
    const read = (f) => { try { return readFileSync(f, "utf8"); } catch { return ""; } };
    // What ran meanwhile: per thread of workerd (and this thread) CPU and runnable-but-waiting
    // time (schedstat, ns), the machine's CPU and I/O stall (pressure, us) and busy jiffies.
    const sample = () => {
      const threads = {};
      if (workerData.pid)
        for (const tid of readdirSync("/proc/" + workerData.pid + "/task")) {
          const [cpu, wait] = read("/proc/" + workerData.pid + "/task/" + tid + "/schedstat").split(" ").map(Number);
          threads[tid] = [cpu, wait];
        }
      const [cpu, wait] = read("/proc/thread-self/schedstat").split(" ").map(Number);
      const total = (f) => Number(/some .*total=(\\d+)/.exec(read(f))?.[1] ?? 0);
      const jiffies = read("/proc/stat").split("\\n")[0].split(/\\s+/).slice(1).map(Number);
      const idle = jiffies[3] + jiffies[4];
      return { threads, self: [cpu, wait], cpuStall: total("/proc/pressure/cpu"), ioStall: total("/proc/pressure/io"),
        busy: jiffies.reduce((a, b) => a + b, 0) - idle };
    };
    const explain = (a, b) => {
      const threads = Object.entries(b.threads).map(([tid, [cpu, wait]]) => {
        const [cpu0, wait0] = a.threads[tid] ?? [0, 0];
        return [tid, (cpu - cpu0) / 1e6, (wait - wait0) / 1e6];
      }).filter(([, cpu, wait]) => cpu + wait >= 1).sort((x, y) => y[1] + y[2] - x[1] - x[2]);
      return { threads, self: [(b.self[0] - a.self[0]) / 1e6, (b.self[1] - a.self[1]) / 1e6],
        cpuStall: (b.cpuStall - a.cpuStall) / 1e3, ioStall: (b.ioStall - a.ioStall) / 1e3, busy: (b.busy - a.busy) * 10 };
    };
    (async () => {
      while (running) {
        const before = workerData.slowMs ? sample() : undefined;
        const startedAt = performance.timeOrigin + performance.now();
        const t0 = performance.now();
        try {
          const res = await fetch(workerData.url);
          await res.arrayBuffer();
          const latency = performance.now() - t0;
          const why = before && latency >= workerData.slowMs ? explain(before, sample()) : undefined;
          parentPort.postMessage({ startedAt, latency, why });
        } catch (err) {
          parentPort.postMessage({ startedAt, error: err.cause?.code ?? err.message });
        }
      }
      parentPort.postMessage({ stopped: true });
    })();`;
  const worker = new Worker(code, { eval: true, workerData: { url, pid: workerdPid(), slowMs: SLOW_MS } });
  const waiting = new Map();
  let flushes = 0;
  let stopped;
  const done = new Promise((resolve) => (stopped = resolve));
  worker.on("message", (m) => {
    if (m.flushed !== undefined) waiting.get(m.flushed)?.();
    else if (m.stopped) stopped();
    else onProbe(m.startedAt, m.latency, m.error, m.why);
  });
  return {
    flush: () =>
      new Promise((resolve) => {
        const id = ++flushes;
        waiting.set(id, resolve);
        worker.postMessage(id);
      }),
    stop: async () => {
      worker.postMessage("stop");
      await done;
      await worker.terminate();
    },
  };
}

/** The workerd process Miniflare started for this bench. */
function workerdPid() {
  return execFileSync("pgrep", ["-P", String(process.pid), "workerd"], { encoding: "utf8" }).split("\n")[0];
}

/**
 * One slow probe's wait, told from /proc: each busy workerd thread's CPU and time runnable but
 * not running (another process had the core), the prober's own, the machine's busy CPU, and the
 * time some task stalled for CPU or for I/O (pressure). A busy slice shows as workerd CPU near the
 * probe's latency; a crowded machine as waits; a disk write as I/O stall with workerd idle.
 */
function explained(why) {
  const cpus = availableParallelism();
  const pid = workerdPid();
  const name = (tid) => {
    try {
      return readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim();
    } catch {
      return tid;
    }
  };
  const threads = why.threads
    .slice(0, 3)
    .map(([tid, cpu, wait]) => `${name(tid)}#${tid} cpu ${ms(cpu)} waited ${ms(wait)}`)
    .join(", ");
  return `workerd ${threads || "idle"}; prober cpu ${ms(why.self[0])} waited ${ms(why.self[1])}; machine busy ${ms(why.busy)} (of ${cpus} cores), stalled for CPU ${ms(why.cpuStall)}, for I/O ${ms(why.ioStall)}`;
}
