// The fan detectors (AML-FNI-016, AML-FNO-017) read offline on both generators, like
// offline.test.mjs reads the shapes: participants named per typology, true / false, and the
// look-alikes among the false (SIM_SHOW=1: the hits naming a false one). Opt-in, about 20 s:
//   SIM_FANS=/tmp/fans.txt npx vitest run --project unit bench/detection/sim/fans-offline.test.mjs
// SIM_SETS=sim-11,sim-13,ours-13,ours-1,ours-21 reads other seeds; SIM_VARIANTS='[{...}]' other
// thresholds (docs/methodology/typologies.md#kept-fans-read-against-the-hubs-own-normal-without-an-exit).
// SIM_SCHEMES=1 adds each planted fan: its members found, span, amounts, the hub's other dealings
// and the hits on its hub (the first question of a miss: hub not found, or members not named).
import { appendFileSync, writeFileSync } from "node:fs";
import { expect, it } from "vitest";
import { detectFans } from "../../../src/modules/aml/domain/network-fans.ts";
import { DEFAULT_THRESHOLDS } from "../../../src/modules/detection/domain/aml/thresholds.ts";
import { offlineChoice, positive, positivesLine, SETS, scanInput, typologyLines } from "./offline-sets.mjs";

const OUT = process.env.SIM_FANS;

function summary(data, hits) {
  const label = new Map(data.holders.map((h) => [h.id, h.label]));
  const out = typologyLines(data, hits, ["fan_in", "fan_out"]);
  if (process.env.SIM_SHOW)
    for (const h of hits) {
      const fp = h.participants.filter((p) => !positive(label.get(p.holderId)));
      if (fp.length)
        out.push(
          `\n    ${h.key} ${label.get(h.principal)?.class}/${label.get(h.principal)?.kind ?? label.get(h.principal)?.typology ?? ""} false ${fp.length} of ${h.participants.length} ${JSON.stringify(h.measures)}`,
        );
    }
  return out.join("; ");
}

const DAY_MS = 86_400_000;

/** Each planted fan of `data` against the hits (SIM_SCHEMES=1). */
function schemes(data, view, hits) {
  const named = new Set(hits.flatMap((h) => h.participants.map((p) => p.holderId)));
  const out = [];
  for (const s of data.schemes.filter((x) => x.typology === "fan_in" || x.typology === "fan_out")) {
    const hub = s.members[0].holder;
    const members = new Set(s.members.map((m) => m.holder));
    const mine = view.transfers.filter((t) => t.from === hub || t.to === hub);
    const planted = mine.filter((t) => members.has(t.from) && members.has(t.to));
    const other = mine.filter((t) => !(members.has(t.from) && members.has(t.to)));
    const ms = planted.map((t) => Date.parse(t.at));
    const amounts = planted.map((t) => Math.round(t.amountMinor / 100)).sort((a, b) => a - b);
    const parties = new Set(other.map((t) => (t.from === hub ? t.to : t.from)));
    const found = s.members.filter((m) => named.has(m.holder)).length;
    out.push(
      `\n    ${s.id} ${s.typology} ${found} of ${s.members.length} named (hub ${named.has(hub) ? "found" : "not found"}); ${planted.length} legs over ${((Math.max(...ms) - Math.min(...ms)) / DAY_MS).toFixed(1)} days, ${amounts.join(",")}; hub's other transfers ${other.length} with ${parties.size}`,
    );
    for (const h of hits.filter((x) => x.principal === hub)) out.push(`\n      ${h.key}: ${h.reason}`);
  }
  return out.join("");
}

it.skipIf(!OUT)(
  "fan variants on both generators (true/false holders)",
  () => {
    writeFileSync(OUT, "");
    const { variants, sets } = offlineChoice();
    for (const name of sets) {
      const data = SETS[name]();
      const floor = DEFAULT_THRESHOLDS.networkMinAmount * 100;
      const view = scanInput(data, floor * 0.1);
      const smaller = scanInput(data, floor * 0.05);
      const lines = [positivesLine(name, data)];
      for (const v of variants) {
        const t = { ...DEFAULT_THRESHOLDS, ...v };
        const hits = detectFans(view, t, smaller);
        lines.push(`${JSON.stringify(v)} ${summary(data, hits)}`);
        if (process.env.SIM_SCHEMES && data.schemes) lines.push(schemes(data, view, hits));
      }
      appendFileSync(OUT, `${lines.join("\n  ")}\n`);
      expect(lines.length).toBeGreaterThan(1);
    }
  },
  600_000,
);
