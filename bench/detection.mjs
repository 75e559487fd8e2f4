#!/usr/bin/env node
// Detection benchmark (issue 34, item 7): a labelled tenant from bench/detection/generator.mjs
// (ordinary holders, legitimate look-alikes, planted laundering and fraud schemes) goes through
// the real path: the built Worker under plain Miniflare, a fresh tenant with the default live
// rule sets and screening on arrival, POST /v1/ingest/* in 1,000-record requests (the history
// as a backfill, each request carrying whole holders' histories, as an export by account would),
// the screening queue drained. Then the flags are read through the API (monitoring alerts, fraud
// cases, AML cases), mapped to holders and scored against the labels: per typology recall and the
// rules that fired, overall entity-level precision, recall, F1 and alert rate, the look-alikes'
// share of the flags, beside two baselines at the same alert rate (top volume; random, expected).
// With --run, a portfolio run (POST /v1/monitoring/runs) follows and is reported. With --calibrate,
// the tenant's alert score is 0 (every hit raised) and the rules' priors and the alert-score sweep
// of the subject risk score are printed (docs/methodology/risk-score.md#calibration).
// Figures as BENCH_FIGURE lines (goals from issue 34). Asserts nothing.
// Usage: node bench/detection.mjs [holders=2000] [days=75] [seed=7] [--run] [--calibrate]
//   --profile=sim | --profile=sim-large: the second, independent-style generator
//   (bench/detection/sim/, typologies.md#a-second-generator); holders and days default to the profile's.
//   DETECT_RATES=before: the planting rates before positives were held under 4.9% of holders.
//   small: node bench/detection.mjs 300 60
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { generate } from "./detection/generator.mjs";
import {
  byTypology,
  calibrate,
  entityResolver,
  falseFlags,
  flaggedHolders,
  GOALS,
  lookalikes,
  minTypologyRecall,
  prf,
  randomBaseline,
  recallByTypology,
  ruleTable,
  TYPOLOGY_RULES,
  topRules,
  topVolume,
  typologyTable,
  withoutRule,
} from "./detection/score.mjs";
import { generateSim, PROFILES } from "./detection/sim/generator.mjs";
import { RATES_BEFORE_PREVALENCE } from "./detection/typologies.mjs";
import { figure } from "./lib/figures.mjs";
import { ADMIN_TOKEN, api, startService } from "./lib/server.mjs";

const args = process.argv.slice(2);
const RUN = args.includes("--run");
const CALIBRATE = args.includes("--calibrate");
const PROFILE = args.find((a) => a.startsWith("--profile="))?.slice("--profile=".length) ?? null;
if (PROFILE && !PROFILES[PROFILE]) throw new Error(`unknown profile ${PROFILE}: ${Object.keys(PROFILES)}`);
const [HOLDERS = PROFILES[PROFILE]?.holders ?? 2000, DAYS = PROFILES[PROFILE]?.days ?? 75, SEED = 7] = args
  .filter((a) => !a.startsWith("--"))
  .map(Number);
const BATCH = 1000;
const CONCURRENCY = 2;
const DRAIN_TIMEOUT_MS = 60 * 60_000;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

const began = performance.now();
// The history ends at the last midnight (UTC): the data is the same whatever the day or hour of
// the run, only dated differently; the rules' windows end at the screening, hours later.
// DETECT_RATES=before: the denser benchmark of before (typologies.md#prevalence).
const RATES = process.env.DETECT_RATES === "before" ? "before" : "now";
const END = Math.floor(Date.now() / 86_400_000) * 86_400_000;
const data = PROFILE
  ? generateSim({ profile: PROFILE, holders: HOLDERS, days: DAYS, seed: SEED, end: END })
  : generate({
      holders: HOLDERS,
      days: DAYS,
      seed: SEED,
      end: END,
      ...(RATES === "before" ? { rates: RATES_BEFORE_PREVALENCE } : {}),
    });
console.log(
  `generated ${data.holders.length} holders, ${data.accounts.length} accounts, ${data.agents.length} agents, ` +
    `${data.transactions.length} transactions over ${DAYS} days (seed ${SEED}), ${data.schemes.length} schemes` +
    `${RATES === "before" ? " (rates before)" : ""}${PROFILE ? ` (profile ${PROFILE})` : ""}; ` +
    `load average ${load()}`,
);
const service = await startService();

