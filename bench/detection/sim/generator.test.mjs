import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "../ledger.mjs";
import { generateSim, PROFILES } from "./generator.mjs";
import { CASH_DECLARED } from "./population.mjs";

const END = Date.UTC(2026, 0, 15);
const data = generateSim({ profile: "sim", seed: Number(process.env.DETECT_SEED ?? 7), end: END });
const digest = (d) => createHash("sha256").update(JSON.stringify(d)).digest("hex");
const at = (t) => Date.parse(t.transactionDate);
const accountOwner = new Map(data.holders.flatMap((h) => h.accounts.map((a) => [a, h.id])));
const byId = new Map(data.holders.map((h) => [h.id, h]));
/** Transfers between holders (the payer's debit leg), with payer, payee and scheme. */
const transfers = data.transactions
  .map((t, i) => ({ t, owner: data.owners[i], scheme: data.schemeOf[i] }))
  .filter(({ t }) => t.category === "transfer" && t.type === "debit")
  .map(({ t, owner, scheme }) => ({
    from: owner,
    to: accountOwner.get(t.counterpartyAccount),
    amount: Number(t.amount),
    at: at(t),
    scheme,
  }));
const cashLegs = data.transactions.filter((t) => t.channel === "cash");
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const within = (x, target, tolerance) => Math.abs(x - target) <= tolerance * target;

