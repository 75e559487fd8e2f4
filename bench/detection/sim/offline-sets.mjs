// The labelled sets the offline harnesses read (offline.test.mjs, fans-offline.test.mjs,
// ../fraud-offline.test.mjs): both generators at the runner's configurations and a few other seeds,
// generated as of one fixed end so every harness reads the same data.

import { holderTransfers, outsideFlows } from "../../../src/modules/aml/domain/network-input.ts";
import { generate } from "../generator.mjs";
import { generateSim } from "./generator.mjs";

export const END = Date.UTC(2026, 0, 1);

export const SETS = {
  sim: () => generateSim({ profile: "sim", end: END }),
  "sim-large": () => generateSim({ profile: "sim-large", end: END }),
  ours: () => generate({ holders: 2000, days: 75, seed: 7, end: END }),
  "held-out": () => generate({ holders: 3000, days: 90, seed: 11, end: END }),
  "sim-11": () => generateSim({ profile: "sim", seed: 11, end: END }),
  "sim-13": () => generateSim({ profile: "sim", seed: 13, end: END }),
  "ours-13": () => generate({ holders: 2000, days: 75, seed: 13, end: END }),
  "ours-1": () => generate({ holders: 1000, days: 60, seed: 1, end: END }),
  "ours-21": () => generate({ holders: 2000, days: 90, seed: 21, end: END }),
};

/** The sets read unless asked for others: the runner's four configurations. */
export const DEFAULT_SETS = ["sim", "sim-large", "ours", "held-out"];

/** A holder planted in a laundering or fraud scheme. */
export const positive = (label) => label?.class === "laundering" || label?.class === "fraud";

/** The scan's view as the scan builds it (network-input.ts) from the legs of `floor` minor or more. */
export function scanInput(data, floor) {
  const holderOf = new Map(data.holders.flatMap((h) => h.accounts.map((a) => [a, h.id])));
  const legs = [];
  data.transactions.forEach((t, i) => {
    const amountMinor = Math.round(Number(t.amount) * 100);
    if (amountMinor < floor) return;
    legs.push({
      id: `l${i}`,
      customerId: data.owners[i],
      type: t.type,
      amountMinor,
      at: t.transactionDate,
      counterpartyAccount: t.counterpartyAccount ?? null,
      cash: t.channel === "cash",
    });
  });
  return { transfers: holderTransfers(legs, holderOf), external: outsideFlows(legs, holderOf) };
}

/**
 * Per typology, the holders its hits name, true / false, the true ones by planted typology and
 * the false ones by kind (a look-alike's kind, else "ordinary"): one line each.
 */
export function typologyLines(data, hits, typologies) {
  const label = new Map(data.holders.map((h) => [h.id, h.label]));
  const out = [];
  for (const typology of typologies) {
    const named = new Set(
      hits.filter((h) => h.typology === typology).flatMap((h) => h.participants.map((p) => p.holderId)),
    );
    const tp = [...named].filter((id) => positive(label.get(id)));
    const fp = [...named].filter((id) => !positive(label.get(id)));
    const kinds = {};
    for (const id of fp) {
      const l = label.get(id);
      const k = l?.class === "lookalike" ? l.kind : "ordinary";
      kinds[k] = (kinds[k] ?? 0) + 1;
    }
    const byTyp = {};
    for (const id of tp) byTyp[label.get(id).typology] = (byTyp[label.get(id).typology] ?? 0) + 1;
    out.push(`${typology} ${tp.length}/${fp.length} ${JSON.stringify(byTyp)} false ${JSON.stringify(kinds)}`);
  }
  return out;
}

/** The sets (SIM_SETS, or DEFAULT_SETS) and threshold variants (SIM_VARIANTS, or the defaults) asked for. */
export function offlineChoice() {
  return {
    variants: process.env.SIM_VARIANTS ? JSON.parse(process.env.SIM_VARIANTS) : [{}],
    sets: process.env.SIM_SETS ? process.env.SIM_SETS.split(",") : DEFAULT_SETS,
  };
}

/** "<set>: positives {typology: holders}", over `typologies` (every one when not given). */
export function positivesLine(name, data, typologies) {
  const totals = {};
  for (const h of data.holders)
    if (positive(h.label) && (!typologies || typologies.includes(h.label.typology)))
      totals[h.label.typology] = (totals[h.label.typology] ?? 0) + 1;
  return `${name}: positives ${JSON.stringify(totals)}`;
}