const created = await api(service.url, ADMIN_TOKEN, "POST", "/admin/tenants", {
  name: "Detection bench",
  shard: 0,
  settings: {
    currency: "GHS",
    country: "GH",
    timeZone: "Africa/Accra",
    monitoring: { onArrival: true, ...(CALIBRATE ? { alertScore: 0 } : {}) },
  },
});
if (created.status !== 201) throw new Error(`tenant: ${created.status} ${JSON.stringify(created.body)}`);
const key = created.body.apiKey.key;
const call = (method, path, body) => api(service.url, key, method, path, body);

async function post(resource, records) {
  for (let attempt = 1; ; attempt++) {
    const res = await call("POST", `/v1/ingest/${resource}`, records).catch((err) => {
      if (attempt >= 3) throw err;
      return null; // a keep-alive socket closed under the request: an unchanged replay writes nothing
    });
    if (!res) continue;
    if (res.status !== 200 || res.body.errors.length)
      throw new Error(`${resource}: ${res.status} ${JSON.stringify(res.body).slice(0, 400)}`);
    return;
  }
}

/** Requests of whole holders' histories (a holder's records in date order), at most BATCH each. */
function transactionRequests() {
  const byHolder = new Map(data.holders.map((h) => [h.id, []]));
  for (const [i, t] of data.transactions.entries()) byHolder.get(data.owners[i]).push(t);
  const requests = [[]];
  for (const records of byHolder.values()) {
    records.sort((a, b) => (a.transactionDate < b.transactionDate ? -1 : 1));
    for (let i = 0; i < records.length; i += BATCH) {
      const part = records.slice(i, i + BATCH);
      if (requests.at(-1).length + part.length > BATCH) requests.push([]);
      requests.at(-1).push(...part);
    }
  }
  return requests.filter((r) => r.length);
}

// ---- load -----------------------------------------------------------------------------------
const ingestStarted = performance.now();
for (const [resource, records] of [
  ["customers", data.customers],
  ["agents", data.agents],
  ["accounts", data.accounts],
]) {
  for (let i = 0; i < records.length; i += BATCH) await post(resource, records.slice(i, i + BATCH));
}
const requests = transactionRequests();
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < requests.length) await post("transactions", requests[next++]);
  }),
);
console.log(
  `ingested in ${seconds(ingestStarted)} s (${requests.length} transaction requests, ${CONCURRENCY} clients); load ${load()}`,
);

async function untilDrained() {
  const startedAt = Date.now();
  let last = "";
  for (;;) {
    const res = await call("GET", "/v1/monitoring/status").catch(() => null);
    const s = res?.status === 200 ? res.body.status : null;
    // Drained, and the network scan (a delayed job after the last drain) has seen everything.
    if (s && s.pending === 0 && s.claimed === 0 && (s.network?.upToDate ?? true)) return s;
    if (Date.now() - startedAt > DRAIN_TIMEOUT_MS) throw new Error(`not drained: ${JSON.stringify(s)}`);
    const line = s
      ? `  pending ${s.pending}, claimed ${s.claimed}, dead-lettered ${s.deadLettered}, network ${s.network?.upToDate ? "judged" : "due"}`
      : "";
    if (line !== last && process.stdout.isTTY) process.stdout.write(`\r${line.padEnd(60)}`);
    last = line;
    await new Promise((r) => setTimeout(r, 1000));
  }
}
const drainStarted = performance.now();
const status = await untilDrained();
if (process.stdout.isTTY) process.stdout.write("\n");
console.log(
  `screening drained ${seconds(drainStarted)} s after the last request (${status.deadLettered} dead-lettered; ` +
    `network scan: ${status.network?.transfers ?? "-"} transfers, ${status.network?.schemes ?? "-"} schemes); ` +
    `load ${load()}`,
);

