// The detection benchmark's data: a tenant's holders living ordinary lives over a history of
// 60-90 days, legitimate look-alikes (busy market stalls, merchants, payroll, susu groups,
// agents' float), planted laundering and fraud schemes, and the labels. Pure and deterministic:
// the same options give the same records. docs/methodology/typologies.md describes it.
import { ABROAD, background, clip } from "./background.mjs";
import { createHolders, holderRecords, outsider } from "./holders.mjs";
import { createLedger, DAY_MS } from "./ledger.mjs";
import { agentFloat, merchantSettlement, susu } from "./lookalikes.mjs";
import { cedis, stream } from "./random.mjs";
import { TYPOLOGIES } from "./typologies.mjs";

export const DEFAULTS = { holders: 2000, days: 75, seed: 7, end: Date.UTC(2026, 0, 15) };

const EMPLOYERS = [
  "Controller and Accountant-General's Dept",
  "Ghana Health Service",
  "Ghana Education Service",
  "MTN Ghana Ltd",
  "Zoomlion Ghana Ltd",
  "Newmont Ghana",
].map((name, k) => ({ name, account: `PAYROLL-${k + 1}` }));
const SUPPLIERS = [
  "Kasapreko Distributors",
  "Unilever Distributors",
  "Nestle Depot",
  "Fan Milk Depot",
  "Guinness Depot",
  "Tema Cold Store",
  "Olam Agro",
].map((name, k) => ({ name, account: `GH-BANK-SUP-${k + 1}` }));
const WHOLESALERS = [
  "Makola Yam Wholesale",
  "Agbogbloshie Onion Market",
  "Kumasi Tomato Traders",
  "Techiman Grain Store",
  "Tema Fish Wholesale",
  "Okaishie Provisions",
].map((name, k) => ({ name, account: `02400000${k + 10}` }));
const FINANCIERS = [
  "Cocoa LBC Finance",
  "Agricultural Development Bank",
  "Opportunity Savings and Loans",
].map((name, k) => ({ name, account: `GH-BANK-FIN-${k + 1}` }));
const BIG_PAYEES = [
  { name: "Landlord", what: "Rent advance" },
  { name: "Achimota School", what: "School fees" },
  { name: "Ridge Hospital", what: "Hospital bill" },
];

const POOL = new Set(["salaried", "informal", "trader", "market_woman"]);
const lookalike = (kind, role) => ({ class: "lookalike", kind, role });

