#!/usr/bin/env node
// Faults (issue 36 item 3): `npm start` is SIGKILLed (its whole process group: start.mjs, wrangler,
// workerd) during each of six kinds of work, one at a time and each on a tenant of its own, and
// started again with `npm start` on the same state and port (bench/faults/scenarios.mjs):
//   ingest, screening on arrival, a portfolio run, webhook delivery, a fraud case append burst
//   and a tenant move.
// Every request goes through an at-least-once client that retries 429, 503, 409
// `idempotency_key_in_use`, network errors and answers not in 30 s with backoff
// (bench/faults/client.mjs), with an Idempotency-Key on every write. The kill lands once the
// scenario is mid-work (or after 3 minutes). After the restart each scenario waits for its queues
// to drain (the minute cron that start.mjs ticks resends what the kill lost) and prints: lost,
// doubled, unanswered, time to recover (SIGKILL -> the first request its client sent after it
// answered), whether the hash chains verify, whether its queue drained, and its dead letters with
// their errors. docs/decisions/faults.md.
// Uses (and keeps) the state in .wrangler/ of this checkout; the first start seeds the demo.
// Usage: node bench/faults.mjs [scenario ...] [--port=18931]
import { AtLeastOnceClient } from "./faults/client.mjs";
import { scenarios } from "./faults/scenarios.mjs";
import { npmStartService } from "./faults/service.mjs";
import { figure } from "./lib/figures.mjs";

const args = process.argv.slice(2);
const port = Number(args.find((a) => a.startsWith("--port="))?.slice(7) ?? 18931);
const chosen = args.filter((a) => !a.startsWith("--"));
const names = chosen.length ? chosen : Object.keys(scenarios);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const secs = (ms) => (ms === null ? "-" : `${(ms / 1000).toFixed(1)} s`);
const MID_WORK_LIMIT_MS = 180_000;

const svc = npmStartService(port);
let t0 = Date.now();
await svc.start();
console.log(`npm start on :${port} ready in ${secs(Date.now() - t0)}; scenarios: ${names.join(", ")}`);
const admin = new AtLeastOnceClient(svc.url);
const rows = [];
const details = [];

/** One scenario: its work, SIGKILL once it is mid-work, `npm start` again, its checks. */
async function run(name) {
  const s = scenarios[name];
  const ctx = { svc, admin, state: {}, restarted: false };
  await s.setup(ctx);
  let error;
  const load = s.load(ctx).catch((e) => {
    error = e;
  });
  const waitFrom = Date.now();
  let midWork = false;
  while (!error && Date.now() - waitFrom < MID_WORK_LIMIT_MS) {
    midWork = await s.midWork(ctx);
    if (midWork) break;
    await sleep(100);
  }
  const logMark = svc.lines.length;
  const killedAt = Date.now();
  ctx.killedAt = killedAt;
  await svc.kill();
  admin.killed(killedAt);
  ctx.state.t?.client.killed(killedAt);
  t0 = Date.now();
  await svc.start();
  const restartMs = Date.now() - t0;
  ctx.restarted = true;
  await load;
  const out = error ? { error } : await s.settle(ctx).catch((e) => ({ error: e }));
  const client = ctx.state.t?.client;
  if (out.error) {
    rows.push(`| ${name} | FAILED: ${String(out.error.message).slice(0, 200)} |`);
    return;
  }
  rows.push(
    `| ${name} | ${out.lost} | ${out.doubled} | ${client.unanswered} | ${secs(client.recoverMs)} | ${out.chains} | ${out.drained} | ${out.deadLetters.length} |`,
  );
  const noted = svc.lines
    .slice(logMark)
    .filter((l) =>
      /dead letter|request deadline|restarted mid-request|dropped the connection|"level":"error"/.test(l),
    );
  details.push(
    `${name}: ${s.about}; killed ${midWork ? "mid-work" : "NOT mid-work"} after ${secs(killedAt - waitFrom)}, npm start again in ${secs(restartMs)}; ${out.note}; retried ${JSON.stringify(client.retried)}; service error lines after the kill: ${noted.length}`,
    ...out.deadLetters.map((d) => `  dead letter: ${d}`),
    ...noted.slice(0, 10).map((l) => `  log: ${l.slice(0, 300)}`),
  );
  console.log(rows.at(-1));
  const tag = `faults ${name}`;
  figure(`${tag} lost`, out.lost, "", { max: 0 });
  figure(`${tag} doubled`, out.doubled, "", { max: 0 });
  figure(`${tag} unanswered`, client.unanswered, "requests", { max: 0 });
  if (client.recoverMs !== null) figure(`${tag} time to recover`, client.recoverMs / 1000, "s");
}

try {
  for (const name of names) await run(name);
  console.log(
    "\n| scenario | lost | doubled | unanswered | time to recover | chains | queue drained | dead letters |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const r of rows) console.log(r);
  console.log("");
  for (const d of details) console.log(d);
} finally {
  await svc.dispose();
}
