// Threshold changes read offline (docs/methodology/typologies.md#a-second-generator, "Changes
// tried offline"): the network scheme detectors (cycle, scatter-gather, gather-scatter, layering)
// run on the generated transfers and cash of both generators under variants of their thresholds,
// and AML-BIZ-011's bars applied to the generated legs in the windows screening judges. An
// approximation of the scan (no fans, regulars or scoring): it ranks variants, the runner
// measures them. Opt-in, it takes a minute:
//   SIM_OFFLINE=/tmp/offline.txt npx vitest run --project unit bench/detection/sim/offline.test.mjs
import { appendFileSync, writeFileSync } from "node:fs";
import { expect, it } from "vitest";
import { detectNetworkSchemes } from "../../../src/modules/aml/domain/network/detect.ts";
import { NETWORK_DEFAULTS } from "../../../src/modules/aml/domain/network/types.ts";
import { isCashIntensive } from "../../../src/modules/detection/domain/aml/rules.ts";
import { DAY_MS } from "../ledger.mjs";
import { DEFAULT_SETS, positive, SETS } from "./offline-sets.mjs";

const OUT = process.env.SIM_OFFLINE;

/** The scan's input, approximated: transfers between holders and cash legs of 500 or more. */
function networkInput(data) {
  const owner = new Map(data.holders.flatMap((h) => h.accounts.map((a) => [a, h.id])));
  const transfers = [];
  const external = [];
  data.transactions.forEach((t, i) => {
    const amountMinor = Math.round(Number(t.amount) * 100);
    if (amountMinor < 50_000) return;
    const holder = data.owners[i];
    const to = owner.get(t.counterpartyAccount);
    const at = t.transactionDate;
    if (t.channel === "cash")
      external.push({
        id: `c${i}`,
        holderId: holder,
        direction: t.type === "credit" ? "in" : "out",
        kind: "cash",
        amountMinor,
        at,
      });
    else if (t.type === "debit" && to && to !== holder)
      transfers.push({ id: `t${i}`, from: holder, to, amountMinor, at });
  });
  return { transfers, external };
}

/** Holders the network detectors name under `thresholds`: true and false. */
function networkFlags(data, input, thresholds) {
  const label = new Map(data.holders.map((h) => [h.id, h.label]));
  const flagged = new Set(
    detectNetworkSchemes(input, thresholds).flatMap((h) => h.participants.map((p) => p.holderId)),
  );
  const tp = [...flagged].filter((id) => positive(label.get(id))).length;
  return `${tp}/${flagged.size - tp}`;
}

/** AML-BIZ-011's bars on the windows screening judges (now, then 30 days back with 14 behind). */
function cashFlags(data, minAmount) {
  const now = data.options.end + 12 * 3_600_000;
  // The declared business as ingested: the industry, else the vertical (as the AML features read it).
  const declared = new Map(data.customers.map((c) => [c.externalId, c.businessInfo?.industry ?? c.vertical]));
  const legs = new Map();
  data.transactions.forEach((t, i) => {
    const list = legs.get(data.owners[i]) ?? [];
    list.push({ at: Date.parse(t.transactionDate), amount: Number(t.amount), cash: t.channel === "cash" });
    legs.set(data.owners[i], list);
  });
  let tp = 0;
  let fp = 0;
  for (const h of data.holders) {
    const mine = legs.get(h.id) ?? [];
    if (!mine.length || h.population === "agent") continue;
    const from = Math.min(...mine.map((x) => x.at));
    const points = [now];
    for (let p = now - 30 * DAY_MS; p >= now - 90 * DAY_MS && from <= p - 44 * DAY_MS; p -= 30 * DAY_MS)
      points.push(p);
    const cap = isCashIntensive(declared.get(h.customer)) ? 90 : 50;
    const fires = points.some((p) => {
      const window = mine.filter((x) => x.at <= p && x.at > p - 30 * DAY_MS);
      const cash = window.filter((x) => x.cash).reduce((a, x) => a + x.amount, 0);
      const all = window.reduce((a, x) => a + x.amount, 0);
      return cash >= minAmount && (cash * 100) / all > cap;
    });
    if (fires && positive(h.label)) tp++;
    else if (fires) fp++;
  }
  return `${tp}/${fp}`;
}

it.skipIf(!OUT)(
  "threshold variants on both generators (true/false holders)",
  () => {
    writeFileSync(OUT, "");
    // SIM_VARIANTS='[{"cycleMaxHops":10}]' reads only those variants (and no relative floors).
    const only = process.env.SIM_VARIANTS ? JSON.parse(process.env.SIM_VARIANTS) : null;
    const variants = only ?? [
      {},
      { networkMinAmount: 2500 },
      { fanMinParticipants: 2 },
      { cycleMaxHops: 10 },
      { networkPassPercent: 90 },
      { networkPassPercent: 95 },
      { networkMinAmount: 2500, fanMinParticipants: 2, cycleMaxHops: 10 },
    ];
    for (const [name, make] of DEFAULT_SETS.map((n) => [n, SETS[n]])) {
      const data = make();
      const input = networkInput(data);
      const amounts = input.transfers.map((x) => x.amountMinor / 100).sort((a, b) => a - b);
      const median = amounts[amounts.length >> 1];
      const relative = only
        ? []
        : [1, 1.5, 2].map((k) => ({ networkMinAmount: Math.round(Math.max(2500, k * median)) }));
      const line = [
        `${name}: median transfer ${median}`,
        ...[...variants, ...relative].map(
          (v) => `network ${JSON.stringify(v)} ${networkFlags(data, input, { ...NETWORK_DEFAULTS, ...v })}`,
        ),
        ...(only ? [] : [20_000, 15_000, 10_000]).map(
          (m) => `AML-BIZ-011 cashActivityMinAmount ${m} ${cashFlags(data, m)}`,
        ),
      ];
      appendFileSync(OUT, `${line.join("\n  ")}\n`);
      expect(line.length).toBeGreaterThan(1);
    }
  },
  600_000,
);
