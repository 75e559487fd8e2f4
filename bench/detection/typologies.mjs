// Planted schemes: laundering typologies (fan-in, fan-out, cycle, scatter-gather, gather-scatter,
// layering, structuring, mule) and two fraud typologies (account takeover, refund abuse). Each
// planter gets its scheme (participants with roles, drawn from ordinary holders whose ordinary
// activity goes on) and writes the scheme's movements, every record tagged with the scheme's id.
// Schemes start anywhere in the history, so some end weeks before the load: as in a backfill.
// Sizes are modest (5-15 counterparties) and timings spread over days to weeks.
// The planters are in schemes/ (networks, cash, fraud); the moves they share in schemes/moves.mjs.
import { mule, structuring } from "./schemes/cash.mjs";
import { accountTakeover, refundAbuse } from "./schemes/fraud.mjs";
import { cycle, fanIn, fanOut, gatherScatter, layering, scatterGather } from "./schemes/networks.mjs";

/**
 * The typologies: class, instances per 2,000 holders (rounded, at least one), the roles of one
 * instance (drawn) and the planter. The rates keep planted participants under 4.9% of holders on
 * both bench configurations (the independent labelled set's share; docs/methodology/
 * typologies.md#prevalence): the big fans and refund rings are planted once per 2,000 holders.
 */
export const TYPOLOGIES = {
  fan_in: {
    class: "laundering",
    per2000: 1.4,
    roles: (r) => ["hub", ...Array(r.int(5, 12)).fill("feeder")],
    plant: fanIn,
  },
  fan_out: {
    class: "laundering",
    per2000: 1.4,
    roles: (r) => ["hub", ...Array(r.int(5, 12)).fill("sink")],
    plant: fanOut,
  },
  cycle: {
    class: "laundering",
    per2000: 2.6,
    roles: (r) => ["origin", ...Array(r.int(1, 5)).fill("intermediary")],
    plant: cycle,
  },
  scatter_gather: {
    class: "laundering",
    per2000: 1.4,
    roles: (r) => ["source", ...Array(r.int(3, 8)).fill("intermediary"), "sink"],
    plant: scatterGather,
  },
  gather_scatter: {
    class: "laundering",
    per2000: 1.4,
    roles: (r) => [...Array(r.int(3, 6)).fill("source"), "hub", ...Array(r.int(3, 6)).fill("sink")],
    plant: gatherScatter,
  },
  layering: {
    class: "laundering",
    per2000: 2,
    roles: (r) => ["source", ...Array(r.int(1, 4)).fill("intermediary"), "sink"],
    plant: layering,
  },
  structuring: {
    class: "laundering",
    per2000: 3,
    roles: (r) => ["subject", ...Array(r.int(0, 3)).fill("smurf")],
    plant: structuring,
  },
  mule: { class: "laundering", per2000: 6, roles: () => ["mule"], plant: mule },
  account_takeover: { class: "fraud", per2000: 5, roles: () => ["victim"], plant: accountTakeover },
  refund_abuse: {
    class: "fraud",
    per2000: 1.4,
    roles: (r) => ["merchant", ...Array(r.int(2, 4)).fill("accomplice")],
    plant: refundAbuse,
  },
};

/**
 * The rates before planted positives were held under 4.9% of holders (5.75% at 2,000 x 75, 6.4%
 * at 3,000 x 90): `DETECT_RATES=before node bench/detection.mjs ...` loads that benchmark.
 */
export const RATES_BEFORE_PREVALENCE = {
  fan_in: 2,
  fan_out: 2,
  cycle: 3,
  scatter_gather: 2,
  gather_scatter: 2,
  refund_abuse: 2,
};
