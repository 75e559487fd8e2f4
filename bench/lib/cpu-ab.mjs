#!/usr/bin/env node
// Paired CPU comparison of two builds under the same machine load (docs/performance.md): both
// services run at once on copies of the same seeded state; requests alternate between them in
// blocks, one at a time, and each workerd's own CPU (from /proc) is charged to its build. On a
// shared machine this moves far less than comparing two runs made minutes apart.
// Usage: node bench/lib/cpu-ab.mjs <baseRoot> <newRoot> <stateDir> [rounds=10] [block=30] [routes=evaluate,screening]
// e.g. a base tree: git archive <commit> | tar -x -C /tmp/base && ln -s $PWD/node_modules /tmp/base/;
// stateDir: bench/.data/fraud-evaluate-1000x50 (seeded by bench/fraud-evaluate.mjs).
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { processCpuSeconds as cpuOf, workerdPids } from "./workerd-cpu.mjs";

const [baseRoot, newRoot, stateDir, rounds = "10", block = "30", routesArg = "evaluate,screening"] =
  process.argv.slice(2);
const ENTITY_ID = "c0000000-0000-4000-8000-000000000000";
const tenant = JSON.parse(readFileSync(join(stateDir, "tenant.json"), "utf8"));

async function start(root, label) {
  const { startService } = await import(join(root, "bench/lib/server.mjs"));
  const state = mkdtempSync(join(tmpdir(), `ab-${label}-`));
  cpSync(stateDir, state, { recursive: true });
  const before = new Set(workerdPids());
  const service = await startService({ persistTo: state });
  const pid = workerdPids().find((p) => !before.has(p));
  return { label, service, pid, state };
}

const bodies = {
  evaluate: ["/v1/fraud/evaluate", { entityType: "customer", entityId: ENTITY_ID, windowDays: 30 }],
  screening: [
    "/v1/screening/transactions",
    {
      customerId: ENTITY_ID,
      type: "credit",
      amount: "49999.00",
      currency: "GHS",
      channel: "cash",
      counterpartyName: "Walk-in depositor",
    },
  ],
  quiet: [
    "/v1/screening/transactions",
    { customerId: ENTITY_ID, type: "debit", amount: "12.50", currency: "GHS", channel: "mobile_money" },
  ],
};
async function call(s, route) {
  const [path, body] = bodies[route];
  const res = await fetch(`${s.service.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${tenant.key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${s.label} ${route}: ${res.status} ${text.slice(0, 300)}`);
  return { text, queries: res.headers.get("x-d1-queries") };
}

const services = [await start(baseRoot, "base"), await start(newRoot, "new")];
try {
  for (const route of routesArg.split(",")) {
    const first = [];
    for (const s of services) {
      for (let i = 0; i < 20; i++) await call(s, route);
      first.push(await call(s, route));
    }
    console.log(
      `${route}: D1 queries base ${first[0].queries}, new ${first[1].queries}; answer bytes ${first[0].text.length} / ${first[1].text.length}`,
    );
    const perRound = { base: [], new: [] };
    for (let r = 0; r < Number(rounds); r++) {
      const order = r % 2 ? [...services].reverse() : services;
      for (const s of order) {
        const c0 = cpuOf(s.pid);
        for (let i = 0; i < Number(block); i++) await call(s, route);
        perRound[s.label].push(((cpuOf(s.pid) - c0) * 1000) / Number(block));
      }
    }
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const ratios = perRound.base.map((b, i) => perRound.new[i] / b);
    console.log(
      `${route}: CPU ms/request base mean ${mean(perRound.base).toFixed(2)} (median ${median(perRound.base).toFixed(2)}), ` +
        `new mean ${mean(perRound.new).toFixed(2)} (median ${median(perRound.new).toFixed(2)}); ` +
        `new/base per round median ${median(ratios).toFixed(2)} [${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}]`,
    );
  }
} finally {
  for (const s of services) {
    await s.service.dispose();
    rmSync(s.state, { recursive: true, force: true });
  }
}
