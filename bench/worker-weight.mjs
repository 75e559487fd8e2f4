#!/usr/bin/env node
// The Worker's weight: what every isolate loads and keeps, measured on the built bundle
// (`wrangler deploy --dry-run`) under plain Miniflare (bench/lib/server.mjs). Prints:
// - bundle: bytes of the upload's modules, gzipped, and the bytes V8 keeps for their source
//   text (a script with one character over U+00FF is held two bytes per character);
// - start: a fresh Miniflare (workerd) serving the bundle, from `new Miniflare` to the answer
//   of its first request (GET /health), median of `--starts` runs, beside the same for an empty
//   Worker with the same bindings, so the difference is this Worker's own load and first answer;
//   also the CPU workerd spent by then (its threads' schedstat), which moves less than wall time
//   when other work shares the machine;
// - heap: the Worker isolate (inspector target core:user:*) after a full collection, once the
//   service has started and answered a few requests (a tenant and key made, a customer, a list,
//   a screening, a fraud evaluation), then again after GET /v1/openapi.json: V8's used heap, and
//   from a heap snapshot the zod instances (objects holding zod's `_zod` internals: schemas and
//   their checks), the objects of the snapshot (what a full collection marks) and the largest
//   string (the source text).
// Usage: node bench/worker-weight.mjs [--starts 5] [--against <checkout>] [--minify] [--json] [--snapshot /tmp/w]
//   --against: another checkout of the repository (e.g. `git worktree add --detach /tmp/base
//     main`, node_modules linked), measured the same way; the starts of both alternate.
//   --minify: builds with `wrangler deploy --minify` (both checkouts).
//   --snapshot: writes /tmp/w-<tree>-requests.heapsnapshot and ...-document.heapsnapshot.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { Miniflare } from "miniflare";
import { connect } from "./lib/cpu-profile.mjs";
import { figure } from "./lib/figures.mjs";
import { ADMIN_TOKEN, api, buildWorker, miniflareOptions, startService } from "./lib/server.mjs";
import { workerdCpuSeconds } from "./lib/workerd-cpu.mjs";

const option = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const STARTS = Number(option("starts", 5));
const INSPECTOR_PORT = Number(option("inspector-port", 9241));
const SNAPSHOT = option("snapshot", null);
const AGAINST = option("against", null);
// Each Miniflare pipes its stderr to ours.
process.stderr.setMaxListeners(0);
const began = performance.now();
const step = (what) => console.error(`[${((performance.now() - began) / 1000).toFixed(1)} s] ${what}`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const here = resolve(import.meta.dirname, "..");
const trees = [
  ...(AGAINST ? [{ label: basename(resolve(AGAINST)), dir: resolve(AGAINST) }] : []),
  { label: "this", dir: here },
];

// ---- bundle ----------------------------------------------------------------------------
function bundleFigures(outdir) {
  // Every module of the upload (one file unless the bundler split some off).
  const files = readdirSync(outdir).filter((f) => f.endsWith(".js"));
  const out = { files: files.length, bytes: 0, gzipBytes: 0, sourceHeapBytes: 0, twoByte: false };
  for (const file of files) {
    const bytes = readFileSync(join(outdir, file));
    const text = bytes.toString("utf8");
    const wide = [...text].some((ch) => ch.codePointAt(0) > 0xff);
    out.bytes += bytes.length;
    out.gzipBytes += gzipSync(bytes, { level: 9 }).length;
    out.sourceHeapBytes += text.length * (wide ? 2 : 1);
    out.twoByte ||= wide;
  }
  return out;
}
for (const tree of trees) {
  step(`building ${tree.label}`);
  tree.outdir = buildWorker(undefined, tree.dir, process.argv.includes("--minify") ? ["--minify"] : []);
  tree.bundle = bundleFigures(tree.outdir);
  tree.startMs = [];
  tree.startCpuMs = [];
}

// ---- start -----------------------------------------------------------------------------
/**
 * Modules listed, so Miniflare does not parse the bundle in Node to find its imports (a second
 * or more on this machine that a deployment never pays).
 */
const listModules = (dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".js"))
    .sort((a, b) => (a === "index.js" ? -1 : b === "index.js" ? 1 : a.localeCompare(b)))
    .map((f) => ({ type: "ESModule", path: join(dir, f) }));