// ---- read the flags through the API -----------------------------------------------------------
async function all(path, rows = (b) => b.data, cursorOf = (b) => b.pagination.nextCursor) {
  const out = [];
  let cursor = null;
  do {
    const sep = path.includes("?") ? "&" : "?";
    const res = await call("GET", `${path}${sep}limit=500${cursor ? `&cursor=${cursor}` : ""}`);
    if (res.status !== 200)
      throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    out.push(...rows(res.body));
    cursor = cursorOf(res.body);
  } while (cursor);
  return out;
}
const ids = {
  customers: new Map((await all("/v1/customers")).map((c) => [c.id, c.externalId])),
  accounts: new Map((await all("/v1/accounts")).map((a) => [a.id, a.externalId])),
};
const resolve = entityResolver(data, ids);
async function readFlags() {
  const alerts = (await all("/v1/monitoring/alerts")).map((a) => ({ ...a, rules: a.ruleIds }));
  const fraudCases = (
    await all(
      "/v1/fraud/cases",
      (b) => b.data,
      (b) => b.nextCursor,
    )
  ).map((c) => ({
    ...c,
    rules: c.triggeredSignals.map((s) => s.signalId ?? s.id ?? "fraud"),
  }));
  const amlCases = (await all("/v1/kyc-aml/cases")).map((c) => ({ ...c, rules: [c.ruleId] }));
  return { alerts, fraudCases, amlCases };
}
const flags = await readFlags();
// DETECT_DUMP=file: every alert with the holder it names and that holder's label, for reading
// which rules fire on whom (the figures above are computed from the same rows), and for pooling
// the priors of several --calibrate runs (bench/detection/pool.mjs).
if (process.env.DETECT_DUMP) {
  const byId = new Map(data.holders.map((h) => [h.id, h]));
  const rows = flags.alerts.map((a) => {
    const holder = resolve(a.entityType, a.entityId);
    return { holder, label: holder ? byId.get(holder).label : null, alert: a };
  });
  writeFileSync(
    process.env.DETECT_DUMP,
    JSON.stringify({
      options: {
        holders: HOLDERS,
        days: DAYS,
        seed: SEED,
        calibrate: CALIBRATE,
        rates: RATES,
        ...(PROFILE ? { profile: PROFILE } : {}),
      },
      alerts: rows,
      amlCases: flags.amlCases,
    }),
  );
}

// ---- score ----------------------------------------------------------------------------------
const N = data.holders.length;
const pct = (x) => `${(100 * x).toFixed(1)}%`;
const f2 = (x) => x.toFixed(2);
const byAlerts = flaggedHolders(flags.alerts, resolve);
// A network scheme's AML case lists every participant (`subjects`): each is flagged by the case.
const amlCaseSubjects = flags.amlCases.flatMap((c) =>
  (c.subjects ?? [c]).map((s) => ({ ...c, entityType: s.entityType, entityId: s.entityId })),
);
const byCases = flaggedHolders([...flags.fraudCases, ...amlCaseSubjects], resolve);
const system = prf(data.holders, byAlerts.flagged);
const cases = prf(data.holders, byCases.flagged);
const k = byAlerts.flagged.size;
const top = topVolume(data, k);
const topFigures = prf(data.holders, top);
const random = randomBaseline(data.holders, k);
const rows = byTypology(data, byAlerts.flagged);
const topRecall = recallByTypology(data.holders, top);
const caseRecall = recallByTypology(data.holders, new Set(byCases.flagged.keys()));
const look = lookalikes(data.holders, byAlerts.flagged);
const minRecall = minTypologyRecall(rows);
// The rule that flags the most holders, and what the others find without it (with the baselines at
// that rate): when one rule flags nearly everyone, the figures above say little about the rest.
const rules = ruleTable(data.holders, byAlerts.flagged);
const topRule = rules[0]?.rule ?? "none";
const rest = withoutRule(byAlerts.flagged, topRule);
const restFigures = prf(data.holders, rest);
const restRows = byTypology(data, rest);
const restTop = prf(data.holders, topVolume(data, rest.size));
const restRandom = randomBaseline(data.holders, rest.size);
const positives = data.holders.filter(
  (h) => h.label.class === "laundering" || h.label.class === "fraud",
).length;