/** Who deals with whom: agents, family and friends, shops, employer, buyers and suppliers. */
function relate(holders, r, days, start) {
  const by = (p) => holders.filter((h) => h.population === p);
  const agents = by("agent");
  const merchants = by("merchant");
  const stalls = by("stall");
  const employers = by("employer");
  const individuals = holders.filter((h) => h.type === "individual" && !h.population.startsWith("mule"));
  const people = (n) => r.sample(individuals, n);
  const outsiders = (n) => Array.from({ length: n }, () => outsider(r));
  for (const h of holders) {
    h.homeAgents = r.sample(agents, r.int(1, 2));
    h.circle = people(r.int(1, 4)).filter((x) => x !== h);
    h.contacts = outsiders(r.int(1, 3));
    h.shops = r.sample(merchants, r.int(1, 3));
    h.stalls = r.sample(stalls, r.int(0, 2));
    h.billDay = r.int(1, 28);
    h.payday = r.int(24, 28);
    h.weekday = r.int(0, 6);
    if (h.population === "newcomer" || h.population === "returner")
      h.behaviour = r.chance(0.6) ? "salaried" : "informal";
    if (h.population === "newcomer") h.activeFrom = Math.max(0, days - r.int(5, 45));
    if (h.population === "returner") {
      h.activeFrom = Math.max(0, days - r.int(10, 30));
      h.prehistory = Array.from({ length: r.int(3, 8) }, () => start - r.uniform(60, 180) * DAY_MS);
    }
    const salaried = (h.behaviour ?? h.population) === "salaried";
    if (salaried) {
      h.salary = cedis(clip(r.logNormal(2500, 0.5), 800, 15000));
      if (h.population === "salaried" && employers.length && r.chance(0.4)) {
        h.employer = r.pick(employers);
        h.employer.staff = [...(h.employer.staff ?? []), h];
      } else h.externalEmployer = r.pick(EMPLOYERS);
      if (r.chance(0.1))
        h.remittance = {
          day: r.int(1, 28),
          median: r.uniform(300, 1500),
          from: { ...outsider(r), country: r.pick(ABROAD) },
        };
      if (r.chance(0.35)) {
        h.bigDay = r.int(0, days - 1);
        const payee = r.pick(BIG_PAYEES);
        h.bigPayee = {
          ...payee,
          account: `GH-BANK-${payee.name.slice(0, 4).toUpperCase()}-${r.int(1, 999)}`,
        };
      }
    }
    if (h.population === "trader") {
      h.buyers = [...people(r.int(3, 8)), ...outsiders(r.int(5, 12))];
      h.suppliers = r.sample(SUPPLIERS, r.int(1, 2));
      if (r.chance(0.3)) h.suppliers.push(r.pick(by("trader")));
    }
    if (h.population === "market_woman") {
      h.buyers = [...people(r.int(2, 5)), ...outsiders(r.int(1, 4))];
      h.suppliers = r.sample(WHOLESALERS, r.int(1, 2));
    }
    if (h.population === "stall") {
      h.buyers = outsiders(r.int(60, 150));
      h.suppliers = r.sample(WHOLESALERS, r.int(1, 3));
    }
    if (h.population === "merchant") {
      h.buyers = outsiders(r.int(20, 50));
      h.suppliers = r.sample(SUPPLIERS, r.int(1, 3));
      h.bank = { name: h.name, account: `GH-BANK-${h.customer}` };
    }
    if (h.population === "seasonal")
      h.peak = {
        from: r.int(0, Math.max(0, days - 30)),
        days: r.int(14, 28),
        budget: cedis(r.uniform(20_000, 120_000)),
        financier: r.pick(FINANCIERS),
        buyer: {
          name: r.pick(["Ghana Cocoa Board", "Accra Poultry Market", "School Supplies Ltd"]),
          account: `GH-BANK-BUY-${r.int(1, 99)}`,
        },
        payees: [...outsiders(r.int(4, 18)), ...people(r.int(1, 6))],
      };
  }
  for (const e of employers) {
    e.staff = [
      ...(e.staff ?? []),
      ...Array.from({ length: r.int(0, 12) }, () => ({
        ...outsider(r),
        salary: cedis(r.logNormal(2000, 0.4)),
      })),
    ];
    e.revenue = Math.max(5000, (e.staff.reduce((a, s) => a + s.salary, 0) / 100) * 0.4);
    e.clients = Array.from({ length: r.int(2, 6) }, (_, k) => ({
      name: `Client ${k + 1} of ${e.name}`,
      account: `GH-BANK-${e.customer}-CL${k + 1}`,
    }));
    e.suppliers = r.sample(SUPPLIERS, r.int(1, 3));
  }
  return { agents, merchants, individuals };
}

/** Susu groups of 5-12 ordinary holders: two rotating for one with a collector. */
function susuGroups(holders, r, scale) {
  const eligible = r.shuffle(holders.filter((h) => POOL.has(h.population) && h.label.class === "normal"));
  return Array.from({ length: Math.max(1, Math.round(5 * scale)) }, (_, g) => {
    const kind = g % 3 === 2 ? "collector" : "rotating";
    const members = eligible.splice(0, r.int(5, 12));
    members.forEach((m, i) => {
      m.label = {
        ...lookalike("susu", kind === "collector" && i === 0 ? "collector" : "member"),
        group: `G${g + 1}`,
      };
    });
    const contribution =
      kind === "rotating"
        ? cedis(clip(r.logNormal(200, 0.5), 50, 600))
        : cedis(clip(r.logNormal(30, 0.5), 5, 100));
    return { id: `G${g + 1}`, kind, members, contribution, weekday: r.int(0, 6) };
  });
}