/** Wall time to the first answer, and the CPU workerd spent by then (all its threads). */
async function timeStart(options) {
  const t0 = performance.now();
  const mf = new Miniflare(options);
  const url = await mf.ready;
  const res = await fetch(new URL("/health", url));
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  const cpuMs = workerdCpuSeconds() * 1000;
  await mf.dispose();
  return { ms, cpuMs };
}
// The empty Worker has the same bindings (D1, R2, queues, Durable Object classes, assets), so
// Miniflare sets up the same services and the difference is the Worker's script.
const empty = {
  label: "empty",
  startMs: [],
  startCpuMs: [],
  outdir: mkdtempSync(join(tmpdir(), "weight-empty-")),
  dir: here,
};
writeFileSync(
  join(empty.outdir, "index.js"),
  `export class FraudCaseObject { fetch() { return new Response("ok"); } }
export class KeyRateLimiter { fetch() { return new Response("ok"); } }
export default { fetch() { return new Response("ok"); }, queue() {}, scheduled() {} };
`,
);
step("timing starts");
for (let i = 0; i < STARTS; i++) {
  // Alternated, so a busy moment of the machine weighs on each.
  for (const tree of [empty, ...trees]) {
    const state = mkdtempSync(join(tmpdir(), "weight-state-"));
    const options = {
      ...miniflareOptions(tree.outdir, state, { tree: tree.dir }),
      modules: listModules(tree.outdir),
    };
    const { ms, cpuMs } = await timeStart(options);
    tree.startMs.push(ms);
    tree.startCpuMs.push(cpuMs);
    rmSync(state, { recursive: true, force: true });
  }
}
rmSync(empty.outdir, { recursive: true, force: true });

// ---- heap ------------------------------------------------------------------------------
/** Objects, zod instances (holders of a `_zod` property edge) and the largest string. */
function countSnapshot(snapshot) {
  const { node_fields, edge_fields, node_types, edge_types } = snapshot.snapshot.meta;
  const nf = node_fields.length;
  const ef = edge_fields.length;
  const nodeTypes = node_types[0];
  const edgeTypes = edge_types[0];
  const [typeAt, nameAt, sizeAt, edgeCountAt] = ["type", "name", "self_size", "edge_count"].map((f) =>
    node_fields.indexOf(f),
  );
  const [edgeTypeAt, edgeNameAt] = ["type", "name_or_index"].map((f) => edge_fields.indexOf(f));
  const { nodes, edges, strings } = snapshot;
  let schemas = 0;
  let largestString = 0;
  const byConstructor = new Map();
  for (let n = 0, e = 0; n < nodes.length; n += nf) {
    const type = nodeTypes[nodes[n + typeAt]];
    if (type === "string" || type === "concatenated string")
      largestString = Math.max(largestString, nodes[n + sizeAt]);
    const edgeEnd = e + nodes[n + edgeCountAt] * ef;
    for (; e < edgeEnd; e += ef) {
      if (edgeTypes[edges[e + edgeTypeAt]] === "property" && strings[edges[e + edgeNameAt]] === "_zod") {
        schemas++;
        const name = strings[nodes[n + nameAt]];
        byConstructor.set(name, (byConstructor.get(name) ?? 0) + 1);
      }
    }
  }
  const top = [...byConstructor].sort((a, b) => b[1] - a[1]).slice(0, 6);
  return { objects: nodes.length / nf, schemas, largestString, top };
}

