import { describe, expect, it } from "vitest";
import { stream } from "./random.mjs";
import {
  byTypology,
  entityResolver,
  flaggedHolders,
  lookalikes,
  minTypologyRecall,
  prf,
  randomBaseline,
  ruleTable,
  topVolume,
  typologyTable,
  withoutRule,
} from "./score.mjs";

const holder = (id, label, extra = {}) => ({
  id,
  customer: `C${id}`,
  accounts: [`C${id}-A1`],
  population: "salaried",
  label,
  ...extra,
});
const normal = { class: "normal" };
const data = {
  options: { days: 60 },
  holders: [
    holder("1", { class: "laundering", typology: "fan_in", role: "hub", scheme: "S1" }),
    holder("2", { class: "laundering", typology: "fan_in", role: "feeder", scheme: "S1" }),
    holder("3", { class: "fraud", typology: "account_takeover", role: "victim", scheme: "S2" }),
    holder("4", { class: "lookalike", kind: "agent_float", role: "agent" }, { agentId: "AGT1" }),
    holder("5", normal, { merchantName: "Shop 5" }),
    holder("6", normal),
  ],
  schemes: [
    { id: "S1", endDay: 50 },
    { id: "S2", endDay: 10 },
  ],
  transactions: [{ amount: "10.00" }, { amount: "500.00" }, { amount: "70.00" }, { amount: "900.00" }],
  owners: ["1", "4", "6", "4"],
};

describe("detection benchmark scoring", () => {
  const resolve = entityResolver(data, {
    customers: new Map([["uuid-c1", "C1"]]),
    accounts: new Map([["uuid-a2", "C2-A1"]]),
  });

  it("maps every kind of entity to its holder, and outside parties to none", () => {
    expect(resolve("customer", "uuid-c1")).toBe("1");
    expect(resolve("account", "uuid-a2")).toBe("2");
    expect(resolve("agent", "AGT1")).toBe("4");
    expect(resolve("merchant", "Shop 5")).toBe("5");
    expect(resolve("counterparty", "C6-A1")).toBe("6");
    expect(resolve("counterparty", "0241234567")).toBeNull();
    expect(resolve("customer", "unknown")).toBeNull();
  });

  it("scores flags at the holder level against the planted participants", () => {
    const { flagged, outside } = flaggedHolders(
      [
        { entityType: "customer", entityId: "uuid-c1", rules: ["amount_spike"] },
        { entityType: "account", entityId: "uuid-c1", rules: ["x"] }, // no such account: outside
        { entityType: "agent", entityId: "AGT1", rules: ["AML-FIN-008", "amount_spike"] },
      ],
      resolve,
    );
    expect(outside).toBe(1);
    const x = prf(data.holders, new Set(flagged.keys()));
    expect(x).toMatchObject({ flagged: 2, tp: 1, positives: 3, precision: 0.5, alertRate: 2 / 6 });
    expect(x.recall).toBeCloseTo(1 / 3);
    expect(x.f1).toBeCloseTo(2 / 5);
    const rows = byTypology(data, flagged);
    const fanIn = rows.find((r) => r.typology === "fan_in");
    expect(fanIn).toMatchObject({
      participants: 2,
      found: 1,
      recall: 0.5,
      recent: { participants: 2, found: 1 },
    });
    expect(rows.find((r) => r.typology === "account_takeover").older).toEqual({ participants: 1, found: 0 });
    expect(minTypologyRecall(rows, 2)).toBe(0.5);
    expect(minTypologyRecall(rows, 5)).toBeNull();
    expect(lookalikes(data.holders, flagged)).toMatchObject({ share: 0.5, flagged: 1 });
    const spike = ruleTable(data.holders, flagged).find((r) => r.rule === "amount_spike");
    expect(spike.alone.flagged).toBe(2);
    expect(spike.without.flagged).toBe(1); // the agent keeps its fan-in alert
    expect([...withoutRule(flagged, "amount_spike")]).toEqual([["4", new Set(["AML-FIN-008"])]]);
  });

  it("ranks holders by the money they moved for the top-volume baseline", () => {
    expect([...topVolume(data, 2)].sort()).toEqual(["4", "6"]);
  });

  it("gives the random baseline's expected F1, which draws at random agree with", () => {
    const holders = Array.from({ length: 200 }, (_, i) =>
      holder(String(i), i < 20 ? { class: "laundering", typology: "t", scheme: "S" } : normal),
    );
    const k = 30;
    const expected = randomBaseline(holders, k);
    const r = stream(1, "random-baseline");
    let sum = 0;
    const draws = 4000;
    for (let i = 0; i < draws; i++) sum += prf(holders, new Set(r.sample(holders, k).map((h) => h.id))).f1;
    expect(sum / draws).toBeCloseTo(expected.f1, 2);
    expect(expected.precision).toBeCloseTo(0.1);
    expect(expected.recall).toBeCloseTo(0.15);
  });
});

describe("typologyTable", () => {
  it("reads recall from any alert and precision, F1 and alert rate from the typology's rules", () => {
    const hs = [
      holder("1", { class: "laundering", typology: "fan_in", role: "hub", scheme: "S1" }),
      holder("2", { class: "laundering", typology: "fan_in", role: "feeder", scheme: "S1" }),
      holder("3", { class: "laundering", typology: "mule", role: "mule", scheme: "S2" }),
      holder("4", normal),
      holder("5", normal),
    ];
    // The fan-in rule flags the hub, the mule (right: in a scheme) and one ordinary holder; the
    // feeder is flagged by another rule only.
    const flagged = new Map([
      ["1", new Set(["AML-FNI-016"])],
      ["2", new Set(["rapid_pass_through"])],
      ["3", new Set(["AML-FNI-016"])],
      ["4", new Set(["AML-FNI-016"])],
    ]);
    const rows = typologyTable(hs, flagged, { fan_in: ["AML-FNI-016"], cycle: ["AML-CYC-012"] });
    expect(rows).toHaveLength(1); // no cycle planted: no row
    const [fanIn] = rows;
    expect(fanIn).toMatchObject({ participants: 2, found: 2, recall: 1, ruleFlagged: 3 });
    expect(fanIn.precision).toBeCloseTo(2 / 3, 10);
    expect(fanIn.f1).toBeCloseTo((2 * (2 / 3) * 1) / (2 / 3 + 1), 10);
    expect(fanIn.alertRate).toBeCloseTo(3 / 5, 10);
  });
});
