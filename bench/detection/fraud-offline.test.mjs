// Fraud signals read offline on the benchmark's data: each fraud participant (and every holder,
// for false flags) judged by new_payee_drain and refund_beyond_purchase at the as-of points
// screening on arrival judges a whole-history backfill at (monitoring/domain/event-time.ts), as
// customer and as account. An approximation of the path (no peers, allowlists, custom rules): it
// ranks variants, the runner measures them. Opt-in; FRAUD_VARIANTS (a JSON array of parameter
// overrides, `signal` naming the one they apply to) reads variants beside the defaults:
//   FRAUD_OFFLINE=/tmp/fraud.txt npx vitest run --project unit bench/detection/fraud-offline.test.mjs
//   FRAUD_VARIANTS='[{"signal":"new_payee_drain","rareHourShare":0.05}]' FRAUD_OFFLINE=...
import { writeFileSync } from "node:fs";
import { expect, it } from "vitest";
import { SIGNALS } from "../../src/modules/detection/domain/fraud/catalog.ts";
import { buildView } from "../../src/modules/fraud/domain/activity.ts";
import { newPayeeDrain, refundBeyondPurchase } from "../../src/modules/fraud/domain/signals-counterparty.ts";
import { asOfPoints } from "../../src/modules/monitoring/domain/event-time.ts";
import { END, SETS } from "./sim/offline-sets.mjs";

const OUT = process.env.FRAUD_OFFLINE;
const params = (id) => SIGNALS.find((s) => s.signalId === id).parameters;
const SIGNAL_FNS = { new_payee_drain: newPayeeDrain, refund_beyond_purchase: refundBeyondPurchase };

function entities(data) {
  const byEntity = new Map();
  const add = (key, holder, txn) => {
    if (!byEntity.has(key)) byEntity.set(key, { holder, txns: [] });
    byEntity.get(key).txns.push(txn);
  };
  const customerOf = new Map(data.holders.flatMap((h) => h.accounts.map((a) => [a, h.id])));
  data.transactions.forEach((t, i) => {
    const txn = {
      amountMinor: Math.round(Number(t.amount) * 100),
      type: t.type,
      at: Date.parse(t.transactionDate),
      category: t.category ?? null,
      status: t.status ?? "completed",
      description: t.description ?? null,
      counterparty: t.counterpartyAccount ?? t.counterpartyName ?? null,
    };
    add(`account:${t.accountExternalId}`, data.owners[i], txn);
    add(`customer:${customerOf.get(t.accountExternalId)}`, data.owners[i], txn);
  });
  return byEntity;
}

function judge(data, signalId, p, now) {
  const label = new Map(data.holders.map((h) => [h.id, h.label]));
  const flagged = new Map();
  for (const [key, e] of entities(data)) {
    const from = Math.min(...e.txns.map((t) => t.at));
    const points = asOfPoints({ eventsFrom: new Date(from).toISOString(), eventsTo: null }, now, 30);
    for (const point of points) {
      const view = buildView({
        entityType: key.split(":")[0],
        entityId: key,
        now: point,
        windowDays: 30,
        entityCreatedAt: null,
        transactions: e.txns,
        activityBeforeBaselineAt: null,
        baselineDays: 90,
      });
      const out = SIGNAL_FNS[signalId](view, p);
      if (out.triggered) {
        flagged.set(e.holder, { key, at: point.toISOString(), out });
        break;
      }
    }
  }
  const rows = [];
  let tp = 0;
  let fp = 0;
  for (const [holder, f] of flagged) {
    const l = label.get(holder);
    const pos = l.class === "fraud" || l.class === "laundering";
    if (pos) tp++;
    else fp++;
    rows.push(
      `${holder} ${l.class}/${l.typology ?? l.kind ?? l.population ?? ""} ${f.key} ${f.at} :: ${f.out.explanation} :: ${f.out.evidence[0].context.slice(0, 140)}`,
    );
  }
  return { flagged, tp, fp, rows };
}

it.skipIf(!OUT)(
  "fraud signals offline",
  () => {
    const lines = [];
    for (const [set, make] of ["ours", "held-out"].map((n) => [n, SETS[n]])) {
      const data = make();
      const now = new Date(END + 5 * 3_600_000);
      const variants = JSON.parse(process.env.FRAUD_VARIANTS ?? "[{}]");
      for (const signalId of Object.keys(SIGNAL_FNS))
        for (const v of variants) {
          if (v.signal && v.signal !== signalId) continue;
          const r = judge(data, signalId, { ...params(signalId), ...v }, now);
          lines.push(`variant ${JSON.stringify(v)}`);
          const typology = signalId === "new_payee_drain" ? "account_takeover" : "refund_abuse";
          const members = data.holders.filter((h) => h.label.typology === typology);
          const found = members.filter((h) => r.flagged.has(h.id)).length;
          lines.push(
            `${set} ${signalId}: ${found}/${members.length} of ${typology}; flagged ${r.flagged.size} (tp ${r.tp}, fp ${r.fp})`,
          );
          for (const row of r.rows) lines.push(`  ${row}`);
        }
    }
    writeFileSync(OUT, `${lines.join("\n")}\n`);
    expect(lines.length).toBeGreaterThan(0);
  },
  600_000,
);
