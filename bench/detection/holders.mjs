// The holders of the benchmark's tenant: who they are (population, declared business, accounts,
// agent or merchant identity) and whom they deal with (home agents, family and friends, employer,
// suppliers). A holder is one customer with its accounts (and, for an agent, its agent record).
import { agentRecord } from "./ledger.mjs";

const FIRST = [
  "Kwame",
  "Kofi",
  "Kwaku",
  "Yaw",
  "Kojo",
  "Kwabena",
  "Kwesi",
  "Ama",
  "Akosua",
  "Abena",
  "Esi",
  "Efua",
  "Adwoa",
  "Afua",
  "Yaa",
  "Akua",
  "Nana",
  "Ekow",
  "Fiifi",
  "Mawuli",
  "Selorm",
  "Delali",
  "Eyram",
  "Edem",
  "Ibrahim",
  "Abdul",
  "Fatima",
  "Amina",
  "Zainab",
  "Mohammed",
  "Issah",
  "Rashida",
  "Seth",
  "Emmanuel",
  "Grace",
  "Comfort",
  "Patience",
  "Gifty",
  "Mercy",
  "Joseph",
  "Isaac",
  "Samuel",
  "Daniel",
  "Priscilla",
  "Joyce",
  "Felicia",
  "Stephen",
  "Richard",
  "Vida",
  "Dorcas",
];
const LAST = [
  "Mensah",
  "Owusu",
  "Boateng",
  "Asante",
  "Osei",
  "Agyeman",
  "Appiah",
  "Amoah",
  "Ofori",
  "Darko",
  "Addo",
  "Quaye",
  "Tetteh",
  "Lamptey",
  "Nkrumah",
  "Danso",
  "Sarpong",
  "Acheampong",
  "Frimpong",
  "Adjei",
  "Antwi",
  "Bonsu",
  "Yeboah",
  "Kumi",
  "Gyamfi",
  "Annan",
  "Quartey",
  "Agbeko",
  "Ahiable",
  "Abubakar",
  "Iddrisu",
  "Mahama",
  "Alhassan",
  "Fuseini",
  "Amponsah",
  "Badu",
  "Nyarko",
  "Opoku",
  "Ansah",
  "Kyei",
];
const SHOP_NAMES = [
  "God First",
  "Blessed",
  "Nyame Dua",
  "Adom",
  "Abundant Grace",
  "Jesus Cares",
  "Onyame Bekyere",
  "Sika",
  "Peace",
  "Fafa",
  "Unity",
  "Royal",
];
const REGIONS = ["Greater Accra", "Ashanti", "Central", "Eastern", "Western", "Volta", "Northern", "Bono"];

/** Populations of ordinary behaviour and their shares of the holders (the rest are salaried). */
export const POPULATION_SHARES = {
  agent: 0.025,
  merchant: 0.025,
  employer: 0.01,
  stall: 0.015, // a market trader paid by many customers (look-alike)
  trader: 0.1,
  market_woman: 0.1,
  seasonal: 0.04,
  newcomer: 0.03,
  returner: 0.01,
  informal: 0.18,
};

const VERTICALS = {
  salaried: [null],
  informal: [null],
  newcomer: [null],
  returner: [null],
  trader: ["general trading", "wholesale trading"],
  market_woman: ["market trading"],
  stall: ["market trading"],
  merchant: ["retail shop", "pharmacy", "chop bar", "hardware", "cosmetics"],
  seasonal: ["cocoa purchasing", "farm inputs", "school uniforms", "poultry"],
  agent: ["mobile money agent"],
  employer: ["construction", "private school", "security services", "hotel"],
};

const pad = (n, w = 5) => String(n).padStart(w, "0");

function personName(r) {
  return `${r.pick(FIRST)} ${r.pick(LAST)}`;
}

function businessName(r, population, vertical) {
  const who = r.chance(0.5) ? r.pick(SHOP_NAMES) : r.pick(LAST);
  if (population === "employer")
    return `${who} ${{ construction: "Construction Ltd", "private school": "International School", "security services": "Security Services", hotel: "Hotel" }[vertical]}`;
  if (population === "agent") return `${who} Mobile Money Services`;
  if (population === "merchant")
    return `${who} ${{ "retail shop": "Provision Store", pharmacy: "Pharmacy", "chop bar": "Chop Bar", hardware: "Hardware", cosmetics: "Cosmetics" }[vertical]}`;
  return `${who} Enterprise`;
}

/**
 * `count` holders with populations drawn to the shares (the order shuffled so that populations
 * interleave), each with one account; agents get an agent record, merchants a merchant name.
 * `extra` holders are appended with the population given (mule accounts, created by the plan).
 */
export function createHolders(r, count, extra = []) {
  const populations = [];
  for (const [population, share] of Object.entries(POPULATION_SHARES))
    for (let i = 0; i < Math.max(1, Math.round(count * share)); i++) populations.push(population);
  while (populations.length < count - extra.length) populations.push("salaried");
  populations.length = count - extra.length;
  const order = [...r.shuffle(populations), ...extra];
  let agents = 0;
  return order.map((population, i) => {
    const vertical = r.pick(VERTICALS[population] ?? [null]);
    const business = ["trader", "merchant", "seasonal", "agent", "employer"].includes(population);
    const id = `H${pad(i)}`;
    const holder = {
      id,
      customer: `C${pad(i)}`,
      accounts: [`C${pad(i)}-A1`],
      name: business ? businessName(r, population, vertical) : personName(r),
      population,
      vertical,
      type: business ? "business" : "individual",
      region: r.pick(REGIONS),
      label: { class: "normal" },
    };
    if (population === "agent") {
      agents++;
      holder.agentId = `AGT${pad(agents, 3)}`;
    }
    if (population === "merchant") holder.merchantName = holder.name;
    return holder;
  });
}

/**
 * When a holder's account was opened (its source system's date: shown, used by no rule): a year
 * before the history for most, when they started for newcomers and new accounts, before their
 * last known activity for dormant ones.
 */
function opened(h, start) {
  if (h.prehistory) return Math.min(...h.prehistory) - 30 * 86_400_000;
  if (h.population === "mule_new") return start + (h.muleStart - 3) * 86_400_000;
  if (h.activeFrom) return start + h.activeFrom * 86_400_000;
  return start - 365 * 86_400_000;
}

/** The customer, account and agent records of the holders (ingest payloads). */
export function holderRecords(holders, start) {
  const customers = [];
  const accounts = [];
  const agents = [];
  for (const h of holders) {
    customers.push({
      externalId: h.customer,
      externalSource: "detect-bench",
      name: h.name,
      type: h.type,
      ...(h.vertical
        ? { vertical: h.vertical, businessInfo: { legalName: h.name, industry: h.vertical } }
        : {}),
    });
    for (const [k, account] of h.accounts.entries())
      accounts.push({
        externalId: account,
        externalSource: "detect-bench",
        customerExternalId: h.customer,
        type: h.population === "agent" ? "wallet" : k === 0 ? "current" : "savings",
        currency: "GHS",
        currentBalance: "0.00",
        createdAt: new Date(opened(h, start)).toISOString(),
      });
    if (h.agentId) agents.push(agentRecord(h, start, "detect-bench", h.region));
  }
  return { customers, accounts, agents };
}

/** Someone outside the tenant with a mobile-money wallet (a unique number per draw). */
export function outsider(r, tag) {
  return {
    name: personName(r),
    account: `0${r.pick(["24", "54", "55", "20", "27", "50"])}${String(r.int(0, 9_999_999)).padStart(7, "0")}${tag ?? ""}`,
  };
}
