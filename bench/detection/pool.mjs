#!/usr/bin/env node
// Calibration of the subject risk score over several benchmark runs (docs/methodology/
// risk-score.md#calibration). Each run is a `DETECT_DUMP=file node bench/detection.mjs <holders>
// <days> <seed> --calibrate` (alert score 0: every hit raised). This pools the rules' priors over
// the runs, (holders in schemes + 1) / (holders flagged + 2), and for each run prints the holders a
// default alert score would flag: with the pooled priors, and with priors from the other runs
// only (leave one out: the run is not scored with priors it set). Reporting rules (a cash or
// cross-border threshold) flag at any score, as in the service.
// --service also scores each run with the priors the service has now (RULE_PRIORS).
// Usage: node bench/detection/pool.mjs dump.json... [--scores 60,70,80] [--holders] [--service]
import { readFileSync } from "node:fs";
import { generate } from "./generator.mjs";
import { generateSim } from "./sim/generator.mjs";
import { RATES_BEFORE_PREVALENCE } from "./typologies.mjs";

/** Rules the budget never holds back (their case type is a report: ctr, ectr). */
export const REPORTING = new Set(["AML-LCT-001", "AML-XBR-010"]);

const isPositive = (label) => label.class === "laundering" || label.class === "fraud";

/** Per rule over `runs`: holders it flagged and how many of them are in schemes. */
export function ruleCounts(runs) {
  const counts = new Map();
  for (const run of runs)
    for (const [rule, holders] of run.byRule) {
      const c = counts.get(rule) ?? { tp: 0, flagged: 0 };
      c.flagged += holders.size;
      for (const h of holders) if (isPositive(run.labels.get(h))) c.tp++;
      counts.set(rule, c);
    }
  return counts;
}

/** Add-one smoothed priors from counts. */
export const priorsOf = (counts) =>
  new Map([...counts].map(([rule, c]) => [rule, (c.tp + 1) / (c.flagged + 2)]));

/**
 * As src/modules/monitoring/domain/risk-score.ts (kept equal by hand): an immediate-loss rule's
 * prior is at least the one that raises alone at the default alert score (80), and a scheme
 * participant scores the scheme rule at its weight: 1 for the principal and for half or more of
 * an even split among the others (the alert's `detail.share` x their count), down to 0.85 for a
 * negligible share.
 */
export const IMMEDIATE_LOSS = new Map([["new_payee_drain", 0.8]]);
/** Rules that read the same movements, one piece of evidence (as risk-score.ts SHARED_EVIDENCE). */
export const SHARED_EVIDENCE = [new Set(["AML-STR-002", "just_under_threshold"])];
export function participantWeight(principal, share, others = 1) {
  const relative = Math.max(0, share) * Math.max(1, others);
  return principal || !(relative < 0.5) ? 1 : 0.85 + (0.15 * relative) / 0.5;
}
const alertWeight = (alert) =>
  typeof alert.detail?.share === "number"
    ? participantWeight(
        alert.entityId === alert.detail.scheme?.principal,
        alert.detail.share,
        (alert.detail.scheme?.participants?.length ?? 2) - 1,
      )
    : 1;

/** Each holder's highest screening score under `priors` (Infinity when a reporting rule fired). */
export function holderScores(run, priors) {
  const screenings = new Map();
  for (const { holder, alert } of run.alerts) {
    const key = `${alert.screeningId}|${alert.entityType}:${alert.entityId}`;
    const s = screenings.get(key) ?? { holder, rules: new Map() };
    const weight = alertWeight(alert);
    for (const rule of alert.ruleIds) s.rules.set(rule, Math.max(s.rules.get(rule) ?? 0, weight));
    screenings.set(key, s);
  }
  const priorOf = (rule) => Math.max(priors.get(rule) ?? 0.6, IMMEDIATE_LOSS.get(rule) ?? 0);
  const best = new Map();
  for (const { holder, rules: weighted } of screenings.values()) {
    const rules = [...weighted.keys()];
    const reporting = rules.some((r) => REPORTING.has(r));
    // Rules that share their evidence count once, at the strongest (risk-score.ts SHARED_EVIDENCE).
    const evidence = new Map();
    for (const [rule, w] of weighted) {
      const group = SHARED_EVIDENCE.findIndex((g) => g.has(rule));
      const key = group >= 0 ? `shared:${group}` : rule;
      evidence.set(key, Math.max(evidence.get(key) ?? 0, Math.min(0.99, priorOf(rule) * w)));
    }
    const rest = [...evidence.values()].reduce((r, p) => r * (1 - p), 1);
    const score = reporting ? Number.POSITIVE_INFINITY : 100 * (1 - rest);
    if (score > (best.get(holder)?.score ?? -1)) best.set(holder, { score, rules: [...rules] });
  }
  return best;
}

