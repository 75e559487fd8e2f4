#!/usr/bin/env node
// Faults (issue 36 item 3), first scenario: the service is SIGKILLed during ingest and
// restarted on the same state and port, while an at-least-once client sends batches of
// transactions and retries 429, 503, 409 `idempotency_key_in_use`, network errors and answers
// that do not come within 30 s, with backoff. Run twice: without and with an Idempotency-Key
// per batch. Prints per run: lost, doubled, unanswered, retries, time to recover (SIGKILL ->
// first batch acknowledged by the restarted service). docs/decisions/faults.md.
// Usage: node bench/faults.mjs [batches=20] [batchSize=500] [killAfter=8]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { figure } from "./lib/figures.mjs";
import { api, buildWorker, tenantWithAccounts } from "./lib/server.mjs";

const batches = Number(process.argv[2] ?? 20);
const batchSize = Number(process.argv[3] ?? 500);
const killAfter = Number(process.argv[4] ?? 8);
const ANSWER_TIMEOUT_MS = 30_000;
const GIVE_UP_MS = 10 * 60_000;

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Starts bench/lib/serve-child.mjs as a process-group leader; resolves with the child when ready. */
function startChild(built, state, port) {
  const child = spawn(
    process.execPath,
    [join(import.meta.dirname, "lib/serve-child.mjs"), built, state, port],
    {
      detached: true,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes('{"url"')) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`service exited (${code}) before it was ready`)));
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function run(withKey) {
  const built = buildWorker();
  const state = mkdtempSync(join(tmpdir(), "bench-faults-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child = await startChild(built, state, port);
  const counts = { unanswered: 0, networkErrors: 0, retried: {}, answered: 0 };
  try {
    const accounts = 200;
    const key = await tenantWithAccounts(url, { name: "faults bench", count: accounts, source: "faults" });

    let acknowledged = 0;
    /** When each request now waiting for its answer was sent: the kill lands inside one. */
    const inFlight = new Set();
    let killedAt = null;
    let recoveredAt = null;
    const batchBody = (b) =>
      JSON.stringify(
        Array.from({ length: batchSize }, (_, i) => ({
          externalId: `T${b}-${i}`,
          externalSource: "faults",
          accountExternalId: `A${i % accounts}`,
          type: i % 3 ? "credit" : "debit",
          amount: `${(i % 900) + 1}.00`,
          currency: "GHS",
          transactionDate: new Date(Date.UTC(2026, 9, 1) + (b * batchSize + i) * 60_000).toISOString(),
          counterpartyName: `Counterparty ${i % 40}`,
        })),
      );

    /** The at-least-once client: one batch, until the service acknowledges it. */
    async function send(b) {
      const body = batchBody(b);
      const headers = {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        ...(withKey ? { "idempotency-key": `faults-batch-${b}` } : {}),
      };
      const started = Date.now();
      for (let attempt = 0; Date.now() - started < GIVE_UP_MS; attempt++) {
        let outcome;
        const sentAt = { at: Date.now() };
        inFlight.add(sentAt);
        try {
          const res = await fetch(`${url}/v1/ingest/transactions`, {
            method: "POST",
            headers,
            body,
            signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
          });
          const answer = await res.json().catch(() => ({}));
          inFlight.delete(sentAt);
          counts.answered++;
          if (res.status === 200) {
            acknowledged++;
            // Recovered: the first batch sent after the kill that the restarted service acknowledged.
            if (killedAt && sentAt.at > killedAt && !recoveredAt) recoveredAt = Date.now();
            return;
          }
          outcome = res.status === 409 ? `409 ${answer.error?.code}` : String(res.status);
          if (![429, 503].includes(res.status) && outcome !== "409 idempotency_key_in_use")
            throw new Error(`batch ${b}: ${outcome} ${JSON.stringify(answer).slice(0, 200)}`);
        } catch (error) {
          inFlight.delete(sentAt);
          if (error.name === "TimeoutError") {
            outcome = "no answer in 30 s";
            counts.unanswered++;
          } else if (error instanceof TypeError) {
            outcome = "network error";
            counts.networkErrors++;
          } else throw error;
        }
        counts.retried[outcome] = (counts.retried[outcome] ?? 0) + 1;
        await sleep(Math.min(2000, 100 * 2 ** attempt));
      }
      throw new Error(`batch ${b}: not acknowledged in ${GIVE_UP_MS / 1000} s`);
    }

    const t0 = Date.now();
    let next = 0;
    const killer = (async () => {
      // Mid-ingest: after `killAfter` batches, once a batch has been in the service for 100 ms.
      while (acknowledged < killAfter || ![...inFlight].some((r) => Date.now() - r.at >= 100)) await sleep(2);
      process.kill(-child.pid, "SIGKILL");
      killedAt = Date.now();
      child = await startChild(built, state, port);
    })();
    await Promise.all(
      [0, 1].map(async () => {
        while (next < batches) await send(next++);
      }),
    );
    await killer;
    const total = (await api(url, key, "GET", "/v1/transactions?limit=1")).body.pagination.total;
    const expected = batches * batchSize;
    return {
      mode: withKey ? "with Idempotency-Key" : "without key",
      expected,
      lost: Math.max(0, expected - total),
      doubled: Math.max(0, total - expected),
      unanswered: counts.unanswered,
      networkErrors: counts.networkErrors,
      retried: counts.retried,
      recoverMs: recoveredAt && killedAt ? recoveredAt - killedAt : null,
      seconds: (Date.now() - t0) / 1000,
    };
  } finally {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {}
    rmSync(state, { recursive: true, force: true });
    rmSync(built, { recursive: true, force: true });
  }
}

for (const withKey of [false, true]) {
  const r = await run(withKey);
  console.log(
    `\ningest, SIGKILL after ${killAfter} of ${batches} batches of ${batchSize}, ${r.mode} (${r.seconds.toFixed(1)} s)`,
  );
  console.log(
    `  lost ${r.lost}, doubled ${r.doubled}, unanswered ${r.unanswered}, network errors ${r.networkErrors}`,
  );
  console.log(`  retried: ${JSON.stringify(r.retried)}`);
  console.log(`  time to recover: ${r.recoverMs === null ? "-" : `${(r.recoverMs / 1000).toFixed(1)} s`}`);
  const tag = withKey ? "keyed" : "unkeyed";
  figure(`faults ingest ${tag} lost`, r.lost, "transactions", { max: 0 });
  figure(`faults ingest ${tag} doubled`, r.doubled, "transactions", { max: 0 });
  figure(`faults ingest ${tag} unanswered`, r.unanswered, "requests", { max: 0 });
  if (r.recoverMs !== null) figure(`faults ingest ${tag} time to recover`, r.recoverMs / 1000, "s");
}
