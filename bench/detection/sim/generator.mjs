// The second benchmark generator (docs/methodology/typologies.md#a-second-generator): a labelled
// tenant built the way a public multi-agent laundering simulator (AMLSim / AMLworld style) builds
// one, written without our populations, background or schemes, to see whether detection tuned on
// bench/detection/generator.mjs generalises. Sparse: a few transfers per holder on a random graph
// with a few busy hubs, amounts a log-normal of a few thousand cedis, small cash at agents, a
// declared occupation or business each. Laundering patterns of 4-10 accounts (fan-in, fan-out,
// cycle, scatter-gather, gather-scatter) with amounts from the same log-normal, spread over 5-20
// days, most of them acting 31-60 days before the load; launderers also move cash out of line
// with their declared business. Legitimate look-alikes: payroll, a trader paid by many, a susu.
// Pure and deterministic. Records through ../ledger.mjs, so the runner loads it unchanged.
import { createLedger, DAY_MS, SOURCE } from "../ledger.mjs";
import { stream } from "../random.mjs";
import { PATTERNS, patternRoles, plantPattern } from "./patterns.mjs";
import { CASH_DECLARED, simHolders, simRecords } from "./population.mjs";

/**
 * The profiles: `sim` matches the published statistics of the first independent set (2,000
 * holders, 60 days, 7,277 transfers, 13,608 cash transactions, 98 launderers, 56 of them acting
 * 31-60 days before the load); `sim-large` the second (4,000 holders, 90 days, larger amounts,
 * 151 launderers), with transfers and cash at the first set's rate per holder and day.
 * Counts scale with holders x days (launderers with holders) when other sizes are asked for.
 */
export const PROFILES = {
  sim: {
    holders: 2000,
    days: 60,
    transfers: 7300,
    cash: 13600,
    launderers: 98,
    older: 56,
    amountMedian: 2500,
    cashMedian: 250,
  },
  "sim-large": {
    holders: 4000,
    days: 90,
    transfers: 21900,
    cash: 40800,
    launderers: 151,
    older: 86,
    amountMedian: 6000,
    cashMedian: 400,
  },
};

/** Shape parameters shared by both profiles (not published: chosen as an outsider would). */
export const SHAPE = {
  amountSigma: 0.8, // log-normal spread of every transfer amount, ordinary or laundering
  cashSigma: 0.8,
  maxInDegree: 18, // no holder in the first set has more than 18 counterparties
  reduceShare: 0.6, // patterns that pass amounts on with a per-hop reduction of 1-5%
  outOfLineCash: 0.75, // launderers with a non-cash declared business who also move cash
  payrollPer2000: 10,
  tradersPer2000: 15,
  susuPer2000: 5,
};

const lookalike = (kind, role, extra = {}) => ({ class: "lookalike", kind, role, ...extra });

/** A weighted picker over `items` (weights >= 0). */
function weighted(r, items, weight) {
  const cumulative = [];
  let total = 0;
  for (const item of items) {
    total += weight(item);
    cumulative.push(total);
  }
  return () => {
    const x = r.uniform(0, total);
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return items[lo];
  };
}

/** Pattern sizes (4-10) summing exactly to `target` launderers, typologies in turn. */
function patternPlan(r, target) {
  const order = r.shuffle(PATTERNS);
  const plan = [];
  let left = target;
  while (left >= 4) {
    const size = left <= 10 ? left : r.int(4, Math.min(10, left - 4));
    plan.push({ typology: order[plan.length % order.length], size });
    left -= size;
  }
  return plan;
}

/**
 * Generates the set: `profile` ("sim" or "sim-large") with optional `holders`, `days`, `seed`
 * and `end` (ms, the load). Returns the shape of ../generator.mjs: records, owners, schemeOf,
 * holders with labels, schemes with their members, roles and days.
 */