console.log(
  `\n${N} holders, ${positives} in planted schemes (${pct(positives / N)}), ` +
    `${data.holders.filter((h) => h.label.class === "lookalike").length} legitimate look-alikes; ` +
    `${flags.alerts.length} alerts (${f2((1000 * flags.alerts.length) / N)} per 1,000 holders), ` +
    `${flags.fraudCases.length} fraud + ${flags.amlCases.length} AML cases ` +
    `(${f2((1000 * (flags.fraudCases.length + flags.amlCases.length)) / N)} per 1,000 holders); ` +
    `${byAlerts.outside} alerts name parties outside the holders (not scored)`,
);
console.log(
  "\nPer typology: recall over participants (found: any alert names the holder), with cases only, the " +
    "baselines', and recall split by schemes that ended in the last 30 days (recent) or before (older)",
);
console.log(
  `${"typology".padEnd(18)} ${"class".padEnd(10)} schemes participants  found recall  cases top-vol random  recent   older  w/o top  rules fired on participants`,
);
console.log(`(w/o top: recall without ${topRule}, the rule that flags the most holders)`);
for (const r of rows.sort((a, b) =>
  a.class < b.class ? -1 : a.class > b.class ? 1 : a.typology < b.typology ? -1 : 1,
)) {
  const tv = topRecall[r.typology];
  const cr = caseRecall[r.typology];
  console.log(
    `${r.typology.padEnd(18)} ${r.class.padEnd(10)} ${String(r.schemes).padStart(7)} ${String(r.participants).padStart(12)} ` +
      `${String(r.found).padStart(6)} ${f2(r.recall).padStart(6)} ${f2(cr.found / cr.participants).padStart(6)} ` +
      `${f2(tv.found / tv.participants).padStart(7)} ${f2(k / N).padStart(6)} ${`${r.recent.found}/${r.recent.participants}`.padStart(7)} ` +
      `${`${r.older.found}/${r.older.participants}`.padStart(7)} ` +
      `${f2(restRows.find((x) => x.typology === r.typology).recall).padStart(8)}  ${topRules(r.rules) || "-"}`,
  );
  console.log(
    `${"".padEnd(30)}by role: ${Object.entries(r.roles)
      .map(([role, x]) => `${role} ${x.found}/${x.participants}`)
      .join(", ")}`,
  );
}
console.log(
  "\nPer typology: recall over its participants (any alert); the holders its rules flag (alert rate), " +
    "their precision (share in any planted scheme) and F1 of the two",
);
console.log(
  `${"typology".padEnd(18)} ${"class".padEnd(10)} participants recall  flagged alert rate precision     F1  rules`,
);
for (const t of typologyTable(data.holders, byAlerts.flagged))
  console.log(
    `${t.typology.padEnd(18)} ${t.class.padEnd(10)} ${String(t.participants).padStart(12)} ${f2(t.recall).padStart(6)} ` +
      `${String(t.ruleFlagged).padStart(8)} ${pct(t.alertRate).padStart(10)} ${f2(t.precision).padStart(9)} ${f2(t.f1).padStart(6)}  ` +
      TYPOLOGY_RULES[t.typology].join(", "),
  );
console.log("\nOverall, entity level (holders)");
console.log(`${"".padEnd(34)} flagged  alert rate  precision  recall     F1`);
const line = (name, x) =>
  console.log(
    `${name.padEnd(34)} ${String(Math.round(x.flagged)).padStart(7)} ${pct(x.alertRate).padStart(11)} ${f2(x.precision).padStart(10)} ` +
      `${f2(x.recall).padStart(7)} ${f2(x.f1).padStart(6)}`,
  );
line("rules (any alert)", system);
line("rules (any case)", cases);
line("top volume, same rate", topFigures);
line("random, same rate (exp.)", random);
line(`without ${topRule}`, restFigures);
line("top volume, that rate", restTop);
line("random, that rate (exp.)", restRandom);
const lookalikeIds = new Set(data.holders.filter((h) => h.label.class === "lookalike").map((h) => h.id));
const alertsOnLookalikes = flags.alerts.filter((a) =>
  lookalikeIds.has(resolve(a.entityType, a.entityId)),
).length;
console.log(
  `\nLook-alikes: ${look.flagged} of ${k} flagged holders (${pct(look.share)}), ${alertsOnLookalikes} of ` +
    `${flags.alerts.length} alerts (${pct(alertsOnLookalikes / flags.alerts.length)}); per kind flagged / holders: ` +
    Object.entries(look.kinds)
      .map(([kind, x]) => `${kind} ${x.flagged}/${x.holders} (${topRules(x.rules, 2) || "-"})`)
      .join("; "),
);
console.log("False flags by population (flagged / holders: the rules that fired most)");
for (const [group, x] of Object.entries(falseFlags(data.holders, byAlerts.flagged)).sort(
  (a, b) => b[1].flagged - a[1].flagged,
))
  if (x.flagged)
    console.log(
      `  ${group.padEnd(24)} ${String(x.flagged).padStart(4)}/${String(x.holders).padEnd(5)} ${topRules(x.rules)}`,
    );