/** The schemes: per typology its instances, each with participants recruited from ordinary holders. */
function recruit(holders, r, scale, days, rates) {
  const pool = r.shuffle(holders.filter((h) => POOL.has(h.population) && h.label.class === "normal"));
  const take = (test) => {
    const at = pool.findIndex(test);
    if (at < 0) throw new Error("not enough ordinary holders for the planted schemes: use more holders");
    return pool.splice(at, 1)[0];
  };
  const mules = holders.filter((h) => h.population.startsWith("mule"));
  const merchants = r.shuffle(holders.filter((h) => h.population === "merchant"));
  const schemes = [];
  for (const [typology, def] of Object.entries(TYPOLOGIES))
    for (let k = 0; k < Math.max(1, Math.round((rates[typology] ?? def.per2000) * scale)); k++) {
      const roles = def.roles(r);
      const members = roles.map((role) => {
        if (role === "mule") return mules.shift();
        if (role === "merchant") return merchants.shift();
        if (role === "victim") return take((h) => h.population === "salaried");
        return take(() => true);
      });
      const id = `S${String(schemes.length + 1).padStart(2, "0")}`;
      members.forEach((m, i) => {
        m.label = { class: def.class, typology, role: roles[i], scheme: id };
      });
      if (typology === "structuring")
        for (let a = r.int(1, 2); a > 0; a--)
          members[0].accounts.push(`${members[0].customer}-A${members[0].accounts.length + 1}`);
      if (typology === "mule") {
        const m = members[0];
        m.muleStart = r.uniform(1, days - 8);
        if (m.population === "mule_dormant")
          m.prehistory = Array.from({ length: r.int(2, 5) }, () => m.muleStart - r.uniform(95, 250));
        m.activeFrom = days;
      }
      schemes.push({ id, typology, class: def.class, roles, members });
    }
  return schemes;
}

/**
 * Generates the benchmark: `holders` holders (including the mule accounts) over `days` days
 * ending at `end` (ms), from `seed`. `rates` (typology -> instances per 2,000 holders) overrides
 * the typologies' own, e.g. RATES_BEFORE_PREVALENCE for the denser benchmark of before.
 */
export function generate(options = {}) {
  const { holders: count, days, seed, end, rates = {} } = { ...DEFAULTS, ...options };
  const start = end - days * DAY_MS;
  const scale = count / 2000;
  const muleCount = Math.max(1, Math.round((rates.mule ?? TYPOLOGIES.mule.per2000) * scale));
  const holders = createHolders(
    stream(seed, "holders"),
    count,
    Array.from({ length: muleCount }, (_, k) => (k % 2 ? "mule_dormant" : "mule_new")),
  );
  for (const h of holders) {
    if (h.population === "agent") h.label = lookalike("agent_float", "agent");
    if (h.population === "merchant" || h.population === "stall")
      h.label = lookalike("market_trader", h.population);
    if (h.population === "employer") h.label = lookalike("payroll", "employer");
    if (h.population.startsWith("mule")) h.behaviour = "mule";
  }
  const { agents } = relate(holders, stream(seed, "relations"), days, start);
  const groups = susuGroups(holders, stream(seed, "susu"), scale);
  const schemes = recruit(holders, stream(seed, "recruit"), scale, days, rates);
  for (const h of holders)
    if (h.prehistory && h.population === "mule_dormant")
      h.prehistory = h.prehistory.map((d) => start + d * DAY_MS);

  const L = createLedger({ start, end });
  const ctx = {
    L,
    start,
    days,
    agents,
    victims: holders.filter((h) => h.type === "individual" && h.label.class === "normal"),
  };
  for (const h of holders) background(h, stream(seed, `bg:${h.id}`), ctx);
  for (const g of groups) susu(g, stream(seed, `susu:${g.id}`), ctx);
  for (const s of schemes) {
    Object.assign(s, { params: TYPOLOGIES[s.typology].plant(ctx, stream(seed, `scheme:${s.id}`), s) });
  }
  for (const h of holders)
    if (h.population === "merchant") merchantSettlement(h, stream(seed, `settle:${h.id}`), ctx);
  for (const a of agents) agentFloat(a, stream(seed, `float:${a.id}`), ctx);

  return {
    options: { holders: count, days, seed, end, start },
    ...holderRecords(holders, start),
    transactions: L.records,
    owners: L.owner,
    schemeOf: L.scheme,
    holders: holders.map((h) => ({
      id: h.id,
      customer: h.customer,
      accounts: h.accounts,
      name: h.name,
      population: h.population,
      label: h.label,
      ...(h.agentId ? { agentId: h.agentId } : {}),
      ...(h.merchantName ? { merchantName: h.merchantName } : {}),
    })),
    schemes: schemes.map((s) => ({
      id: s.id,
      typology: s.typology,
      class: s.class,
      members: s.members.map((m, i) => ({ holder: m.id, role: s.roles[i] })),
      ...s.params,
    })),
    susu: groups.map((g) => ({
      id: g.id,
      kind: g.kind,
      contribution: g.contribution,
      members: g.members.map((m) => m.id),
    })),
  };
}
