#!/usr/bin/env node
// The alert budget above a run's own alert score (docs/methodology/risk-score.md#per-participant):
// from the dump of a run at the default (`DETECT_DUMP=file node bench/detection.mjs ...`), each
// holder's best score as the service kept it on its alerts (`risk.score`: the subject's or the
// scheme participant's score, re-weighted as pool.mjs weighs participants today; a reporting
// rule, or an alert without a score, at any score), and
// the holders, precision, recall and per-typology recall a higher alert score would leave. Only
// scores at or above the run's own alert score mean anything: what it held back is not in the dump.
// With --typologies <score>: per typology recall, rule flags, alert rate, precision and F1 at it.
// Usage: node bench/detection/budget.mjs dump.json [--scores 80,85,90,95] [--typologies 80]
import { atScore, loadRun, participantWeight, REPORTING } from "./pool.mjs";
import { typologyTable } from "./score.mjs";

/**
 * A scheme participant's score under the weights of pool.mjs (those of the service): the scheme
 * rule's prior as its principal's alert kept it (weight 1), at the participant's weight. So a dump
 * taken under other participant weights is read under today's. Null when it is not a scheme alert
 * or its principal's alert is not in the dump.
 */
function participantRescore(alert, principalPrior) {
  const scheme = alert.detail?.scheme;
  if (typeof alert.detail?.share !== "number" || !scheme) return null;
  const prior = principalPrior.get(scheme.key);
  if (prior === undefined) return null;
  const others = (scheme.participants?.length ?? 2) - 1;
  const weight = participantWeight(alert.entityId === scheme.principal, alert.detail.share, others);
  return 100 * Math.min(0.99, prior * weight);
}

/** Each alert's kept score, in the order of `run.alerts` (Infinity: a reporting rule, or none kept). */
function alertScores(run) {
  const principalPrior = new Map();
  for (const { alert } of run.alerts) {
    const scheme = alert.detail?.scheme;
    if (scheme && alert.risk && alert.entityId === scheme.principal)
      principalPrior.set(scheme.key, alert.risk.reasons[0]?.prior ?? alert.risk.score / 100);
  }
  return run.alerts.map(({ alert }) =>
    alert.ruleIds.some((r) => REPORTING.has(r)) || !alert.risk
      ? Number.POSITIVE_INFINITY
      : (participantRescore(alert, principalPrior) ?? alert.risk.score),
  );
}

/** Each holder's best kept score (Infinity for a reporting rule or an alert without one). */
export function keptScores(run) {
  const scores = alertScores(run);
  const best = new Map();
  run.alerts.forEach(({ holder, alert }, i) => {
    if (scores[i] > (best.get(holder)?.score ?? -1))
      best.set(holder, { score: scores[i], rules: alert.ruleIds });
  });
  return best;
}

/** Holder id -> the rules of its alerts kept at `alertScore` (for score.mjs typologyTable). */
export function flaggedAt(run, alertScore) {
  const scores = alertScores(run);
  const flagged = new Map();
  run.alerts.forEach(({ holder, alert }, i) => {
    if (scores[i] < alertScore) return;
    const rules = flagged.get(holder) ?? new Set();
    for (const r of alert.ruleIds) rules.add(r);
    flagged.set(holder, rules);
  });
  return flagged;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const at = args.indexOf("--scores");
  const scores = (at >= 0 ? args[at + 1] : "80,82,84,86,88,90,92,95").split(",").map(Number);
  const pct = (x) => `${(100 * x).toFixed(1)}%`;
  const ty = args.indexOf("--typologies");
  for (const file of args.filter(
    (a, i) => !a.startsWith("--") && (at < 0 || i !== at + 1) && (ty < 0 || i !== ty + 1),
  )) {
    const run = loadRun(file);
    if (ty >= 0) {
      const score = Number(args[ty + 1]);
      const holders = [...run.labels].map(([id, label]) => ({ id, label }));
      console.log(`\n${run.name} at ${score}: typology participants recall flagged alert-rate precision F1`);
      for (const t of typologyTable(holders, flaggedAt(run, score)))
        console.log(
          `  ${t.typology.padEnd(17)} ${String(t.participants).padStart(3)} ${t.recall.toFixed(2)} ${String(t.ruleFlagged).padStart(4)} ` +
            `${pct(t.alertRate).padStart(6)} ${t.precision.toFixed(2)} ${t.f1.toFixed(2)}`,
        );
    }
    const kept = keptScores(run);
    console.log(`\n${run.name}: score flagged rate prec recall F1 look-alikes min-laundering | per typology`);
    for (const s of scores) {
      const x = atScore(run, kept, s);
      console.log(
        `${String(s).padStart(5)} ${String(x.flagged).padStart(5)} ${pct(x.alertRate).padStart(6)} ${x.precision.toFixed(2)} ` +
          `${x.recall.toFixed(2)} ${x.f1.toFixed(2)} ${pct(x.lookalikeShare).padStart(6)} ${(x.minLaunderingRecall ?? 0).toFixed(2)} | ` +
          Object.entries(x.byTypology)
            .map(([t, r]) => `${t} ${r.recall.toFixed(2)}`)
            .join(", "),
      );
    }
  }
}