console.log("Per rule: the holders it flags alone, and the flags left without it");
console.log(`${"rule".padEnd(26)} flagged precision recall     F1 | without: rate precision recall     F1`);
for (const { rule, alone, without } of rules)
  console.log(
    `${rule.padEnd(26)} ${String(alone.flagged).padStart(7)} ${f2(alone.precision).padStart(9)} ${f2(alone.recall).padStart(6)} ` +
      `${f2(alone.f1).padStart(6)} | ${pct(without.alertRate).padStart(13)} ${f2(without.precision).padStart(9)} ` +
      `${f2(without.recall).padStart(6)} ${f2(without.f1).padStart(6)}`,
  );
const alertsBy = {};
for (const a of flags.alerts)
  alertsBy[`${a.kind}/${a.entityType}`] = (alertsBy[`${a.kind}/${a.entityType}`] ?? 0) + 1;
const entities = new Set(flags.alerts.map((a) => `${a.entityType}:${a.entityId}`));
console.log(
  `Alerts by kind and entity type: ${Object.entries(alertsBy)
    .map(([x, n]) => `${x} ${n}`)
    .join(", ")}; ${entities.size} distinct entities (an entity screened again raises another alert)`,
);

if (CALIBRATE) {
  const { priors, sweep } = calibrate(
    data.holders,
    flags.alerts,
    resolve,
    [0, 30, 40, 45, 50, 55, 60, 65, 70, 80],
  );
  console.log(
    "\nCalibration (alert score 0): each rule's prior = (holders in schemes + 1) / (holders flagged + 2)",
  );
  for (const p of priors)
    console.log(
      `  ${p.rule.padEnd(26)} ${String(p.tp).padStart(4)}/${String(p.flagged).padEnd(4)} prior ${f2(p.prior)}`,
    );
  console.log(`${"alert score".padEnd(12)} flagged  alert rate  precision  recall     F1  look-alikes`);
  for (const x of sweep)
    console.log(
      `${String(x.alertScore).padEnd(12)} ${String(x.flagged).padStart(7)} ${pct(x.alertRate).padStart(11)} ` +
        `${f2(x.precision).padStart(10)} ${f2(x.recall).padStart(7)} ${f2(x.f1).padStart(6)} ${pct(x.lookalikeShare).padStart(12)}`,
    );
}

// ---- portfolio run (optional) ------------------------------------------------------------------
if (RUN) {
  const started = await call("POST", "/v1/monitoring/runs");
  if (started.status !== 202) throw new Error(`run: ${started.status} ${JSON.stringify(started.body)}`);
  let run = started.body.run;
  const runStarted = performance.now();
  while (run.status === "running") {
    await new Promise((r) => setTimeout(r, 1000));
    run = (await call("GET", `/v1/monitoring/runs/${run.runId}`)).body.run;
  }
  const after = flaggedHolders((await readFlags()).alerts, resolve);
  const more = [...after.flagged.keys()].filter((h) => !byAlerts.flagged.has(h));
  console.log(
    `\nPortfolio run after the load: ${run.status} in ${seconds(runStarted)} s, figures ${JSON.stringify(run.figures)}; ` +
      `${more.length} holders flagged that arrival had not (${prf(data.holders, new Set(more)).tp} of them in schemes)`,
  );
}

console.log(`\ntotal ${seconds(began)} s; load average at end ${load()}`);
const at = `@${PROFILE ? `${PROFILE}-` : ""}${N}x${DAYS}`;
const ratio = topFigures.f1 > 0 ? system.f1 / topFigures.f1 : system.f1 > 0 ? 99 : 0;
figure(`detection.f1${at}`, system.f1, "", GOALS.f1);
figure(`detection.precision${at}`, system.precision, "");
figure(`detection.recall${at}`, system.recall, "");
figure(`detection.alert_rate${at}`, system.alertRate, "", GOALS.alertRate);
figure(`detection.min_typology_recall${at}`, minRecall ?? 0, "", GOALS.minTypologyRecall);
figure(`detection.f1_over_top_volume${at}`, ratio, "x", GOALS.f1OverTopVolume);
figure(`detection.lookalike_share${at}`, look.share, "", GOALS.lookalikeShare);
figure(`detection.top_volume_f1${at}`, topFigures.f1, "");
figure(`detection.f1_without_top_rule${at}`, restFigures.f1, ""); // the rule: printed above
figure(`detection.random_f1${at}`, random.f1, "");
await service.dispose();