describe("second benchmark generator (AMLSim style)", () => {
  it("is deterministic: the same options give the same data, another seed other data", () => {
    const small = { profile: "sim", holders: 300, days: 60, seed: 3, end: END };
    expect(digest(generateSim(small))).toBe(digest(generateSim(small)));
    expect(digest(generateSim({ ...small, seed: 4 }))).not.toBe(digest(generateSim(small)));
  });

  it("matches the first set's published counts: 2,000 holders, 60 days, ~7,300 transfers, ~13,600 cash", () => {
    const p = PROFILES.sim;
    expect(data.holders).toHaveLength(2000);
    expect(data.options.days).toBe(60);
    expect(within(transfers.length, 7277, 0.05)).toBe(true);
    expect(within(cashLegs.length, 13608, 0.05)).toBe(true);
    // Sparse: a few transfers per holder; amounts a log-normal of a few thousand cedis.
    expect(transfers.length / data.holders.length).toBeLessThan(5);
    const m = median(transfers.map((x) => x.amount));
    expect(within(m, p.amountMedian, 0.15)).toBe(true);
    // Cash is small: its median well under a transfer's.
    expect(median(cashLegs.map((t) => Number(t.amount)))).toBeLessThan(m / 4);
    // Every holder declares an occupation or business; every record is dated in the history.
    expect(data.customers.every((c) => typeof c.vertical === "string" && c.vertical.length)).toBe(true);
    for (const t of data.transactions) {
      expect(at(t)).toBeGreaterThanOrEqual(data.options.start);
      expect(at(t)).toBeLessThan(END);
      expect(t.amount).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it("is a random graph with a few busy hubs: most holders have a few counterparties, none more than ~18 by transfer", () => {
    const peers = new Map();
    for (const x of transfers.filter((x) => !x.scheme)) {
      for (const [a, b] of [
        [x.from, x.to],
        [x.to, x.from],
      ]) {
        const set = peers.get(a) ?? new Set();
        set.add(b);
        peers.set(a, set);
      }
    }
    const degrees = [...peers.values()].map((s) => s.size);
    expect(median(degrees)).toBeLessThanOrEqual(5);
    expect(Math.max(...degrees)).toBeGreaterThanOrEqual(12);
    // Payroll staff and a trader's customers aside, a hub's payers are capped.
    const ordinaryIn = new Map();
    for (const x of transfers.filter((x) => !x.scheme && byId.get(x.to).label.class === "normal")) {
      const set = ordinaryIn.get(x.to) ?? new Set();
      set.add(x.from);
      ordinaryIn.set(x.to, set);
    }
    expect(Math.max(...[...ordinaryIn.values()].map((s) => s.size))).toBeLessThanOrEqual(20);
  });

  it("plants 98 launderers in 4-10 member patterns of the five typologies, 56 acting 31-60 days before the load", () => {
    const launderers = data.holders.filter((h) => h.label.class === "laundering");
    expect(launderers).toHaveLength(98);
    expect(new Set(data.schemes.map((s) => s.typology))).toEqual(
      new Set(["fan_in", "fan_out", "cycle", "scatter_gather", "gather_scatter"]),
    );
    for (const s of data.schemes) {
      expect(s.members.length).toBeGreaterThanOrEqual(4);
      expect(s.members.length).toBeLessThanOrEqual(10);
      const moves = transfers.filter((x) => x.scheme === s.id);
      const spread = (Math.max(...moves.map((x) => x.at)) - Math.min(...moves.map((x) => x.at))) / DAY_MS;
      expect(spread).toBeLessThanOrEqual(20);
      // Every member moves money in its pattern, every label names the pattern.
      for (const m of s.members) {
        expect(moves.some((x) => x.from === m.holder || x.to === m.holder)).toBe(true);
        expect(byId.get(m.holder).label).toMatchObject({ typology: s.typology, role: m.role, scheme: s.id });
      }
    }
    const lastMove = (h) =>
      Math.max(...transfers.filter((x) => x.scheme === h.label.scheme).map((x) => x.at));
    const older = launderers.filter((h) => END - lastMove(h) > 30 * DAY_MS).length;
    expect(Math.abs(older - 56)).toBeLessThanOrEqual(4);
  });

  it("draws pattern amounts from the ordinary transfers' family, with at most a small reduction per hop", () => {
    const planted = transfers.filter((x) => x.scheme).map((x) => x.amount);
    const ordinary = transfers.filter((x) => !x.scheme).map((x) => x.amount);
    const ratio = median(planted) / median(ordinary);
    expect(ratio).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.8);
    for (const s of data.schemes.filter((s) => s.typology === "cycle")) {
      const moves = transfers.filter((x) => x.scheme === s.id).sort((a, b) => a.at - b.at);
      const origin = s.members[0].holder;
      expect(moves[0].from).toBe(origin);
      expect(moves.at(-1).to).toBe(origin);
      for (let i = 1; i < moves.length; i++) {
        expect(moves[i].from).toBe(moves[i - 1].to);
        expect(moves[i].amount / moves[i - 1].amount).toBeGreaterThan(0.94);
        expect(moves[i].amount).toBeLessThanOrEqual(moves[i - 1].amount + 0.01);
      }
    }
    for (const s of data.schemes.filter((s) => s.typology === "scatter_gather")) {
      const moves = transfers.filter((x) => x.scheme === s.id);
      const sink = s.members.at(-1).holder;
      for (const m of s.members.filter((m) => m.role === "intermediary")) {
        const got = moves.find((x) => x.to === m.holder);
        const passed = moves.find((x) => x.from === m.holder && x.to === sink);
        expect(passed.at).toBeGreaterThanOrEqual(got.at);
        expect(passed.amount / got.amount).toBeGreaterThan(0.94);
      }
    }
  });

  it("gives most launderers with a non-cash declared business cash out of line with it", () => {
    const eligible = data.holders.filter(
      (h) => h.label.class === "laundering" && !CASH_DECLARED.has(h.declared),
    );
    const outOfLine = eligible.filter((h) => h.outOfLineCash);
    expect(outOfLine.length / eligible.length).toBeGreaterThan(0.6);
    expect(data.holders.filter((h) => h.outOfLineCash && h.label.class !== "laundering")).toHaveLength(0);
  });

  it("has legitimate look-alikes: payroll fan-out, a trader paid by many, susu cycles", () => {
    const kinds = new Map();
    for (const h of data.holders.filter((h) => h.label.class === "lookalike"))
      kinds.set(h.label.kind, (kinds.get(h.label.kind) ?? 0) + 1);
    expect(kinds.get("payroll")).toBe(10);
    expect(kinds.get("market_trader")).toBe(15);
    expect(kinds.get("susu")).toBeGreaterThanOrEqual(25);
    const employer = data.holders.find((h) => h.label.kind === "payroll");
    expect(
      new Set(transfers.filter((x) => x.from === employer.id).map((x) => x.to)).size,
    ).toBeGreaterThanOrEqual(5);
  });

  it("sim-large: 4,000 holders, 90 days, 151 launderers, larger amounts at the same rate per holder and day", () => {
    const large = generateSim({ profile: "sim-large", end: END });
    expect(large.holders).toHaveLength(4000);
    expect(large.holders.filter((h) => h.label.class === "laundering")).toHaveLength(151);
    expect(within(large.counts.transfers, 7277 * 3, 0.05)).toBe(true);
    const amounts = large.transactions
      .filter((t) => t.category === "transfer" && t.type === "debit")
      .map((t) => Number(t.amount));
    expect(median(amounts)).toBeGreaterThan(2 * median(transfers.map((x) => x.amount)));
  });
});