/** The figures of flagging the holders at or above `alertScore`. */
export function atScore(run, scores, alertScore) {
  const flagged = [...scores].filter(([, s]) => s.score >= alertScore).map(([h]) => h);
  const positives = [...run.labels.values()].filter(isPositive).length;
  const tp = flagged.filter((h) => isPositive(run.labels.get(h))).length;
  const lookalikes = flagged.filter((h) => run.labels.get(h).class === "lookalike").length;
  const participants = new Map();
  const found = new Map();
  for (const l of run.labels.values()) {
    if (!isPositive(l)) continue;
    participants.set(l.typology, { n: (participants.get(l.typology)?.n ?? 0) + 1, class: l.class });
  }
  for (const h of flagged) {
    const l = run.labels.get(h);
    if (isPositive(l)) found.set(l.typology, (found.get(l.typology) ?? 0) + 1);
  }
  const recall = Object.fromEntries(
    [...participants].map(([t, x]) => [t, { recall: (found.get(t) ?? 0) / x.n, ...x }]),
  );
  const goal = Object.values(recall).filter((x) => x.class === "laundering" && x.n >= 5);
  return {
    alertScore,
    flagged: flagged.length,
    alertRate: flagged.length / run.labels.size,
    precision: flagged.length ? tp / flagged.length : 0,
    recall: tp / positives,
    f1: (2 * tp) / (flagged.length + positives),
    lookalikeShare: flagged.length ? lookalikes / flagged.length : 0,
    minLaunderingRecall: goal.length ? Math.min(...goal.map((x) => x.recall)) : null,
    byTypology: recall,
  };
}

/** A dump read back, with its labels regenerated (the generator is deterministic). */
export function loadRun(file, ratesOfOldDumps = "before") {
  const dump = JSON.parse(readFileSync(file, "utf8"));
  // A dump without `rates` was taken before they were recorded: `before` (pass it to read such).
  const { holders, days, seed, rates = ratesOfOldDumps, profile } = dump.options;
  const end = Date.UTC(2026, 0, 1);
  const data = profile
    ? generateSim({ profile, holders, days, seed, end })
    : generate({
        holders,
        days,
        seed,
        end,
        ...(rates === "before" ? { rates: RATES_BEFORE_PREVALENCE } : {}),
      });
  const alerts = dump.alerts.filter((a) => a.holder);
  const byRule = new Map();
  for (const { holder, alert } of alerts)
    for (const rule of alert.ruleIds) {
      const set = byRule.get(rule) ?? new Set();
      set.add(holder);
      byRule.set(rule, set);
    }
  return {
    name: `${profile ? `${profile} ` : ""}${holders}x${days} seed ${seed}${!profile && rates === "before" ? " (rates before)" : ""}`,
    labels: new Map(data.holders.map((h) => [h.id, h.label])),
    alerts,
    byRule,
  };
}

/** RULE_PRIORS as the service has them now (read from its source: this script runs without a TS build). */
export function servicePriors(
  file = new URL("../../src/modules/monitoring/domain/risk-score.ts", import.meta.url),
) {
  const source = readFileSync(file, "utf8");
  const block = source.slice(
    source.indexOf("RULE_PRIORS"),
    source.indexOf("};", source.indexOf("RULE_PRIORS")),
  );
  return new Map(
    [...block.matchAll(/^\s*"?([\w-]+)"?: ([0-9.]+),/gm)].map(([, rule, prior]) => [rule, Number(prior)]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const at = args.indexOf("--scores");
  const scores = (at >= 0 ? args[at + 1] : "50,60,70,75,80,85,90").split(",").map(Number);
  const runs = args.filter((a, i) => !a.startsWith("--") && i !== at + 1).map((f) => loadRun(f));
  const counts = ruleCounts(runs);
  const pooled = priorsOf(counts);
  console.log(`Pooled priors over ${runs.length} runs: rule in schemes/flagged prior`);
  for (const [rule, c] of [...counts].sort((a, b) => pooled.get(b[0]) - pooled.get(a[0])))
    console.log(`  ${rule.padEnd(26)} ${`${c.tp}/${c.flagged}`.padStart(7)} ${pooled.get(rule).toFixed(2)}`);
  const pct = (x) => `${(100 * x).toFixed(1)}%`;
  for (const run of runs) {
    for (const [how, priors] of [
      ["pooled", pooled],
      ["leave one out", priorsOf(ruleCounts(runs.filter((r) => r !== run)))],
      ...(args.includes("--service") ? [["the service's", servicePriors()]] : []),
    ]) {
      console.log(`\n${run.name}, ${how} priors`);
      console.log(
        "score flagged   rate  prec recall    F1  look-alikes  min laundering recall | per typology",
      );
      const holders = holderScores(run, priors);
      for (const s of scores) {
        const x = atScore(run, holders, s);
        console.log(
          `${String(s).padStart(5)} ${String(x.flagged).padStart(7)} ${pct(x.alertRate).padStart(6)} ${x.precision.toFixed(2).padStart(5)} ` +
            `${x.recall.toFixed(2).padStart(6)} ${x.f1.toFixed(2).padStart(5)} ${pct(x.lookalikeShare).padStart(12)} ` +
            `${(x.minLaunderingRecall ?? 0).toFixed(2).padStart(22)} | ` +
            Object.entries(x.byTypology)
              .map(([t, r]) => `${t} ${r.recall.toFixed(2)}`)
              .join(", "),
        );
      }
      if (args.includes("--holders"))
        for (const [h, s] of [...holders].sort((a, b) => b[1].score - a[1].score)) {
          const l = run.labels.get(h);
          console.log(
            `    ${h} ${String(s.score.toFixed(1)).padStart(6)} ${l.class}/${l.typology ?? l.kind ?? ""}/${l.role ?? ""} ${s.rules.join("+")}`,
          );
        }
    }
  }
}
