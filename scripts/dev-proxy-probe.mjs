#!/usr/bin/env node
// Probes a running `npm start` for requests its dev proxy leaves without an answer
// (docs/decisions/faults.md#unanswered-requests-under-npm-start): requests on a steady ~5 s
// cadence, the idle time after which the runtime closes a kept-alive connection.
//   get: one client, one GET at a time (a parked GET is then never replayed)
//   mix: six loops, GET and POST, at 4.99 / 5.00 / 5.01 s
// Prints a tally of answers; "not ours" = no x-request-id (the proxy answered, not the Worker).
// Usage: node scripts/dev-proxy-probe.mjs <base> <tenant key> [get|mix] [seconds=90]
const [base, key, mode = "mix", seconds = "90"] = process.argv.slice(2);
if (!base || !key) {
  console.error("usage: node scripts/dev-proxy-probe.mjs <base> <tenant key> [get|mix] [seconds]");
  process.exit(2);
}
const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
const end = Date.now() + Number(seconds) * 1000;
const tally = {};

async function once(method, path, body) {
  const signal = AbortSignal.timeout(20_000);
  let outcome;
  try {
    const res = await fetch(base + path, { method, headers, body, signal });
    const text = await res.text();
    const ours = res.headers.has("x-request-id") ? "" : " not ours";
    outcome = `${res.status}${ours}${res.status >= 500 ? `: ${text.slice(0, 60)}` : ""}`;
  } catch (error) {
    outcome = `no answer in 20 s (${error.name})`;
  }
  const k = `${method} ${outcome}`;
  tally[k] = (tally[k] ?? 0) + 1;
}

async function loop(cadenceMs, method, path, body) {
  while (Date.now() < end) {
    const started = Date.now();
    await once(method, path, body);
    await new Promise((r) => setTimeout(r, Math.max(0, cadenceMs - (Date.now() - started))));
  }
}

const get = ["GET", "/v1/customers?limit=1"];
const post = [
  "POST",
  "/v1/fraud/evaluate",
  JSON.stringify({ entityType: "merchant", entityId: "Probe Shop" }),
];
await Promise.all(
  mode === "get"
    ? [loop(5000, ...get)]
    : [4990, 5000, 5010].flatMap((ms) => [loop(ms, ...get), loop(ms, ...post)]),
);
console.log(JSON.stringify(tally, null, 1));