export function generateSim(options = {}) {
  const p = PROFILES[options.profile ?? "sim"];
  if (!p) throw new Error(`unknown profile ${options.profile}`);
  const count = options.holders ?? p.holders;
  const days = options.days ?? p.days;
  const seed = options.seed ?? 7;
  const end = options.end ?? Date.UTC(2026, 0, 15);
  const start = end - days * DAY_MS;
  const volume = (count * days) / (p.holders * p.days);
  const launderers = Math.max(4, Math.round((p.launderers * count) / p.holders));
  const olderTarget = Math.round((p.older * launderers) / p.launderers);
  const amountDraw = (r) => () => r.logNormal(p.amountMedian, SHAPE.amountSigma) * 100;

  const holders = simHolders(stream(seed, "sim:holders"), count);
  const agents = holders.filter((h) => h.kind === "agent");
  const people = holders.filter((h) => h.kind !== "agent");
  const rh = stream(seed, "sim:home");
  for (const h of people) h.homeAgents = rh.sample(agents, rh.int(1, 2));

  const L = createLedger({ start, end });
  let transfers = 0;
  const ledger = {
    transfer: (from, to, minor, when, o) => {
      transfers++;
      L.transfer(from, to, Math.max(100, Math.round(minor)), when, o);
    },
  };
  const at = (day) => start + day * DAY_MS;

  // ---- legitimate look-alikes -------------------------------------------------------------
  const rl = stream(seed, "sim:lookalikes");
  const scale = count / 2000;
  const free = rl.shuffle(people.filter((h) => h.label.class === "normal"));
  const takeFree = (test) => {
    const i = free.findIndex(test);
    return i < 0 ? null : free.splice(i, 1)[0];
  };
  const individuals = people.filter((h) => h.type === "individual");
  for (let k = 0; k < Math.round(SHAPE.payrollPer2000 * scale); k++) {
    const employer = takeFree((h) => h.type === "business");
    employer.label = lookalike("payroll", "employer");
    const staff = rl.sample(individuals, rl.int(5, 15)).map((s) => ({
      s,
      salary: rl.logNormal(p.amountMedian, 0.4) * 100,
    }));
    const payday = rl.int(24, 28);
    for (let d = payday; d < days; d += 30)
      for (const { s, salary } of staff) ledger.transfer(employer, s, salary, at(d + rl.uniform(0.3, 0.4)));
  }
  for (let k = 0; k < Math.round(SHAPE.tradersPer2000 * scale); k++) {
    const trader = takeFree((h) => h.type === "business");
    trader.label = lookalike("market_trader", "trader");
    for (const c of rl.sample(people, rl.int(6, 15))) {
      if (c === trader) continue;
      for (let n = rl.int(1, 4); n > 0; n--)
        ledger.transfer(c, trader, rl.logNormal(p.amountMedian / 2, 0.7) * 100, at(rl.uniform(0, days)));
    }
  }
  for (let g = 0; g < Math.round(SHAPE.susuPer2000 * scale); g++) {
    const members = [];
    for (let n = rl.int(5, 8); n > 0; n--) {
      const m = takeFree((h) => h.type === "individual");
      m.label = lookalike("susu", "member", { group: `G${g + 1}` });
      members.push(m);
    }
    const contribution = rl.logNormal(p.amountMedian / 5, 0.3) * 100;
    const first = rl.uniform(0, 7);
    for (let w = 0; first + 7 * w < days; w++) {
      const recipient = members[w % members.length];
      for (const m of members)
        if (m !== recipient)
          ledger.transfer(m, recipient, contribution, at(first + 7 * w + rl.uniform(0, 0.5)));
    }
  }

  // ---- laundering patterns ----------------------------------------------------------------
  const rp = stream(seed, "sim:patterns");
  const recruits = free.filter((h) => h.label.class === "normal");
  const plan = patternPlan(rp, launderers);
  // Which patterns act 31 or more days before the load: whole patterns, up to the target.
  let older = 0;
  for (const s of rp.shuffle(plan))
    if (older + s.size <= olderTarget) {
      s.older = true;
      older += s.size;
    }
  const schemes = plan.map((s, k) => {
    const id = `M${String(k + 1).padStart(3, "0")}`;
    const roles = patternRoles(s.typology, s.size);
    const members = roles.map(() => recruits.shift());
    if (members.some((m) => !m)) throw new Error("not enough holders for the patterns: use more holders");
    const spreadDays = rp.int(5, 20);
    const recentFrom = Math.max(0, days - 30);
    const startDay = s.older
      ? rp.uniform(0, Math.max(0, days - 31 - spreadDays))
      : rp.uniform(recentFrom, Math.max(recentFrom, days - 1 - spreadDays));
    const reduce = rp.chance(SHAPE.reduceShare) ? 1 - rp.uniform(0.01, 0.05) : 1;
    members.forEach((m, i) => {
      m.label = { class: "laundering", typology: s.typology, role: roles[i], scheme: id };
    });
    const scheme = { id, typology: s.typology, roles, members, startDay, spreadDays, reduce };
    const r = stream(seed, `sim:pattern:${id}`);
    scheme.endDay = plantPattern(ledger, r, scheme, { start, amount: amountDraw(r), reduce });
    return scheme;
  });

  // Cash out of line with the declared business: deposits before sending, withdrawals after
  // receiving, several times an ordinary transfer, within the pattern's period.
  let cashLegs = 0;
  const cash = (h, deposit, minor, day, r, tag) => {
    const agent = r.pick(h.homeAgents);
    const o = tag ? { scheme: tag } : {};
    if (deposit) L.cashIn(h, agent, Math.max(100, Math.round(minor)), at(day), o);
    else L.cashOut(h, agent, Math.max(100, Math.round(minor)), at(day), o);
    cashLegs++;
  };
  const SENDERS = new Set(["feeder", "source"]);
  const RECEIVERS = new Set(["beneficiary", "sink"]);
  for (const s of schemes) {
    const r = stream(seed, `sim:cash:${s.id}`);
    s.members.forEach((m, i) => {
      if (CASH_DECLARED.has(m.declared) || !r.chance(SHAPE.outOfLineCash)) return;
      const role = s.roles[i];
      m.outOfLineCash = true;
      for (let n = r.int(3, 6); n > 0; n--) {
        const deposit = SENDERS.has(role) ? true : RECEIVERS.has(role) ? false : r.chance(0.5);
        const day = s.startDay + r.uniform(0, s.spreadDays);
        cash(m, deposit, r.logNormal(2 * p.amountMedian, 0.5) * 100, day, r, s.id);
      }
    });
  }

  // ---- ordinary transfers: a random graph with a few busy hubs ------------------------------
  const rg = stream(seed, "sim:graph");
  const inDegree = new Map();
  const popular = weighted(rg, holders, (h) => h.popularity);
  for (const h of holders) {
    h.partners = [];
    const want = 1 + rg.poisson(1.2);
    for (let tries = 0; h.partners.length < want && tries < 20; tries++) {
      const q = popular();
      if (q === h || h.partners.includes(q) || (inDegree.get(q) ?? 0) >= SHAPE.maxInDegree) continue;
      h.partners.push(q);
      inDegree.set(q, (inDegree.get(q) ?? 0) + 1);
    }
  }
  const payer = weighted(rg, holders, (h) =>
    h.partners.length ? h.activity * (h.kind === "agent" ? 0.3 : 1) : 0,
  );
  const ordinary = Math.max(0, Math.round(p.transfers * volume) - transfers);
  const amount = amountDraw(rg);
  for (let k = 0; k < ordinary; k++) {
    const from = payer();
    ledger.transfer(from, rg.pick(from.partners), amount(), at(rg.uniform(0, days)));
  }

  // ---- ordinary cash at agents: small amounts ----------------------------------------------
  const rc = stream(seed, "sim:cash");
  const casher = weighted(rc, people, (h) => (CASH_DECLARED.has(h.declared) ? 2.5 : 1));
  const cashTarget = Math.max(0, Math.round(p.cash * volume) - cashLegs);
  for (let k = 0; k < cashTarget; k++) {
    const h = casher();
    const deposit = rc.chance(CASH_DECLARED.has(h.declared) ? 0.6 : 0.4);
    cash(h, deposit, rc.logNormal(p.cashMedian, SHAPE.cashSigma) * 100, rc.uniform(0, days), rc, null);
  }

  return {
    options: { profile: options.profile ?? "sim", holders: count, days, seed, end, start },
    ...simRecords(holders, start, SOURCE),
    transactions: L.records,
    owners: L.owner,
    schemeOf: L.scheme,
    counts: { transfers, cash: cashLegs },
    holders: holders.map((h) => ({
      id: h.id,
      customer: h.customer,
      accounts: h.accounts,
      name: h.name,
      population: h.kind,
      declared: h.declared,
      label: h.label,
      ...(h.outOfLineCash ? { outOfLineCash: true } : {}),
      ...(h.agentId ? { agentId: h.agentId } : {}),
    })),
    schemes: schemes.map((s) => ({
      id: s.id,
      typology: s.typology,
      class: "laundering",
      members: s.members.map((m, i) => ({ holder: m.id, role: s.roles[i] })),
      startDay: s.startDay,
      endDay: s.endDay,
      spreadDays: s.spreadDays,
      reduce: s.reduce,
    })),
  };
}
