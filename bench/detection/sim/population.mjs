// The second generator's holders (docs/methodology/typologies.md#a-second-generator): written as
// an outsider would build a labelled set with a multi-agent laundering simulator (AMLSim /
// AMLworld style), not from our own populations. Every holder is one account with a declared
// occupation or business; a few are mobile money agents (the cash points). Nothing here knows
// our rules' thresholds.
import { agentRecord } from "../ledger.mjs";

const GIVEN = ["Kofi", "Ama", "Yaw", "Esi", "Kwame", "Akua", "Kojo", "Abena", "Ibrahim", "Mercy"];
const FAMILY = ["Mensah", "Owusu", "Boateng", "Asante", "Tetteh", "Addo", "Iddrisu", "Quaye"];

/** Declared occupations of individuals (AMLworld gives every holder one). */
export const OCCUPATIONS = [
  "teacher",
  "nurse",
  "civil servant",
  "student",
  "driver",
  "artisan",
  "hairdresser",
  "IT consultant",
  "accountant",
  "farmer",
  "market trader",
  "pensioner",
];

/** Declared businesses of the business holders. */
export const BUSINESSES = [
  "retail shop",
  "pharmacy",
  "construction",
  "consultancy",
  "general trading",
  "transport",
  "private school",
  "real estate",
  "chop bar",
  "electronics wholesale",
];

/**
 * Declared occupations and businesses that live on cash (the generator's own notion: they make
 * more, and larger, cash movements; a launderer declaring one is not given cash out of line).
 */
export const CASH_DECLARED = new Set([
  "market trader",
  "farmer",
  "driver",
  "retail shop",
  "general trading",
  "transport",
  "chop bar",
  "mobile money agent",
]);

/** Business share of the holders and agent share (AMLworld: mostly individuals, a few companies). */
export const SHARES = { business: 0.15, agent: 0.02 };

const pad = (n, w = 5) => String(n).padStart(w, "0");

/**
 * `count` holders, each one customer with one account, a declared occupation or business and a
 * popularity (how many others pick it as a counterparty: a log-normal, with 1% busy hubs) and an
 * activity (how often it pays). Agents are holders too (business "mobile money agent").
 */
export function simHolders(r, count) {
  const agents = Math.max(2, Math.round(count * SHARES.agent));
  const businesses = Math.round(count * SHARES.business);
  const kinds = r.shuffle([
    ...Array(agents).fill("agent"),
    ...Array(businesses).fill("business"),
    ...Array(count - agents - businesses).fill("individual"),
  ]);
  let agentSeq = 0;
  return kinds.map((kind, i) => {
    const declared =
      kind === "agent" ? "mobile money agent" : r.pick(kind === "business" ? BUSINESSES : OCCUPATIONS);
    const person = `${r.pick(GIVEN)} ${r.pick(FAMILY)}`;
    const holder = {
      id: `H${pad(i)}`,
      customer: `C${pad(i)}`,
      accounts: [`C${pad(i)}-A1`],
      kind,
      declared,
      type: kind === "individual" ? "individual" : "business",
      name: kind === "individual" ? person : `${r.pick(FAMILY)} ${declared} ${i}`,
      popularity: r.logNormal(1, 0.8) * (r.chance(0.01) ? 12 : 1),
      activity: r.logNormal(1, 0.7),
      label: { class: "normal" },
    };
    if (kind === "agent") {
      agentSeq++;
      holder.agentId = `SAG${pad(agentSeq, 3)}`;
    }
    return holder;
  });
}

/** The customer, account and agent records of the holders (ingest payloads). */
export function simRecords(holders, start, source) {
  const customers = [];
  const accounts = [];
  const agents = [];
  for (const h of holders) {
    customers.push({
      externalId: h.customer,
      externalSource: source,
      name: h.name,
      type: h.type,
      vertical: h.declared,
      ...(h.type === "business" ? { businessInfo: { legalName: h.name, industry: h.declared } } : {}),
    });
    accounts.push({
      externalId: h.accounts[0],
      externalSource: source,
      customerExternalId: h.customer,
      type: h.kind === "agent" ? "wallet" : "current",
      currency: "GHS",
      currentBalance: "0.00",
      // The simulator's accounts all exist before the simulated period.
      createdAt: new Date(start - 365 * 86_400_000).toISOString(),
    });
    if (h.agentId) agents.push(agentRecord(h, start, source, "Greater Accra"));
  }
  return { customers, accounts, agents };
}
