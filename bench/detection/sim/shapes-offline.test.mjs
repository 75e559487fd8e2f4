// The scatter-gather and gather-scatter detectors (AML-SGA-013, AML-GSC-014) read offline on both
// generators, like fans-offline.test.mjs reads the fans: the network shapes run on the scan's view
// at the shapes' defaults (networkPassPercent 90), holders named per typology true / false, the
// look-alikes among the false, and each planted scatter-gather and gather-scatter with how many of
// its members the two rules name (SIM_SHOW=1: the hits naming a false one). Opt-in, about 30 s:
//   SIM_SHAPES=/tmp/shapes.txt npx vitest run --project unit bench/detection/sim/shapes-offline.test.mjs
// SIM_SETS=sim-11,sim-13,ours-13,ours-1,ours-21 reads other seeds; SIM_VARIANTS='[{...}]' other thresholds.
import { appendFileSync, writeFileSync } from "node:fs";
import { expect, it } from "vitest";
import { detectNetworkSchemes } from "../../../src/modules/aml/domain/network/detect.ts";
import { DEFAULT_THRESHOLDS } from "../../../src/modules/detection/domain/aml/thresholds.ts";
import { offlineChoice, positive, positivesLine, SETS, scanInput, typologyLines } from "./offline-sets.mjs";

const OUT = process.env.SIM_SHAPES;
const TYPOLOGIES = ["scatter_gather", "gather_scatter"];

function summary(data, hits) {
  const label = new Map(data.holders.map((h) => [h.id, h.label]));
  const out = typologyLines(data, hits, TYPOLOGIES);
  // Each planted scheme of the two typologies: members named by either rule / members.
  const named = new Set(
    hits.filter((h) => TYPOLOGIES.includes(h.typology)).flatMap((h) => h.participants.map((p) => p.holderId)),
  );
  const schemes = new Map();
  for (const h of data.holders)
    if (positive(h.label) && TYPOLOGIES.includes(h.label.typology)) {
      const s = schemes.get(h.label.scheme) ?? { typology: h.label.typology, n: 0, found: 0 };
      s.n++;
      if (named.has(h.id)) s.found++;
      schemes.set(h.label.scheme, s);
    }
  const missed = [...schemes].filter(([, s]) => s.found < s.n);
  out.push(
    `missed ${missed.map(([id, s]) => `${id}:${s.typology.slice(0, 3)}:${s.found}/${s.n}`).join(" ")}`,
  );
  if (process.env.SIM_SHOW)
    for (const h of hits.filter((x) => TYPOLOGIES.includes(x.typology))) {
      const fp = h.participants.filter((p) => !positive(label.get(p.holderId)));
      if (fp.length)
        out.push(
          `\n    ${h.key} ${label.get(h.principal)?.class}/${label.get(h.principal)?.kind ?? label.get(h.principal)?.typology ?? ""} false ${fp.length} of ${h.participants.length} ${JSON.stringify(h.measures)}`,
        );
    }
  return out.join("; ");
}

it.skipIf(!OUT)(
  "scatter-gather and gather-scatter on both generators (true/false holders)",
  () => {
    writeFileSync(OUT, "");
    const { variants, sets } = offlineChoice();
    for (const name of sets) {
      const data = SETS[name]();
      const view = scanInput(data, DEFAULT_THRESHOLDS.networkMinAmount * 100 * 0.1);
      const lines = [positivesLine(name, data, TYPOLOGIES)];
      for (const v of variants) {
        const t = { ...DEFAULT_THRESHOLDS, networkPassPercent: 90, ...v };
        lines.push(`${JSON.stringify(v)} ${summary(data, detectNetworkSchemes(view, t))}`);
      }
      appendFileSync(OUT, `${lines.join("\n  ")}\n`);
      expect(lines.length).toBeGreaterThan(1);
    }
  },
  600_000,
);