async function heapOf(tree) {
  step(`starting ${tree.label} for its heap`);
  process.env.BENCH_INSPECTOR_PORT = String(INSPECTOR_PORT);
  const service = await startService({ built: tree.outdir, tree: tree.dir });
  const targets = await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json/list`)).json();
  const session = await connect(targets.find((t) => t.id.startsWith("core:user:")));
  const created = await api(service.url, ADMIN_TOKEN, "POST", "/admin/tenants", { name: "weight", shard: 0 });
  if (created.status !== 201)
    throw new Error(`create tenant: ${created.status} ${JSON.stringify(created.body)}`);
  const key = created.body.apiKey.key;
  const answered = [];
  const send = async (method, path, body) => {
    const res = await api(service.url, key, method, path, body);
    answered.push(`${method} ${path.split("?")[0]} ${res.status}`);
    if (res.status >= 400) console.error(JSON.stringify(res.body).slice(0, 400));
    return res;
  };
  // workerd runs a collection or snapshot asked through the inspector only when the isolate is
  // next entered: a GET /health every 200 ms until the answer comes.
  const pumped = async (method, params) => {
    const pump = setInterval(() => fetch(`${service.url}/health`).then((r) => r.arrayBuffer()), 200);
    try {
      return (await session.call(method, params)).result;
    } finally {
      clearInterval(pump);
    }
  };
  const measure = async (label) => {
    step(`${tree.label}: collecting, then a heap snapshot (${label})`);
    await session.call("HeapProfiler.enable");
    await pumped("HeapProfiler.collectGarbage");
    await pumped("HeapProfiler.collectGarbage");
    const usage = await session.call("Runtime.getHeapUsage");
    const chunks = [];
    session.on("HeapProfiler.addHeapSnapshotChunk", ({ chunk }) => chunks.push(chunk));
    await pumped("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
    const text = chunks.join("");
    if (SNAPSHOT) writeFileSync(`${SNAPSHOT}-${tree.label}-${label}.heapsnapshot`, text);
    return { usedBytes: usage.result.usedSize, ...countSnapshot(JSON.parse(text)) };
  };

  await send("GET", "/health");
  await send("POST", "/v1/ingest/customers", [
    { externalId: "C1", externalSource: "bench", name: "Weight", type: "individual" },
  ]);
  const customerId = (await send("GET", "/v1/customers?limit=10")).body.data?.[0]?.id;
  await send("POST", "/v1/screening/transactions", {
    customerId,
    type: "credit",
    amount: "100.00",
    currency: "GHS",
    channel: "cash",
  });
  await send("POST", "/v1/fraud/evaluate", { entityType: "customer", entityId: customerId });
  await send("GET", "/v1/fraud/cases");
  tree.heap = await measure("requests");
  await send("GET", "/v1/openapi.json");
  tree.heapAfterDocument = await measure("document");
  tree.requests = answered;
  session.close();
  await service.dispose();
  rmSync(tree.outdir, { recursive: true, force: true });
}
for (const tree of trees) await heapOf(tree);

// ---- report ----------------------------------------------------------------------------
const MB = 1024 * 1024;
const emptyMs = median(empty.startMs);
const emptyCpuMs = median(empty.startCpuMs);
const rows = [
  ["bundle bytes", (t) => t.bundle.bytes.toLocaleString()],
  ["gzipped", (t) => t.bundle.gzipBytes.toLocaleString()],
  [
    "source held by V8",
    (t) => `${(t.bundle.sourceHeapBytes / MB).toFixed(1)} MB (${t.bundle.twoByte ? 2 : 1} B/char)`,
  ],
  ["start to first answer (median)", (t) => `${median(t.startMs).toFixed(0)} ms`],
  ["  over an empty Worker", (t) => `${(median(t.startMs) - emptyMs).toFixed(0)} ms`],
  ["workerd CPU to first answer (median)", (t) => `${median(t.startCpuMs).toFixed(0)} ms`],
  ["  over an empty Worker ", (t) => `${(median(t.startCpuMs) - emptyCpuMs).toFixed(0)} ms`],
  ["live heap after requests", (t) => `${(t.heap.usedBytes / MB).toFixed(1)} MB`],
  ["zod instances", (t) => t.heap.schemas.toLocaleString()],
  ["heap snapshot objects", (t) => t.heap.objects.toLocaleString()],
  ["live heap after the document", (t) => `${(t.heapAfterDocument.usedBytes / MB).toFixed(1)} MB`],
  ["zod instances after the document", (t) => t.heapAfterDocument.schemas.toLocaleString()],
  ["heap snapshot objects after the document", (t) => t.heapAfterDocument.objects.toLocaleString()],
];
if (process.argv.includes("--json"))
  console.log(JSON.stringify({ trees, emptyStartMs: empty.startMs }, null, 2));
for (const tree of trees) console.log(`${tree.label} answered: ${tree.requests.join(", ")}`);
for (const [key, what] of [
  ["startMs", "starts"],
  ["startCpuMs", "workerd CPU of the starts"],
])
  console.log(
    `${what} (ms): empty ${empty[key].map(Math.round).join(", ")}; ` +
      trees.map((t) => `${t.label} ${t[key].map(Math.round).join(", ")}`).join("; "),
  );
console.log(`| figure | ${trees.map((t) => t.label).join(" | ")} |`);
console.log(`| --- | ${trees.map(() => "---").join(" | ")} |`);
for (const [name, value] of rows) console.log(`| ${name} | ${trees.map(value).join(" | ")} |`);
for (const tree of trees)
  console.log(
    `${tree.label} zod instances by constructor: ${tree.heap.top.map(([n, c]) => `${n} ${c}`).join(", ")}`,
  );

const mine = trees.at(-1);
figure("worker.bundle_bytes", mine.bundle.bytes, "bytes");
figure("worker.bundle_gzip_bytes", mine.bundle.gzipBytes, "bytes");
figure("worker.start_ms", median(mine.startMs), "ms");
figure("worker.start_over_empty_ms", median(mine.startMs) - emptyMs, "ms");
figure("worker.start_cpu_ms", median(mine.startCpuMs), "ms");
figure("worker.start_cpu_over_empty_ms", median(mine.startCpuMs) - emptyCpuMs, "ms");
figure("worker.heap_mb", mine.heap.usedBytes / MB, "MB");
figure("worker.heap_mb_after_document", mine.heapAfterDocument.usedBytes / MB, "MB");
figure("worker.zod_instances", mine.heap.schemas, "instances");
figure("worker.zod_instances_after_document", mine.heapAfterDocument.schemas, "instances");
